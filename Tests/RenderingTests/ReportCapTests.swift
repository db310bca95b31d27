import Containment
import NestboxLua
import Rendering
import Testing

/// Policy Q33's cap holds for the frame that would pass it: the report keeps what fits,
/// says where it stopped, and what it keeps counts in the model's memory meter (so
/// `--max-memory` covers it). The labels' colour animates, so each tick is taken whole
/// (the page draws no animated colour).
@Suite struct ReportCapTests {
    /// 300 labels on a root controller's view, whose properties `change` animates for
    /// `duration` seconds.
    static func labels(_ change: String, duration: Int = 1) -> String {
        """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        for i = 1, 300 do
          root.view:addSubview(ui.Label{ text = "label " .. i, frame = { (i % 30) * 10, (i // 30) * 20, 80, 20 } })
        end
        ui.animate{ duration = \(duration), animations = function() \(change) end }
        """
    }
    static let labels = Self.labels("root.view.alpha = 0.5; root.view.backgroundColor = 'red'")

    @Test func aFrameThatWouldPassTheCapIsNotTaken() throws {
        let rt = try LuaRuntime()
        rt.output = { _ in }
        let cap = 300_000
        let recorder = ReportRecorder(title: "labels.lua", maxBytes: cap)
        let before = rt.simulation.memory.count
        recorder.install(on: rt.simulation)
        #expect(rt.run(source: Self.labels) == .ok)
        recorder.finish(rt.simulation)
        let report = recorder.report
        #expect(report.stringBytes <= cap)
        #expect(report.frames.count >= 1 && report.frames.count < 60, "\(report.frames.count) frames")
        #expect(report.note?.hasPrefix("the report stops at \(report.frames.count) frames (") == true, "\(report.note ?? "no note")")
        #expect(report.note?.hasSuffix("at most 5000 frames and 0.286 MB of text") == true, "\(report.note ?? "no note")")
        // The page writes each string escaped: the cap is on those bytes.
        let html = try #require(report.html(events: Array(rt.simulation.trace.events)))
        #expect(html.count > report.stringBytes)
        #expect(rt.simulation.memory.count - before >= report.stringBytes, "the report's text is counted toward the memory limit")
    }

    /// 300 labels at one instant, each with a print between (which ends a run of view
    /// changes): 600 looks after single events would be taken; they stop at their cap,
    /// the page says from which event, and the capture goes on (the animation's ticks).
    @Test func theLooksAfterSingleEventsAreCapped() throws {
        let rt = try LuaRuntime()
        rt.output = { _ in }
        let recorder = ReportRecorder(title: "labels.lua", maxEventFrames: 20)
        recorder.install(on: rt.simulation)
        let source = Self.labels.replacingOccurrences(of: "80, 20 } })", with: "80, 20 } }); print(i)")
        #expect(source != Self.labels)
        #expect(rt.run(source: source) == .ok)
        recorder.finish(rt.simulation)
        let note = recorder.report.eventNote, capNote = recorder.report.note
        let frames = recorder.report.frames.count, shown = Array(recorder.report.eventFrames.keys)
        #expect(capNote == nil)
        let text = try #require(note)
        let first = try #require(Int(text.split(separator: "#")[1].prefix { $0.isNumber }))
        #expect(text == "from event #\(first) on, an event shows its instant's end (the looks after single events stop at 20 frames or half the text)")
        #expect(shown.allSatisfy { $0 < first })
        // 20 looks after single events, the instant's end, 60 ticks of the animation.
        #expect(frames == 20 + 1 + 60, "\(frames)")
        let html = String(decoding: try #require(recorder.report.html(events: Array(rt.simulation.trace.events))), as: UTF8.self)
        #expect(html.contains("\"note\":\"from event #\(first) on, an event shows its instant's end"))
    }
}

/// The inspector's safe area and controller come down the walk from each parent's: they
/// are what the model answers for each view (`safeAreaInsets`, `nearestViewController`).
@Suite struct InspectorValuesTests {
    @Test func theWalkAgreesWithTheModel() throws {
        let rt = try LuaRuntime()
        rt.output = { _ in }
        #expect(rt.run(file: repositoryRoot.appendingPathComponent("scripts/examples/split-mail.lua").path) == .ok)
        var r = Renderer()
        r.collectsViews = true
        let list = try #require(r.render(rt.simulation))
        var byName: [String: View] = [:]
        var pending: [View] = [rt.simulation.window]
        while let v = pending.popLast() { byName[v.name] = v; pending += v.subviews }
        #expect(list.views.count == 18)
        for info in list.views {
            let v = try #require(byName[info.name])
            #expect(info.safeArea == v.safeAreaInsets, "\(info.name)")
            #expect(info.controller == v.nearestViewController?.name, "\(info.name)")
            #expect(info.frame == v.frame && info.bounds == v.bounds)
        }
    }
}
