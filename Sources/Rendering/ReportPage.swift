import Containment

/// The `--report` page's layout and style (README.md, The HTML report): plain HTML and
/// CSS inline, no library and nothing fetched, so the file opens anywhere offline. The
/// data sits between `head` and `tail` in a `<script type="application/json"
/// id="data">`; the script is ReportPage+Script.swift.
enum ReportPage {
    /// `cells`: the labels of a matrix's cells, for the picker (none for one run).
    static func head(title: String, cells: [String] = []) -> String {
        let picker = cells.isEmpty ? "" : "<select id=\"cell\" aria-label=\"cell\">"
            + cells.enumerated().map { "<option value=\"\($0.offset)\">\(Markup.escaped($0.element))</option>" }.joined()
            + "</select>"
        return """
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
        <header><h1>\(Markup.escaped(title))</h1>\(picker)<span id="where"></span><span id="note"></span>
        <input type="search" id="filter" placeholder="filter: text, kind:lifecycle, object:red" aria-label="filter events"></header>
        <main>
        <section id="left">
        <div id="stage"><div id="screen"></div></div><svg id="ns" width="0" height="0"></svg>
        <input type="range" id="slider" min="0" max="0" value="0" aria-label="frame">
        <div class="help">Each event shows the world right after it. ←/→: previous/next event from the slider's frame. Click the screen, a tree node, an event or a tick.</div>
        <div id="inspector"><h2>Inspector</h2><div id="inspected">Click a view on the screen.</div></div>
        </section>
        <section id="right">
        <div id="timebar"><button id="zoom-out" title="zoom out">−</button><button id="zoom-in" title="zoom in">+</button>
        <span id="legend"><i class="k appearing"></i>appearing <i class="k disappearing"></i>disappearing <i class="k animation"></i>animation
        <b class="t containment"></b>containment <b class="t delegate"></b>delegate <b class="t input"></b>input <b class="t warning"></b>warning, lint, error <b class="t other"></b>other <b class="t cursor"></b>shown frame</span></div>
        <div id="timeline"></div>
        <div id="events"></div>
        <div id="panes"><div><h2>Controllers</h2><div class="tree" id="controllers"></div></div><div><h2>Views</h2><div class="tree" id="views"></div></div></div>
        </section>
        </main>

        """
    }

    static let tail = """
        <script>
        \(ticksScript)
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
        #note { color: #b00; white-space: pre-wrap; }
        #filter { margin-left: auto; width: 280px; }
        main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; }
        #left { flex: none; max-width: 45vw; }
        #stage { border: 1px solid #bbb; background: #fff; line-height: 0; display: inline-block; }
        #screen svg { display: block; height: calc(100vh - 420px); min-height: 280px; max-width: 44vw; width: auto; cursor: crosshair; }
        #screen .highlight { fill: rgba(255, 204, 0, 0.25); stroke: #ff9500; stroke-width: 3; vector-effect: non-scaling-stroke; pointer-events: none; }
        #screen .picked { fill: rgba(0, 122, 255, 0.15); stroke: #007aff; stroke-width: 2; vector-effect: non-scaling-stroke; pointer-events: none; }
        #slider { width: 100%; margin-top: 8px; }
        .help { color: #666; font-size: 11px; max-width: 360px; }
        #inspector { background: #fff; border: 1px solid #ddd; padding: 2px 6px 6px; margin-top: 6px; font-size: 12px; }
        #inspected table { border-collapse: collapse; } #inspected td { padding: 0 8px 0 0; vertical-align: top; }
        #inspected td:first-child { color: #666; }
        #right { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
        #timebar { display: flex; gap: 6px; align-items: center; font-size: 11px; color: #444; }
        #legend i.k { display: inline-block; width: 12px; height: 8px; margin: 0 3px 0 8px; }
        #legend b.t { display: inline-block; width: 3px; height: 10px; margin: 0 3px 0 8px; background: #888; }
        i.appearing { background: #34c759; } i.disappearing { background: #af52de; } i.animation { background: #007aff; }
        b.t.containment { background: #ff9500; } b.t.delegate { background: #5856d6; } b.t.input { background: #00a0a0; }
        b.t.warning { background: #ff3b30; } b.t.cursor { background: #ff3b30; width: 1px; }
        #timeline { overflow-x: auto; background: #fff; border: 1px solid #ddd; }
        #timeline text { font-size: 10px; fill: #333; }
        .ruler { fill: #fff; } .rule { stroke: #bbb; } .rulelabel { fill: #666; }
        .lane { fill: #fafafa; } .lane.odd { fill: #f0f0f3; }
        .slice { cursor: pointer; } .slice.appearing { fill: #34c759; } .slice.disappearing { fill: #af52de; }
        .slice.animation { fill: #007aff; opacity: 0.75; }
        .tick { stroke: #888; stroke-width: 2; cursor: pointer; }
        .tick.containment { stroke: #ff9500; } .tick.delegate { stroke: #5856d6; } .tick.input { stroke: #00a0a0; }
        .tick.warning, .tick.lint, .tick.error { stroke: #ff3b30; stroke-width: 4; }
        .tick.selected { stroke: #000; stroke-width: 4; }
        .filtered { display: none; }
        #cursor { stroke: #ff3b30; stroke-width: 1; }
        #events { height: 180px; overflow-y: auto; background: #fff; border: 1px solid #ddd; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
        .event { padding: 1px 6px; cursor: pointer; white-space: nowrap; }
        .event:hover { background: #eef; }
        .event.warning, .event.lint, .event.error { background: #ffe5e3; color: #a00; }
        .event.current { border-left: 3px solid #007aff; }
        .event.selected { background: #007aff; color: #fff; }
        #panes { display: flex; gap: 8px; }
        #panes > div { flex: 1; min-width: 0; background: #fff; border: 1px solid #ddd; padding: 0 6px; }
        .tree { font-family: "DejaVu Sans Mono", monospace; font-size: 11px; max-height: 220px; overflow: auto; margin-bottom: 6px; }
        .node { white-space: pre; cursor: pointer; border-left: 1px dotted #ccc; }
        .node:hover { background: #eef; } .node.selected { background: #007aff; color: #fff; }
        """
}
