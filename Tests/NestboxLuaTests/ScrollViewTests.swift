import Testing
import Containment
@testable import NestboxLua

/// Scroll views as UIKit moves them (docs/layout.md, Scroll views; Q63 to Q65): the
/// adjusted content inset, the drag, the fling's deceleration, paging, the rubber band,
/// the scroll view's own pan recognizer, animated offsets and the tap that stops a fling.
@Suite(.checksInvariants) struct ScrollViewTests {
    /// The delegate events, consecutive didScroll folded into one.
    static func delegateEvents(_ rt: LuaRuntime) -> [String] {
        var out: [String] = []
        for e in rt.simulation.trace.events where e.kind == .delegate {
            if e.event == "didScroll", out.last == "didScroll" { continue }
            out.append(e.event)
        }
        return out
    }

    static let window = """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()

        """

    @Test("a scroll view and a table clip to their bounds by default, as UIKit's; a cell's label fits the table's width")
    func clipsAndCellWidths() throws {
        let (outcome, out, _) = try runLua(Self.window + """
            local s, v = ui.ScrollView{}, ui.View{}
            local t = ui.TableView{ frame = { 0, 0, 120, 300 }, rows = { "One", "Two" } }
            root.view:addSubview(t)
            ui.settle()
            local label = t.subviews[1].subviews[1]
            print(s.clipsToBounds, t.clipsToBounds, v.clipsToBounds, label.frame.x, label.frame.width)
            t.frame = { 0, 0, 200, 300 }
            ui.settle()
            print(t.subviews[1].subviews[1].frame.width)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\ttrue\tfalse\t16.0\t88.0\n168.0\n")
    }

    @Test("a table under a navigation bar starts below it, and a tap on a row's title selects it")
    func tableUnderNavigationBar() throws {
        let (outcome, out, rt) = try runLua("""
            local rows = {}
            for i = 1, 40 do rows[i] = "Row " .. i end
            local List = ui.ViewController:extend("List")
            function List:loadView()
              self.view = ui.TableView{ name = "list.table", rows = rows,
                delegate = { didSelectRow = function(t, row) print("selected", row) end } }
            end
            local list = List{ name = "list" }
            ui.window.rootViewController = ui.NavigationController{ name = "nav", root = list }
            ui.window:makeKeyAndVisible()
            local t = list.view
            local a = t.adjustedContentInset
            print(a.top, a.bottom, t.contentOffset.y, t.contentInset.top)
            ui.tap("Row 1")
            t.contentInsetAdjustmentBehavior = "never"
            print(t.adjustedContentInset.top, t.contentOffset.y)
            """)
        #expect(outcome == .ok, "\(outcome)")
        // iPhone 15: 59 points of status bar and 44 of navigation bar above, 34 below.
        #expect(out == "103.0\t34.0\t-103.0\t0.0\nselected\t1\n0.0\t0.0\n")
        let events = Self.delegateEvents(rt)
        #expect(Array(events.prefix(2)) == ["didChangeAdjustedContentInset", "didScroll"])
    }

    @Test("scrollableAxes adjusts only the axes that scroll; never and always as named; contentInset adds")
    func adjustmentBehaviours() throws {
        let (outcome, out, _) = try runLua(Self.window + """
            local function insets(behaviour, content)
              local s = ui.ScrollView{ frame = { 0, 0, 393, 852 }, contentSize = content,
                contentInset = { 10, 0, 0, 0 }, contentInsetAdjustmentBehavior = behaviour }
              root.view:addSubview(s)
              root.view:layoutIfNeeded()
              local a = s.adjustedContentInset
              print(behaviour, a.top, a.left, a.bottom, a.right, s.contentOffset.y)
              s:removeFromSuperview()
            end
            insets("automatic", { 393, 2000 })
            insets("automatic", { 393, 100 })
            insets("scrollableAxes", { 393, 2000 })
            insets("never", { 393, 2000 })
            insets("always", { 393, 100 })
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            automatic\t69.0\t0.0\t34.0\t0.0\t-69.0
            automatic\t10.0\t0.0\t0.0\t0.0\t-10.0
            scrollableAxes\t69.0\t0.0\t34.0\t0.0\t-69.0
            never\t10.0\t0.0\t0.0\t0.0\t-10.0
            always\t69.0\t0.0\t34.0\t0.0\t-69.0

            """)
    }

    static let list = window + """
        local s = ui.ScrollView{ name = "list", frame = { 0, 0, 300, 400 }, contentSize = { 300, 3000 },
          contentInsetAdjustmentBehavior = "never" }
        root.view:addSubview(s)

        """

    @Test("a fling decelerates to UIKit's projection: willEndDragging, didEndDragging(true), the decay, didEndDecelerating")
    func flingDecelerates() throws {
        let (outcome, out, rt) = try runLua(Self.list + """
            s.delegate = {
              willEndDragging = function(sv, v, target) print("willEnd", v.x, v.y, target.y) end,
              didEndDragging = function(sv, decelerate) print("didEnd", decelerate, sv.isDragging, sv.isDecelerating) end,
              willBeginDecelerating = function(sv) print("decelerating", sv.contentOffset.y) end,
              didEndDecelerating = function(sv) print("rest", sv.contentOffset.y, sv.isDecelerating) end }
            ui.pan{ from = { 100, 300 }, to = { 100, 200 }, steps = 2, duration = 0.1 }
            print(s.isDecelerating, s.isTracking)
            ui.advance(1)
            print(s.contentOffset.y > 400 and s.contentOffset.y < 599)
            ui.advance(4)
            """)
        #expect(outcome == .ok, "\(outcome)")
        // 1,000 points a second for 0.998 a millisecond: 0.998 / 0.002 / 1000 s = 499 points on.
        #expect(out == "willEnd\t0.0\t1.0\t599.0\ndidEnd\ttrue\tfalse\tfalse\ndecelerating\t100.0\ntrue\tfalse\ntrue\nrest\t599.0\tfalse\n")
        #expect(Self.delegateEvents(rt) == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging",
                                            "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        let ends = rt.simulation.trace.events.filter { $0.event == "didEndDecelerating" }.map(\.t)
        #expect(ends.count == 1 && ends[0] > 3.5 && ends[0] < 3.7, "\(ends)")
    }

    @Test("willEndDragging's answer moves where the content stops; a fast rate stops sooner")
    func targetChanged() throws {
        let (outcome, out, _) = try runLua(Self.list + """
            s.decelerationRate = "fast"
            s.delegate = { willEndDragging = function(sv, v, target) print(target.y); return { x = 0, y = 440 } end }
            ui.pan{ from = { 100, 300 }, to = { 100, 200 }, steps = 2, duration = 0.1 }
            ui.settle()
            print(s.contentOffset.y, s.decelerationRate)
            s.delegate = { willEndDragging = function(sv, v, target) return { x = 0, y = 5000 } end }
            ui.pan{ from = { 100, 300 }, to = { 100, 200 }, steps = 2, duration = 0.1 }
            ui.settle()
            print(s.contentOffset.y)
            """)
        #expect(outcome == .ok, "\(outcome)")
        // 0.99 / 0.01 / 1000 s: 99 points on; an answer past the end rests at the end.
        #expect(out == "199.0\n440.0\t0.99\n2600.0\n")
    }

    @Test("a finger that rests before it lifts flings nothing")
    func restedFinger() throws {
        let (outcome, out, rt) = try runLua(Self.list + """
            local finger = ui.pan{ from = { 100, 300 }, to = { 100, 200 }, steps = 2, duration = 0.1, release = false }
            print(s.isTracking, s.isDragging)
            ui.advance(0.2)
            finger:release()
            print(s.contentOffset.y, s.isTracking, s.isDragging, s.isDecelerating)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\ttrue\n100.0\tfalse\tfalse\tfalse\n")
        #expect(Self.delegateEvents(rt) == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging"])
    }

    @Test("past an edge the content follows the finger by UIKit's rubber band and springs back; without bounces it stops")
    func rubberBand() throws {
        let (outcome, out, rt) = try runLua(Self.list + """
            local finger = ui.pan{ from = { 100, 100 }, to = { 100, 210 }, steps = 1, duration = 0.1, release = false }
            print(string.format("%.4f", s.contentOffset.y))
            ui.advance(0.1)
            finger:release()
            print(s.isDecelerating)
            ui.settle()
            print(s.contentOffset.y)
            s.bounces = false
            ui.pan{ from = { 100, 100 }, to = { 100, 210 }, steps = 1, duration = 0.1 }
            print(s.contentOffset.y, s.isDecelerating)
            """)
        #expect(outcome == .ok, "\(outcome)")
        let pulled = (1 - 1 / (110 * 0.55 / 400 + 1)) * 400
        #expect(out == "\(String(format: "%.4f", -pulled))\ntrue\n0.0\n0.0\tfalse\n")
        #expect(Self.delegateEvents(rt).suffix(3) == ["willBeginDragging", "willEndDragging", "didEndDragging"])
    }

    @Test("paging settles on a multiple of the bounds: nearest when slow, the next when quick; willEndDragging is not called")
    func paging() throws {
        let (outcome, out, rt) = try runLua(Self.window + """
            local s = ui.ScrollView{ name = "pager", frame = { 0, 100, 300, 400 }, contentSize = { 900, 400 },
              isPagingEnabled = true, contentInsetAdjustmentBehavior = "never" }
            root.view:addSubview(s)
            local finger = ui.pan{ from = { 250, 300 }, to = { 150, 300 }, steps = 2, duration = 0.1, release = false }
            ui.advance(0.2)
            finger:release()
            ui.settle()
            print(s.contentOffset.x)
            ui.pan{ from = { 250, 300 }, to = { 150, 300 }, steps = 2, duration = 0.1 }
            ui.settle()
            print(s.contentOffset.x)
            ui.pan{ from = { 250, 300 }, to = { 150, 300 }, steps = 2, duration = 0.1 }
            ui.settle()
            print(s.contentOffset.x)
            ui.pan{ from = { 250, 300 }, to = { 150, 300 }, steps = 2, duration = 0.1 }
            ui.settle()
            print(s.contentOffset.x)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "0.0\n300.0\n600.0\n600.0\n")
        #expect(!Self.delegateEvents(rt).contains("willEndDragging"))
    }

    @Test("isScrollEnabled is the pan recognizer's isEnabled; the recognizer's action sees the drag; a subview's pan wins")
    func panRecognizers() throws {
        let (outcome, out, rt) = try runLua(Self.list + """
            local pan = s.panGestureRecognizer
            print(pan == s.gestureRecognizers[1], pan.view == s, pan.isEnabled)
            pan.action = function(g) print("pan", g.state) end
            s.isScrollEnabled = false
            print(pan.isEnabled)
            ui.pan{ from = { 100, 300 }, to = { 100, 200 }, steps = 2, duration = 0.1 }
            pan.isEnabled = true
            print(s.isScrollEnabled, s.contentOffset.y)
            local finger = ui.pan{ from = { 100, 300 }, to = { 100, 200 }, steps = 2, duration = 0.1, release = false }
            ui.advance(0.2)
            finger:release()
            print(s.contentOffset.y)
            local knob = ui.View{ name = "knob", frame = { 0, 100, 300, 100 } }
            s:addSubview(knob)
            knob:addGestureRecognizer(ui.PanGestureRecognizer{ name = "knob.pan", action = function(g) print("knob", g.state) end })
            ui.pan{ from = { 100, 50 }, to = { 100, 150 }, steps = 1, duration = 0.1 }
            print(s.contentOffset.y)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            true\ttrue\ttrue
            false
            true\t0.0
            pan\tbegan
            pan\tchanged
            pan\tchanged
            pan\tended
            100.0
            knob\tbegan
            knob\tended
            100.0

            """)
        let ignored = rt.simulation.trace.events.filter { $0.event == "ignored" }.map { $0.args.map { $0.1.text }.joined(separator: " ") }
        #expect(ignored.count == 1 && ignored[0].contains("no pan gesture recognizer or scroll view"), "\(ignored)")
    }

    @Test("setContentOffset animated takes 0.3 s and ends with didEndScrollingAnimation; at once, it does not")
    func animatedOffset() throws {
        let (outcome, out, rt) = try runLua(Self.list + """
            s.delegate = { didEndScrollingAnimation = function(sv) print("ended", ui.now(), sv.contentOffset.y) end }
            s:setContentOffset({ 0, 200 }, true)
            print(s.contentOffset.y)
            ui.advance(0.15)
            print(s.contentOffset.y > 50 and s.contentOffset.y < 150)
            ui.settle()
            s:setContentOffset({ 0, 50 })
            s:setContentOffset({ 0, 50 }, true)
            print(s.contentOffset.y)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasPrefix("0.0\ntrue\nended\t0.3"), "\(out)")
        #expect(out.hasSuffix("\t200.0\n50.0\n"), "\(out)")
        #expect(Self.delegateEvents(rt).filter { $0 == "didEndScrollingAnimation" }.count == 1)
    }

    @Test("a finger that stops moving content and lifts without dragging leaves it on a page")
    func settlesAfterTouch() throws {
        let (outcome, out, rt) = try runLua(Self.window + """
            local s = ui.ScrollView{ name = "pager", frame = { 0, 100, 300, 400 }, contentSize = { 900, 400 },
              isPagingEnabled = true, contentInsetAdjustmentBehavior = "never" }
            root.view:addSubview(s)
            s:setContentOffset({ x = 300, y = 0 }, true)
            ui.advance(0.15)
            local finger = ui.pan{ from = { 100, 300 }, to = { 103, 300 }, steps = 1, duration = 0.05, release = false }
            local stopped = s.contentOffset.x
            finger:release()
            ui.settle()
            print(stopped > 0 and stopped < 300, s.contentOffset.x, s.isDecelerating)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\t300.0\tfalse\n")
        #expect(!Self.delegateEvents(rt).contains("didEndScrollingAnimation"))
    }

    @Test("a tap on decelerating content stops it and selects nothing")
    func tapStopsFling() throws {
        let (outcome, out, rt) = try runLua(Self.window + """
            local rows = {}
            for i = 1, 100 do rows[i] = "Row " .. i end
            local t = ui.TableView{ name = "t", frame = { 0, 100, 393, 600 }, rows = rows, contentInsetAdjustmentBehavior = "never",
              delegate = { didSelectRow = function(_, row) print("selected", row) end } }
            root.view:addSubview(t)
            ui.pan{ from = { 100, 500 }, to = { 100, 300 }, steps = 2, duration = 0.1 }
            ui.advance(0.5)
            local y = t.contentOffset.y
            ui.tap{ x = 100, y = 400 }
            print(t.isDecelerating, t.contentOffset.y == y)
            ui.advance(1)
            print(t.contentOffset.y == y)
            ui.tap{ x = 100, y = 400 }
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasPrefix("false\ttrue\ntrue\nselected\t"), "\(out)")
        let reasons = rt.simulation.trace.events.filter { $0.event == "ignored" }.map { $0.args.map { $0.1.text }.joined(separator: " ") }
        #expect(reasons.count == 1 && reasons[0].contains("it stopped the scrolling of <TableView: t>"), "\(reasons)")
    }

    @Test("a scroll view and its delegate collected mid-fling leave nothing behind; garbage collected between steps")
    func collectedMidFling() throws {
        let (outcome, out, _) = try runLua(Self.list + """
            s.delegate = { didScroll = function(sv) end, didEndDecelerating = function() print("never") end }
            local pan = s.panGestureRecognizer
            ui.pan{ from = { 100, 300 }, to = { 100, 200 }, steps = 2, duration = 0.1 }
            collectgarbage(); collectgarbage()
            ui.advance(0.5)
            s:removeFromSuperview()
            s = nil
            collectgarbage(); collectgarbage()
            ui.advance(5)
            collectgarbage(); collectgarbage()
            print(pan.view)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "nil\n")
    }

    @Test(arguments: [
        ("local s = ui.ScrollView{}\ns.decelerationRate = 2", "test:2: bad value for property 'decelerationRate' of ScrollView (deceleration rate must be between 0 and 1)"),
        ("local s = ui.ScrollView{}\ns.decelerationRate = 'slow'", "test:2: bad value for property 'decelerationRate' of ScrollView (unknown deceleration rate 'slow' (normal, fast or a number))"),
        ("local s = ui.ScrollView{}\ns.contentInsetAdjustmentBehavior = 'auto'",
         "test:2: bad value for property 'contentInsetAdjustmentBehavior' of ScrollView (unknown content inset adjustment behavior 'auto' (automatic, scrollableAxes, never, always))"),
        ("local s = ui.ScrollView{}\ns.adjustedContentInset = { 1, 2, 3, 4 }", "test:2: property 'adjustedContentInset' of ScrollView is read-only"),
        ("local s = ui.ScrollView{}\ns:setContentOffset({ 0, 0 / 0 })", "test:2: bad argument #1 to 'setContentOffset' (point field 'y' must be a finite number)"),
    ])
    func badValues(_ source: String, _ message: String) throws {
        #expect(try errorMessage(source) == message)
    }
}
