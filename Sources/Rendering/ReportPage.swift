import Containment

/// The `--report` page's style and script (README.md, Pictures): plain CSS and JavaScript
/// inline, no library and nothing fetched, so the file opens anywhere offline. The data
/// sits between `head` and `tail` in a `<script type="application/json" id="data">`.
enum ReportPage {
    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(Markup.escaped(title)) — Nestbox report</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header><h1>\(Markup.escaped(title))</h1><span id="where"></span><span id="note"></span></header>
        <main>
        <section id="left">
        <div id="stage"><div id="screen"></div><svg id="overlay"></svg></div>
        <input type="range" id="slider" min="0" max="0" value="0" aria-label="frame">
        <div class="help">Slider: frames (events and 60 Hz during animations). ←/→: previous/next event. Click an event or a tick.</div>
        </section>
        <section id="right">
        <div id="timeline"></div>
        <div id="events"></div>
        <div id="panes"><div><h2>Controllers</h2><pre id="controllers"></pre></div><div><h2>Views</h2><pre id="views"></pre></div></div>
        </section>
        </main>

        """
    }

    static let tail = """
        <script>
        \(script)
        </script>
        </body>
        </html>

        """

    static let style = """
        body { margin: 0; font: 13px/1.35 "DejaVu Sans", sans-serif; color: #222; background: #f4f4f6; }
        header { display: flex; gap: 16px; align-items: baseline; padding: 8px 12px; background: #fff; border-bottom: 1px solid #ddd; }
        h1 { font-size: 16px; margin: 0; }
        h2 { font-size: 12px; margin: 4px 0; color: #555; }
        #note { color: #b00; }
        main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; }
        #left { flex: none; }
        #stage { position: relative; border: 1px solid #bbb; background: #fff; line-height: 0; }
        #screen svg { display: block; height: calc(100vh - 130px); min-height: 300px; width: auto; }
        #overlay { position: absolute; left: 0; top: 0; width: 100%; height: 100%; pointer-events: none; }
        #overlay rect { fill: rgba(255, 204, 0, 0.25); stroke: #ff9500; stroke-width: 3; }
        #slider { width: 100%; margin-top: 8px; }
        .help { color: #666; font-size: 11px; max-width: 360px; }
        #right { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
        #timeline { overflow-x: auto; background: #fff; border: 1px solid #ddd; }
        #timeline text { font-size: 10px; fill: #333; }
        .lane { fill: #fafafa; } .lane.odd { fill: #f0f0f3; }
        .slice { cursor: pointer; } .slice.appearing { fill: #34c759; } .slice.disappearing { fill: #af52de; }
        .slice.animation { fill: #007aff; opacity: 0.75; }
        .tick { stroke: #888; stroke-width: 2; cursor: pointer; }
        .tick.containment { stroke: #ff9500; } .tick.delegate { stroke: #5856d6; } .tick.input { stroke: #00a0a0; }
        .tick.warning, .tick.lint, .tick.error { stroke: #ff3b30; stroke-width: 4; }
        .tick.selected { stroke: #000; stroke-width: 4; }
        #cursor { stroke: #ff3b30; stroke-width: 1; }
        #events { height: 180px; overflow-y: auto; background: #fff; border: 1px solid #ddd; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
        .event { padding: 1px 6px; cursor: pointer; white-space: nowrap; }
        .event:hover { background: #eef; }
        .event.warning, .event.lint, .event.error { background: #ffe5e3; color: #a00; }
        .event.current { border-left: 3px solid #007aff; }
        .event.selected { background: #007aff; color: #fff; }
        #panes { display: flex; gap: 8px; }
        #panes > div { flex: 1; min-width: 0; background: #fff; border: 1px solid #ddd; padding: 0 6px; }
        pre { margin: 0 0 6px; font-size: 11px; overflow-x: auto; max-height: 200px; }
        """

    static let script = """
        "use strict";
        const data = JSON.parse(document.getElementById("data").textContent);
        const slider = document.getElementById("slider");
        // The SVG namespace, as the HTML parser gave it to the overlay: the file names
        // no address at all.
        const SVGNS = document.getElementById("overlay").namespaceURI;
        let frame = -1, selected = -1;
        const rows = [];

        function el(name, attrs, parent) {
          const e = document.createElementNS(SVGNS, name);
          for (const k in attrs) e.setAttribute(k, attrs[k]);
          if (parent) parent.appendChild(e);
          return e;
        }

        // The event list: one row per event, warnings and lints marked by their kind.
        const list = document.getElementById("events");
        data.events.forEach((e, i) => {
          const row = document.createElement("div");
          row.className = "event " + e[2];
          row.id = "event-" + e[0];
          row.textContent = "#" + e[0] + "  " + e[1].toFixed(3) + " s  " + e[4];
          row.addEventListener("click", () => select(i));
          list.appendChild(row);
          rows.push(row);
        });

        // The timeline: a lane per object, a column per frame, so the slider and the
        // timeline line up and instants with many events stay apart from 60 Hz ticks.
        const step = Math.max(3, Math.min(24, 900 / Math.max(1, data.frames.length)));
        const label = 140, laneH = 13;
        const width = label + step * data.frames.length + 10;
        const tl = el("svg", { width: width, height: laneH * data.lanes.length + 4, id: "lanes" },
                      document.getElementById("timeline"));
        const x = f => label + step * f + step / 2;
        data.lanes.forEach((name, i) => {
          el("rect", { class: "lane" + (i % 2 ? " odd" : ""), x: 0, y: i * laneH, width: width, height: laneH }, tl);
          el("text", { x: 4, y: i * laneH + 10 }, tl).textContent = name;
        });
        data.slices.forEach(s => {
          const kind = s[3] === "appearing" || s[3] === "disappearing" ? s[3] : "animation";
          const r = el("rect", { class: "slice " + kind, x: x(s[1]) - step / 2, y: s[0] * laneH + 2,
                                 width: Math.max(step, step * (s[2] - s[1] + 1)), height: laneH - 4 }, tl);
          el("title", {}, r).textContent = s[3];
          r.addEventListener("click", () => select(s[4]));
        });
        const ticks = {};
        data.ticks.forEach(t => {
          const e = data.events[t[2]];
          const line = el("line", { class: "tick " + e[2], id: "tick-" + e[0], x1: x(t[1]), x2: x(t[1]),
                                    y1: t[0] * laneH + 2, y2: t[0] * laneH + laneH - 2 }, tl);
          el("title", {}, line).textContent = e[4];
          line.addEventListener("click", () => select(t[2]));
          ticks[t[2]] = line;
        });
        const cursor = el("line", { id: "cursor", y1: 0, y2: laneH * data.lanes.length }, tl);

        function boxes(f) { return JSON.parse(data.strings[data.frames[f][4]]); }

        // The selected event's controller, outlined over the screen where its view is now.
        function outline() {
          const overlay = document.getElementById("overlay");
          overlay.replaceChildren();
          if (selected < 0 || frame < 0) return;
          const who = data.events[selected][3];
          for (const b of boxes(frame)) {
            if (b[0] === who) el("rect", { class: "highlight", "data-controller": who, x: b[1], y: b[2], width: b[3], height: b[4] }, overlay);
          }
        }

        function show(f) {
          f = Math.max(0, Math.min(data.frames.length - 1, f));
          if (f !== frame) {
            frame = f;
            const fr = data.frames[f];
            const screen = document.getElementById("screen");
            screen.innerHTML = data.strings[fr[1]];
            const svg = screen.querySelector("svg"), overlay = document.getElementById("overlay");
            overlay.setAttribute("viewBox", svg.getAttribute("viewBox"));
            document.getElementById("controllers").textContent = data.strings[fr[2]];
            document.getElementById("views").textContent = data.strings[fr[3]];
            document.getElementById("where").textContent = "frame " + (f + 1) + " of " + data.frames.length + ", t = " + fr[0].toFixed(3) + " s";
            slider.value = f;
            slider.setAttribute("value", f);
            cursor.setAttribute("x1", x(f)); cursor.setAttribute("x2", x(f));
            for (const r of document.querySelectorAll(".event.current")) r.classList.remove("current");
            data.events.forEach((e, i) => { if (e[5] === f) rows[i].classList.add("current"); });
          }
          outline();
        }

        function select(i) {
          if (i < 0 || i >= data.events.length) return;
          if (selected >= 0) {
            rows[selected].classList.remove("selected");
            if (ticks[selected]) ticks[selected].classList.remove("selected");
          }
          selected = i;
          rows[i].classList.add("selected");
          if (ticks[i]) ticks[i].classList.add("selected");
          rows[i].scrollIntoView({ block: "nearest" });
          show(data.events[i][5]);
        }

        slider.max = Math.max(0, data.frames.length - 1);
        slider.addEventListener("input", () => show(Number(slider.value)));
        document.addEventListener("keydown", k => {
          if (k.key === "ArrowRight" || k.key === "ArrowLeft") {
            k.preventDefault();
            select(selected + (k.key === "ArrowRight" ? 1 : -1));
          }
        });
        if (data.note) document.getElementById("note").textContent = data.note;

        // "#event=N" opens the page at the event numbered N (its trace number).
        function fromHash() {
          const m = /event=(\\d+)/.exec(location.hash);
          const i = m ? data.events.findIndex(e => e[0] === Number(m[1])) : -1;
          if (i >= 0) select(i); else show(0);
        }
        window.addEventListener("hashchange", fromHash);
        fromHash();
        """
}
