import Testing
import Containment
@testable import NestboxLua

/// Page curl's spine and double-sided pages (policy Q70): UIPageViewController.h's
/// counts (W20's text with the number required), the spread's geometry, two-page turns
/// by swipe and by code, and the refusals.
@Suite(.checksInvariants) struct PageSpreadTests {
    static func book(_ options: String) -> String {
        """
        local pages = {}
        for i = 1, 8 do pages[i] = ui.ViewController{ name = "p" .. i } end
        local function index(vc) for i, p in ipairs(pages) do if p == vc then return i end end end
        local book = ui.PageViewController{ name = "book", transitionStyle = "pageCurl", \(options),
          dataSource = {
            viewControllerBefore = function(pvc, vc) local i = index(vc); return i > 1 and pages[i - 1] or nil end,
            viewControllerAfter = function(pvc, vc) local i = index(vc); return i < #pages and pages[i + 1] or nil end } }
        local function names() local out = {}; for _, p in ipairs(book.viewControllers) do out[#out + 1] = p.name end; return table.concat(out, ",") end
        local function states(...) local out = {}; for _, i in ipairs{ ... } do out[#out + 1] = pages[i].appearanceState end; return table.concat(out, " ") end

        """
    }

    @Test("a mid spine shows two pages side by side and turns two at a time, asking the data source twice")
    func midSpine() throws {
        let (outcome, out, rt) = try runLua(Self.book("spineLocation = \"mid\"") + """
            print(book.spineLocation, book.isDoubleSided)
            print(pcall(function() book:setViewControllers({ pages[1] }) end))
            book:setViewControllers({ pages[1], pages[2] })
            ui.window.rootViewController = book
            ui.window:makeKeyAndVisible()
            local l, r = pages[1].view.frame, pages[2].view.frame
            print(states(1, 2), r.x - l.x, l.width, r.width, l.height)
            ui.pan{ from = { 350, 400 }, to = { 50, 400 }, steps = 6, duration = 0.3 }
            ui.settle()
            print(names(), states(1, 2, 3, 4), pages[1].parent == nil)
            local finger = ui.pan{ from = { 50, 400 }, to = { 100, 400 }, steps = 2, duration = 0.2, release = false }
            ui.advance(0.2)
            finger:release()
            ui.settle()
            print(names(), states(1, 2, 3, 4), pages[2].parent == nil)
            ui.pan{ from = { 50, 400 }, to = { 350, 400 }, steps = 6, duration = 0.3 }
            ui.settle()
            print(names(), states(1, 2, 3, 4))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            mid\ttrue
            false\ttest:11: NSInvalidArgumentException: The number of view controllers provided (1) doesn't match the number required (2) for the requested transition
            appeared appeared\t196.5\t196.5\t196.5\t852.0
            p3,p4\tdisappeared disappeared appeared appeared\ttrue
            p3,p4\tdisappeared disappeared appeared appeared\ttrue
            p1,p2\tappeared appeared disappeared disappeared

            """)
        let asked = rt.simulation.trace.events.filter { $0.message == "dataSource" }.map { "\($0.event)(\($0.args[0].1.text))" }
        #expect(asked == ["viewControllerAfter(p2)", "viewControllerAfter(p3)", "viewControllerBefore(p3)", "viewControllerBefore(p2)",
                          "viewControllerBefore(p3)", "viewControllerBefore(p2)"])
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning }.isEmpty)
    }

    @Test("double-sided pages at min: a front and its back; only the front is on screen; a turn brings the next pair")
    func doubleSided() throws {
        let (outcome, out, _) = try runLua(Self.book("isDoubleSided = true") + """
            book:setViewControllers({ pages[1], pages[2] })
            ui.window.rootViewController = book
            ui.window:makeKeyAndVisible()
            print(book.spineLocation, states(1, 2), pages[2].parent == book, pages[2].isViewLoaded)
            local done
            book:setViewControllers({ pages[5], pages[6] }, "forward", true, function(finished) done = finished end)
            print(book.isTurning, states(1, 5))
            ui.settle()
            print(names(), states(1, 2, 5, 6), done, pages[1].parent == nil)
            ui.pan{ from = { 350, 400 }, to = { 50, 400 }, steps = 6, duration = 0.3 }
            ui.settle()
            print(names(), states(5, 7, 8))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            min\tappeared disappeared\ttrue\tfalse
            true\tdisappearing appearing
            p5,p6\tdisappeared disappeared appeared disappeared\ttrue\ttrue
            p7,p8\tdisappeared appeared disappeared

            """)
    }

    @Test(arguments: [
        ("local b = ui.PageViewController{ spineLocation = 'mid' }",
         "test:1: NSInvalidArgumentException: Nestbox: spineLocation is only valid for the pageCurl transition style (UIPageViewController.h)"),
        ("local b = ui.PageViewController{ transitionStyle = 'pageCurl', spineLocation = 'mid' }\nb.isDoubleSided = false",
         "test:2: NSInvalidArgumentException: isDoubleSided cannot be false when the spine location is mid (UIPageViewController.h)"),
        ("local b = ui.PageViewController{ transitionStyle = 'pageCurl' }\nlocal _ = b.view\nb.spineLocation = 'max'",
         "test:3: NSInvalidArgumentException: Nestbox: <PageViewController: PageViewController#1>'s spineLocation is set before its view loads (UIKit takes it in init)"),
        ("local b = ui.PageViewController{ transitionStyle = 'pageCurl', spineLocation = 'mid' }\nlocal p = ui.ViewController{}\nb:setViewControllers({ p, p })",
         "test:3: NSInvalidArgumentException: Nestbox: <ViewController: ViewController#1> cannot be both pages of a spread"),
        ("local b = ui.PageViewController{ transitionStyle = 'pageCurl', spineLocation = 'mid' }\nb:setViewControllers({ ui.ViewController{}, ui.ViewController{} })\nb.transitionStyle = 'scroll'",
         "test:3: NSInvalidArgumentException: Nestbox: <PageViewController: PageViewController#1> has 2 page(s) set, and this transitionStyle and spineLocation take 1 (UIPageViewController.h)"),
        ("local b = ui.PageViewController{ transitionStyle = 'pageCurl', spineLocation = 'none' }",
         "test:1: NSInvalidArgumentException: Nestbox: a pageCurl page view controller's spineLocation is min, mid or max (none is the scroll style's)"),
    ])
    func refused(_ source: String, _ message: String) throws {
        #expect(try errorMessage(source) == message)
    }
}
