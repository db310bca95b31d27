import Containment
import NestboxLua
import Rendering
import Testing

/// The ticks the report's page draws itself (policy Q33, ReportSegment): which are, which
/// are taken whole, and the cap on what they add. That the page draws each one as the
/// run would have is `Tests/Browser/report_test.py`'s comparison.
@Suite struct ReportTickTests {
    func report(_ source: String, maxBytes: Int = ReportRecorder.maxBytes) throws -> Report {
        let rt = try LuaRuntime()
        rt.output = { _ in }
        let recorder = ReportRecorder(title: "ticks.lua", maxBytes: maxBytes)
        recorder.install(on: rt.simulation)
        #expect(rt.run(source: source) == .ok)
        recorder.finish(rt.simulation)
        return recorder.report
    }

    static let square = """
        ui.window:makeKeyAndVisible()
        local v = ui.View{ name = "square", frame = { 0, 0, 10, 10 }, backgroundColor = "red", alpha = ALPHA }
        ui.window:addSubview(v)
        ui.animate{ duration = 0.5, animations = function() CHANGE end }
        """

    func ticks(alpha: String = "1", _ change: String) throws -> (ticks: Int, frames: Int) {
        let r = try report(Self.square.replacingOccurrences(of: "ALPHA", with: alpha).replacingOccurrences(of: "CHANGE", with: change))
        return (r.frames.filter { $0.segment != nil }.count, r.frames.count)
    }

    @Test("a move, a resize, a fade and a turn are drawn by the page; a colour is not, nor a view out of the look's sight")
    func whichTicksThePageDraws() throws {
        // 30 ticks in 0.5 s; the one at the animation's end is taken whole (its
        // completion's look at the same instant is the same frame).
        #expect(try ticks("v.frame = { 100, 0, 10, 10 }") == (29, 33))
        #expect(try ticks("v.bounds = { 0, 0, 40, 40 }") == (29, 33))
        #expect(try ticks("v.alpha = 0.2") == (29, 33))
        #expect(try ticks("v.transform = ui.Transform.rotate(1)") == (29, 33))
        #expect(try ticks("v.frame = { 100, 0, 10, 10 }; v.backgroundColor = 'blue'") == (0, 33))
        // At alpha 0 the look draws nothing of the square: the page has nothing to fade
        // in, so the first tick is taken whole, and the page draws the rest from it.
        let fadeIn = try ticks(alpha: "0", "v.alpha = 1")
        #expect(fadeIn == (28, 33), "\(fadeIn)")
        // Nothing moves on screen: no frame at all between the looks.
        #expect(try ticks("v.tag = 2") == (0, 3))
    }

    /// 300 labels faded for 10 s: the look at its start holds their picture, each tick
    /// its instant and one progress; at the cap the capture stops, and says so.
    @Test func pageDrawnTicksStopAtTheCap() throws {
        let source = ReportCapTests.labels("root.view.alpha = 0.5", duration: 10)
        let whole = try report(source)
        #expect(whole.note == nil && whole.frames.filter { $0.segment != nil }.count == 599)
        let cap = whole.stringBytes - 20_000
        let r = try report(source, maxBytes: cap)
        #expect(r.stringBytes <= cap)
        let taken = r.frames.count
        #expect(taken < whole.frames.count && taken > 300, "\(taken) frames")
        #expect(r.frames.last?.segment != nil)
        #expect(r.note == "the report stops at \(taken) frames (\(fixedPoint(r.frames[taken - 1].time)) s): at most 5000 frames and "
                + formatNumber(Double(cap) / Double(1 << 20)) + " MB of text")
    }
}
