/// The `--report` page's script (README.md, The HTML report). Every pane shows the
/// selected frame: an event's frame is the world right after it. A selected view or
/// controller (from the screen, a tree or an event) stays selected while the frame
/// changes; the URL's hash names the selected event, so a link opens the same view.
extension ReportPage {
    static let script = #"""
        "use strict";
        // One run's data, or a matrix's cells each in its own block, the one shown named
        // by "cell=N" in the hash (the picker reloads the page with another).
        const picker = document.getElementById("cell");
        // A cell the page does not hold (a link from a larger matrix) is the first.
        const cellInHash = () => Number((/cell=(\d+)/.exec(location.hash) || [0, 0])[1]);
        const cell = picker ? (document.getElementById("data-" + cellInHash()) ? cellInHash() : 0) : -1;
        const data = JSON.parse((document.getElementById("data") || document.getElementById("data-" + cell)
                                 || document.getElementById("data-0")).textContent);
        if (picker) {
          picker.value = String(cell);
          picker.addEventListener("change", () => { location.hash = "cell=" + picker.value; location.reload(); });
        }
        const slider = document.getElementById("slider");
        // The SVG namespace, as the HTML parser gave it to an inline element: the file
        // names no address at all.
        const SVGNS = document.getElementById("ns").namespaceURI;
        let frame = -1, selected = -1, step = 0;
        // The view or controller picked on the screen, in a tree or by an event: by name.
        let picked = null;
        const rows = [];

        function el(name, attrs, parent) {
          const e = document.createElementNS(SVGNS, name);
          for (const k in attrs) e.setAttribute(k, attrs[k]);
          if (parent) parent.appendChild(e);
          return e;
        }
        function html(name, attrs, text, parent) {
          const e = document.createElement(name);
          for (const k in attrs) e.setAttribute(k, attrs[k]);
          if (text !== undefined) e.textContent = text;
          if (parent) parent.appendChild(e);
          return e;
        }
        const fr = f => data.frames[f];
        // A frame the page draws (ReportPage+Ticks.swift) has its look's boxes and
        // properties, and its own places.
        const boxes = f => {
          const look = JSON.parse(data.strings[fr(f)[4]]);
          return isTick(f) ? tickBoxes(f, look) : look;
        };
        // A view as the inspector reads it: [name, class, x, y, w, h (on screen), the
        // frame's four numbers, the bounds' four, alpha, the safe area's four, controller,
        // state], from the frame's properties and places.
        const details = f => {
          const places = isTick(f) ? tickPlaces(f) : JSON.parse(data.strings[fr(f)[6]]);
          return JSON.parse(data.strings[fr(f)[5]]).map((p, i) => places[i] && [p[0], p[1], ...places[i], ...p.slice(2)])
                     .filter(v => v);
        };

        // The event list: one row per event, warnings and lints marked by their kind.
        const list = document.getElementById("events");
        data.events.forEach((e, i) => {
          const row = html("div", { class: "event " + e[2], id: "event-" + e[0] },
                           "#" + e[0] + "  " + e[1].toFixed(3) + " s  " + e[4], list);
          row.addEventListener("click", () => select(i));
          rows.push(row);
        });

