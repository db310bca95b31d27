import Containment
import Foundation
import NestboxLua
import Rendering
import Testing

/// The `--report` page in a real browser (README.md, Pictures): headless Chromium opens
/// the sliding menu's report at one event (`#event=N`), and the test reads the DOM after
/// the page's script ran and a screenshot's pixels. `scripts/test` installs `chromium`;
/// only `NESTBOX_BROWSER_TEST=0` on a machine without it skips the test.
@Suite(.serialized) struct ReportBrowserTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let enabled = chromium != nil || ProcessInfo.processInfo.environment["NESTBOX_BROWSER_TEST"] != "0"

    /// The sliding menu's report, built as `nestbox run --report` builds it.
    static func slidingMenuReport() throws -> (report: Report, events: [TraceEvent], html: [UInt8]) {
        let rt = try LuaRuntime()
        rt.output = { _ in }
        let recorder = ReportRecorder(title: "sliding-menu.lua")
        recorder.install(on: rt.simulation)
        let outcome = rt.run(file: repositoryRoot.appendingPathComponent("scripts/examples/sliding-menu.lua").path)
        #expect(outcome == .ok, "\(outcome)")
        recorder.finish(rt.simulation)
        let events = Array(rt.simulation.trace.events)
        return (recorder.report, events, try #require(recorder.report.html(events: events)))
    }

    /// Runs chromium with `arguments`, killed after `seconds`; its standard output.
    static func chromium(_ arguments: [String], seconds: Double = 90) throws -> String {
        let path = try #require(chromium, "chromium is not installed: scripts/test installs it (NESTBOX_BROWSER_TEST=0 skips this test)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=5000",
                       "--user-data-dir=" + FileManager.default.temporaryDirectory.appendingPathComponent("nb-chromium-\(UUID().uuidString.prefix(8))").path]
            + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler { p.terminate() }
        timer.resume()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        timer.cancel()
        #expect(p.terminationReason == .exit && p.terminationStatus == 0, "chromium ended with \(p.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: enabled, "NESTBOX_BROWSER_TEST=0 and no chromium"))
    func theReportOpensAtAnEventInChromium() throws {
        let (report, events, html) = try Self.slidingMenuReport()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nb-report-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("report.html")
        try Data(html).write(to: file)

        // At 1.5 s the tab bar's navigation controller starts to leave (the menu shows):
        // right after its willMove(nil) its view sits 200 points to the right, outlined.
        let event = try #require(events.first { $0.body == "tab.nav.willMove(toParent: nil)" })
        let frame = report.eventFrames[event.seq] ?? report.frame(at: event.t)
        let url = file.absoluteString + "#event=\(event.seq)"
        let dom = try Self.chromium(["--dump-dom", url])
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        #expect(dom.contains(#"<div class="event containment selected current" id="event-\#(event.seq)">#\#(event.seq)  1.500 s  tab.nav.willMove(toParent: nil)</div>"#))
        #expect(dom.contains(#"<input type="range" id="slider" min="0" max="\#(report.frames.count - 1)" value="\#(frame)" aria-label="frame">"#))
        #expect(dom.contains(#"<span id="where">frame \#(frame + 1) of \#(report.frames.count), t = 1.500 s</span>"#))
        let f = report.frames[frame]
        // The trees: a node per line, named by its object.
        #expect(dom.contains(#"<div class="node" data-depth="1" data-kind="controller" data-name="tab.nav">  &lt;NavigationController: tab.nav&gt;, state: appeared"#))
        #expect(dom.contains(#"<div class="node" data-depth="0" data-kind="view" data-name="window">&lt;Window: window; frame = (0 0; 393 852)&gt;</div>"#), "\(dom)")
        #expect(report.strings[f.controllers].contains("<NavigationController: tab.nav>, state: appeared"))
        // The controller's box in that frame, outlined over the screen.
        let boxes = report.strings[f.boxes]
        let box = try #require(boxes.components(separatedBy: #"["tab.nav","#).dropFirst().first?.components(separatedBy: "]").first)
        let xywh = box.split(separator: ",")
        #expect(xywh.count == 4)
        #expect(dom.contains(#"<rect class="highlight" data-controller="tab.nav" x="\#(xywh[0])" y="\#(xywh[1])" width="\#(xywh[2])" height="\#(xywh[3])"></rect>"#))
        #expect(dom.contains(#"<line class="tick containment selected" id="tick-\#(event.seq)""#))
        // The screen is the frame's SVG, in the page.
        #expect(dom.contains(#"<div id="screen"><svg width="393" height="852" viewBox="0 0 393 852""#))

        let shot = dir.appendingPathComponent("shot.png")
        _ = try Self.chromium(["--screenshot=" + shot.path, "--window-size=1200,900", url])
        let png = try Data(contentsOf: shot)
        #expect(png.count > 20_000 && png.count < 2_000_000)
        let pixels = try Pixels(png: [UInt8](png))
        #expect(pixels.width == 1200 && pixels.height == 900)
        var colours = Set<Int>(), outline = 0
        for y in stride(from: 0, to: 900, by: 3) {
            for x in stride(from: 0, to: 1200, by: 3) {
                let (r, g, b, _) = pixels[x: x, y: y]
                colours.insert(r << 16 | g << 8 | b)
                if r > 240, (130...170).contains(g), b < 40 { outline += 1 }
            }
        }
        #expect(colours.count > 50, "the screenshot is not blank")
        #expect(outline > 50, "the selected controller's orange outline is drawn")
    }
}