        // The timeline: a ruler in virtual seconds over a lane per object, a column per
        // frame (an instant's events stay apart); zoom changes the column's width.
        const timeline = document.getElementById("timeline");
        const label = 140, laneH = 13, rulerH = 16;
        const x = f => label + step * f + step / 2;
        let ticks = {}, cursor = null, laneRows = [];
        function drawTimeline() {
          timeline.replaceChildren();
          const width = label + step * data.frames.length + 10;
          const tl = el("svg", { width: width, height: rulerH + laneH * data.lanes.length + 4, id: "lanes" }, timeline);
          el("rect", { class: "ruler", x: 0, y: 0, width: width, height: rulerH }, tl);
          el("text", { x: 4, y: 11, class: "rulelabel" }, tl).textContent = "virtual time";
          // A label where time passes a multiple of the interval, at most one per 60 px.
          const end = data.frames.length ? data.frames[data.frames.length - 1][0] : 0;
          const nice = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 300, 600];
          const interval = nice.find(n => end / n <= Math.max(1, (step * data.frames.length) / 60)) || 600;
          let lastMark = -1, lastX = -1e9;
          data.frames.forEach((f, i) => {
            const mark = Math.floor(f[0] / interval + 1e-9);
            if (mark !== lastMark && x(i) - lastX >= 50) {
              el("line", { class: "rule", x1: x(i), x2: x(i), y1: 10, y2: rulerH }, tl);
              el("text", { class: "rulelabel", x: x(i) + 2, y: 10 }, tl).textContent = +(mark * interval).toFixed(3) + " s";
              lastX = x(i);
            }
            lastMark = mark;
          });
          laneRows = data.lanes.map((name, i) => {
            const g = el("g", { "data-lane": name }, tl);
            el("rect", { class: "lane" + (i % 2 ? " odd" : ""), x: 0, y: rulerH + i * laneH, width: width, height: laneH }, g);
            el("text", { x: 4, y: rulerH + i * laneH + 10 }, g).textContent = name;
            return g;
          });
          data.slices.forEach(s => {
            const kind = s[3] === "appearing" || s[3] === "disappearing" ? s[3] : "animation";
            const r = el("rect", { class: "slice " + kind, x: x(s[1]) - step / 2, y: rulerH + s[0] * laneH + 2,
                                   width: Math.max(step, step * (s[2] - s[1] + 1)), height: laneH - 4 }, laneRows[s[0]]);
            el("title", {}, r).textContent = s[3];
            r.addEventListener("click", () => select(s[4]));
          });
          ticks = {};
          data.ticks.forEach(t => {
            const e = data.events[t[2]];
            const line = el("line", { class: "tick " + e[2] + (t[2] === selected ? " selected" : ""), id: "tick-" + e[0],
                                      x1: x(t[1]), x2: x(t[1]), y1: rulerH + t[0] * laneH + 2, y2: rulerH + t[0] * laneH + laneH - 2 },
                             laneRows[t[0]]);
            el("title", {}, line).textContent = e[4];
            line.addEventListener("click", () => select(t[2]));
            ticks[t[2]] = line;
          });
          cursor = el("line", { id: "cursor", y1: 0, y2: rulerH + laneH * data.lanes.length }, tl);
          if (frame >= 0) { cursor.setAttribute("x1", x(frame)); cursor.setAttribute("x2", x(frame)); }
          applyFilter();
        }
        function zoom(factor) { step = Math.max(1, Math.min(64, step * factor)); drawTimeline(); }
        document.getElementById("zoom-in").addEventListener("click", () => zoom(2));
        document.getElementById("zoom-out").addEventListener("click", () => zoom(0.5));

        // The filter: words match an event's text; kind:K and object:O its kind and object.
        const filterBox = document.getElementById("filter");
        function matches(e) {
          for (const word of filterBox.value.trim().toLowerCase().split(/\s+/)) {
            if (!word) continue;
            if (word.startsWith("kind:")) { if (e[2] !== word.slice(5)) return false; }
            else if (word.startsWith("object:")) { if (!e[3].toLowerCase().includes(word.slice(7))) return false; }
            else if (!e[4].toLowerCase().includes(word)) return false;
          }
          return true;
        }
        function applyFilter() {
          const shown = new Set();
          data.events.forEach((e, i) => {
            const ok = matches(e);
            rows[i].classList.toggle("filtered", !ok);
            if (ticks[i]) ticks[i].classList.toggle("filtered", !ok);
            if (ok) shown.add(e[3]);
          });
          const active = filterBox.value.trim() !== "";
          const ownLane = name => shown.has(name) || [...shown].some(o => name.startsWith(o + " "));
          laneRows.forEach((g, i) => g.classList.toggle("filtered", active && !ownLane(data.lanes[i])));
          // Lanes left are packed: each moves up to its place among the shown ones.
          let k = 0;
          laneRows.forEach(g => {
            const i = laneRows.indexOf(g);
            g.setAttribute("transform", "translate(0," + (k - i) * laneH + ")");
            if (!g.classList.contains("filtered")) k++;
          });
        }
        filterBox.addEventListener("input", applyFilter);

        // The trees: a node per line of a hierarchy, indented by its depth; a node
        // names the view or controller it is about.
        function tree(id, text, kind) {
          const pane = document.getElementById(id);
          pane.replaceChildren();
          for (const line of text.split("\n")) {
            let depth = 0, rest = line;
            while (rest.startsWith("   | ")) { depth++; rest = rest.slice(5); }
            const m = /^<([^:>]+): ([^;>]+)[;>]/.exec(rest);
            const node = html("div", { class: "node", "data-depth": depth }, "  ".repeat(depth) + rest, pane);
            if (m) {
              node.dataset.kind = kind; node.dataset.name = m[2];
              node.addEventListener("click", () => pick({ kind: kind, name: m[2] }));
            }
          }
        }

        // What the screen shows of the picked view or controller: its outline (inside the
        // screen's own drawing, so it is exact at any size) and the inspector's table.
        function outline() {
          const svg = document.querySelector("#screen svg");
          if (!svg || frame < 0) return;
          for (const old of svg.querySelectorAll(".highlight, .picked")) old.remove();
          if (selected >= 0) {
            const who = data.events[selected][3];
            for (const b of boxes(frame)) {
              if (b[0] === who) el("rect", { class: "highlight", "data-controller": who, x: b[1], y: b[2], width: b[3], height: b[4] }, svg);
            }
          }
          const box = pickedBox();
          if (box) el("rect", { class: "picked", "data-name": picked.name, x: box[0], y: box[1], width: box[2], height: box[3] }, svg);
        }
        function pickedView() {
          if (!picked || frame < 0) return null;
          const views = details(frame);
          if (picked.kind === "view") return views.find(v => v[0] === picked.name) || null;
          return null;
        }
        function pickedBox() {
          if (!picked || frame < 0) return null;
          if (picked.kind === "controller") {
            const b = boxes(frame).find(b => b[0] === picked.name);
            return b ? b.slice(1) : null;
          }
          const v = pickedView();
          return v ? v.slice(2, 6) : null;
        }
        function inspect() {
          const out = document.getElementById("inspected");
          out.replaceChildren();
          for (const n of document.querySelectorAll(".node.selected")) n.classList.remove("selected");
          if (!picked) { out.textContent = "Click a view on the screen."; return; }
          for (const n of document.querySelectorAll(".node")) {
            if (n.dataset.kind === picked.kind && n.dataset.name === picked.name) n.classList.add("selected");
          }
          const table = html("table", {}, undefined, out);
          const row = (k, v) => { const r = html("tr", {}, undefined, table); html("td", {}, k, r); html("td", {}, v, r); };
          const rect = (a, i) => "(" + a.slice(i, i + 4).map(n => n === null ? "NaN" : n).join(", ") + ")";
          if (picked.kind === "controller") {
            const line = (data.strings[fr(frame)[2]].split("\n").find(l => l.includes(": " + picked.name + ">")) || "").replace(/^(   \| )*/, "");
            row("controller", picked.name);
            row("in this frame", line || "not in the hierarchy");
            return;
          }
          const v = pickedView();
          row("view", picked.name);
          if (!v) {
            const named = data.strings[fr(frame)[3]].split("\n").some(l => l.includes("<") && l.includes(": " + picked.name + ";"));
            row("in this frame", named ? "not drawn (hidden, clear, or outside the window)" : "no view of that name");
            return;
          }
          row("class", v[1]);
          row("frame", rect(v, 6));
          row("bounds", rect(v, 10));
          row("on screen", rect(v, 2));
          row("alpha", String(v[14]));
          row("hidden", "false (drawn)");
          row("safe area", "top " + v[15] + ", left " + v[16] + ", bottom " + v[17] + ", right " + v[18]);
          row("controller", v[19] === null ? "none" : v[19]);
          row("appearance", v[20] === null ? "-" : v[20]);
        }
        function pick(p) { picked = p; outline(); inspect(); remember(); }

        // The hash names the selection: "#event=N"; "&frame=F" (as "frame F of M" counts)
        // when the slider shows another frame than the event's; and "&view=NAME" or
        // "&controller=NAME".
        function remember() {
          const parts = cell >= 0 ? ["cell=" + cell] : [];
          if (selected >= 0) parts.push("event=" + data.events[selected][0]);
          if (frame >= 0 && (selected < 0 || data.events[selected][5] !== frame)) parts.push("frame=" + (frame + 1));
          if (picked) parts.push(picked.kind + "=" + encodeURIComponent(picked.name));
          history.replaceState(null, "", "#" + parts.join("&"));
        }

        // A click on the screen picks the topmost view under the pointer.
        document.getElementById("screen").addEventListener("click", ev => {
          const svg = document.querySelector("#screen svg");
          if (!svg || frame < 0) return;
          const pt = svg.createSVGPoint();
          pt.x = ev.clientX; pt.y = ev.clientY;
          const p = pt.matrixTransform(svg.getScreenCTM().inverse());
          const views = details(frame);
          for (let i = views.length - 1; i >= 0; i--) {
            const v = views[i];
            if (v[14] !== null && v[14] < 0.01) continue;
            if (p.x >= v[2] && p.x <= v[2] + v[4] && p.y >= v[3] && p.y <= v[3] + v[5]) { pick({ kind: "view", name: v[0] }); return; }
          }
        });

        function show(f) {
          f = Math.max(0, Math.min(data.frames.length - 1, f));
          if (f !== frame) {
            frame = f;
            const screen = document.getElementById("screen");
            screen.innerHTML = data.strings[fr(f)[1]];
            if (isTick(f)) drawTick(screen.querySelector("svg"), f);
            tree("controllers", data.strings[fr(f)[2]], "controller");
            tree("views", data.strings[fr(f)[3]], "view");
            document.getElementById("where").textContent = "frame " + (f + 1) + " of " + data.frames.length + ", t = " + fr(f)[0].toFixed(3) + " s";
            slider.value = f;
            slider.setAttribute("value", f);
            if (cursor) { cursor.setAttribute("x1", x(f)); cursor.setAttribute("x2", x(f)); }
            for (const r of document.querySelectorAll(".event.current")) r.classList.remove("current");
            data.events.forEach((e, i) => { if (e[5] === f) rows[i].classList.add("current"); });
          }
          outline();
          inspect();
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
          remember();
        }

        // The arrow keys step from the frame shown, wherever the slider left it: the
        // next event after it, or the last one before it.
        function stepEvent(forward) {
          if (selected >= 0 && data.events[selected][5] === frame) return select(selected + (forward ? 1 : -1));
          if (forward) return select(data.events.findIndex(e => e[5] > frame));
          for (let i = data.events.length - 1; i >= 0; i--) if (data.events[i][5] < frame) return select(i);
        }

        slider.max = Math.max(0, data.frames.length - 1);
        slider.addEventListener("input", () => { show(Number(slider.value)); remember(); });
        document.addEventListener("keydown", k => {
          if (k.target === filterBox) return;
          if (k.key === "ArrowRight" || k.key === "ArrowLeft") {
            k.preventDefault();
            stepEvent(k.key === "ArrowRight");
          }
        });
        if (data.note) document.getElementById("note").textContent = data.note;
        step = Math.max(3, Math.min(24, 900 / Math.max(1, data.frames.length)));
        drawTimeline();

        // "#event=N" opens the page at the event numbered N (its trace number), "&frame=F"
        // at that frame (the slider's), and "&view=NAME" or "&controller=NAME" with that
        // object picked.
        function fromHash() {
          // Another cell named in the hash (a link pasted, back or forward): its data is
          // another block, read at load, so the page loads again.
          if (picker && /cell=\d+/.test(location.hash) && cellInHash() !== cell && document.getElementById("data-" + cellInHash())) {
            location.reload();
            return;
          }
          const m = /event=(\d+)/.exec(location.hash);
          const f = /frame=(\d+)/.exec(location.hash);
          const o = /(view|controller)=([^&]*)/.exec(location.hash);
          picked = o ? { kind: o[1], name: decodeURIComponent(o[2]) } : null;
          const i = m ? data.events.findIndex(e => e[0] === Number(m[1])) : -1;
          if (i >= 0) select(i); else show(0);
          if (f) show(Number(f[1]) - 1);
          remember();
        }
        window.addEventListener("hashchange", fromHash);
        fromHash();
        """#
}
