import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// `ui.PageViewController` from Lua, beyond S29 (docs/page.md).
@Suite(.checksInvariants) struct PageBindingTests {
    /// A book of `n` pages made on demand by the data source; `book` on screen at page 1.
    static let book = """
        local made = setmetatable({}, { __mode = "v" })
        local function page(i) local vc = ui.ViewController{ name = "page" .. i }; vc.number = i; made[i] = vc; return vc end
        local function book(options, n)
          options = options or {}
          options.name = "book"
          options.dataSource = {
            viewControllerBefore = function(pvc, vc) if vc.number > 1 then return page(vc.number - 1) end end,
            viewControllerAfter = function(pvc, vc) if vc.number < (n or 3) then return page(vc.number + 1) end end }
          local p = ui.PageViewController(options)
          p:setViewControllers({ page(1) })
          ui.window.rootViewController = p
          ui.window:makeKeyAndVisible()
          ui.settle()
          ui.trace.mark()
          return p
        end

        """

    @Test("first display: a page set in viewDidLoad loads, appears, then gets didMove (L-SO48653763)")
    func firstDisplay() throws {
        let (outcome, _, _) = try runLua("""
            local Book = ui.PageViewController:extend("Book")
            function Book:viewDidLoad() self:setViewControllers({ ui.ViewController{ name = "first" } }) end
            ui.window.rootViewController = Book{ name = "b" }
            ui.window:makeKeyAndVisible()
            ui.expectTrace [[
              b.loadView()
              b.viewDidLoad()
              first.willMove(toParent: b)
              first.loadView()
              first.viewDidLoad()
              b.viewWillAppear(animated: false)
              first.viewWillAppear(animated: false)
              b.viewIsAppearing(animated: false)
              first.viewIsAppearing(animated: false)
              b.viewDidAppear(animated: false)
              first.viewDidAppear(animated: false)
              first.didMove(toParent: b)
            ]]
            """)
        #expect(outcome == .ok, "\(outcome)")
    }

    @Test("setViewControllers animated: forward slides in from after, reverse from before; no delegate calls; completion after 0.3 s")
    func programmatic() throws {
        let (outcome, out, _) = try runLua(Self.book + """
            local p = book()
            p.delegate = { willTransitionTo = function() print("never") end, didFinishAnimating = function() print("never") end }
            local two = ui.ViewController{ name = "two" }
            p:setViewControllers({ two }, "forward", true, function(finished) print("done", finished, ui.now()) end)
            assert(p.isTurning and two.view.frame.x == 786 and p.viewControllers[1] == two)
            ui.settle()
            ui.expectTrace [[
              two.willMove(toParent: book)
              two.loadView()
              two.viewDidLoad()
              two.viewWillAppear(animated: true)
              page1.viewWillDisappear(animated: true)
              two.viewIsAppearing(animated: true)
              two.viewDidAppear(animated: true)
              page1.viewDidDisappear(animated: true)
              page1.willMove(toParent: nil)
              page1.didMove(toParent: nil)
              two.didMove(toParent: book)
            ]]
            assert(not p.isTurning and two.view.frame.x == 393 and p.scrollView.bounds.x == 393)
            local zero = ui.ViewController{ name = "zero" }
            p:setViewControllers({ zero }, "reverse", true)
            assert(zero.view.frame.x == 0)
            ui.settle()
            assert(p.viewControllers[1] == zero and two.parent == nil)
            p:setViewControllers({ two }, "forward", false)
            assert(two.appearanceState == "appeared" and zero.appearanceState == "disappeared" and not p.isTurning)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "done\ttrue\t0.3\n")
    }

    @Test("the delegate gets the pending list, then finished, the previous pages and completed")
    func delegateArguments() throws {
        let (outcome, out, _) = try runLua(Self.book + """
            local p = book({ delegate = {
              willTransitionTo = function(pvc, pending) print("will", pvc.name, #pending, pending[1].name) end,
              didFinishAnimating = function(pvc, finished, previous, completed)
                print("did", pvc.name, finished, #previous, previous[1].name, completed, pvc.viewControllers[1].name) end } })
            ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.2 }
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "will\tbook\t1\tpage2\ndid\tbook\ttrue\t1\tpage1\ttrue\tpage2\n")
    }

    @Test("at either end the data source answers nil: the swipe turns nothing and the delegate hears nothing")
    func ends() throws {
        let (outcome, _, _) = try runLua(Self.book + """
            local p = book({ delegate = { willTransitionTo = function() error("no turn") end } }, 2)
            ui.pan{ from = { 60, 400 }, to = { 300, 400 }, steps = 4, duration = 0.2 }
            ui.settle()
            ui.expectTrace [[
              book.dataSource.viewControllerBefore(page1) -> nil
            ]]
            p.delegate = nil
            ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.2 }
            ui.settle()
            ui.trace.mark()
            ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.2 }
            ui.settle()
            ui.expectTrace [[
              book.dataSource.viewControllerAfter(page2) -> nil
            ]]
            assert(p.viewControllers[1].name == "page2" and #p.children == 1 and p.scrollView.bounds.x == 393)
            """)
        #expect(outcome == .ok, "\(outcome)")
    }

    @Test("a fast short fling completes; a fling back cancels even past half the page (Q42)")
    func fling() throws {
        let (outcome, _, _) = try runLua(Self.book + """
            local p = book()
            ui.pan{ from = { 300, 400 }, to = { 240, 400 }, steps = 2, duration = 0.05 }
            ui.settle()
            assert(p.viewControllers[1].name == "page2", p.viewControllers[1].name)
            local t = ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.4, release = false }
            t:move({ 200, 400 }, { steps = 1, duration = 0.05 })
            t:release()
            ui.settle()
            assert(p.viewControllers[1].name == "page2" and #p.children == 1)
            """)
        #expect(outcome == .ok, "\(outcome)")
    }

    @Test("a vertical page view controller pages with a vertical pan and ignores a horizontal one")
    func vertical() throws {
        let (outcome, _, _) = try runLua(Self.book + """
            local p = book({ navigationOrientation = "vertical", interPageSpacing = 10 })
            assert(p.scrollView.frame.height == 862 and p.scrollView.bounds.y == 862)
            ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.2 }
            ui.settle()
            ui.expectTrace ""
            ui.pan{ from = { 200, 700 }, to = { 200, 200 }, steps = 4, duration = 0.2 }
            ui.settle()
            assert(p.viewControllers[1].name == "page2")
            local v = p.viewControllers[1].view
            assert(v.frame.y == 862 and v.frame.x == 0 and v.frame.height == 852)
            """)
        #expect(outcome == .ok, "\(outcome)")
    }

    @Test("pages made by the data source are collected once they leave; the tables survive collections")
    func garbage() throws {
        let (outcome, out, _) = try runLua(Self.book + """
            local p = book(nil, 1000)
            p.delegate = { didFinishAnimating = function(pvc, f, prev, completed) assert(completed) end }
            for i = 1, 20 do
              collectgarbage(); collectgarbage()
              ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.2 }
              ui.settle()
            end
            collectgarbage(); collectgarbage()
            local alive = 0
            for _ in pairs(made) do alive = alive + 1 end
            print(p.viewControllers[1].name, alive, #p.children)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "page21\t1\t1\n")
    }

    @Test("W20 from Lua: a catchable error with the line")
    func w20() throws {
        let message = try errorMessage("""
            local p = ui.PageViewController{}
            p:setViewControllers({})
            """)
        #expect(message == "test:2: NSInvalidArgumentException: The number of view controllers provided (0) doesn't match the number required (1) for the requested transition")
    }

    @Test("the last change asked for during a turn waits for its end; the ones it replaced complete with false (Q44)")
    func queued() throws {
        let (outcome, out, _) = try runLua(Self.book + """
            local p = book()
            local x = ui.ViewController{ name = "x" }
            p:setViewControllers({ ui.ViewController{ name = "y" } }, "forward", true)
            for i = 1, 1000 do
              p:setViewControllers({ ui.ViewController{ name = "z" .. i } }, "forward", false, function(f) if i == 1 then print("z1 done", f, ui.now()) end end)
            end
            p:setViewControllers({ x }, "reverse", true, function(f) print("x done", f, ui.now()) end)
            assert(p.viewControllers[1].name == "y")
            ui.settle()
            assert(p.viewControllers[1] == x and #p.children == 1)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "z1 done\tfalse\t0.0\nx done\ttrue\t0.6\n")
    }

    @Test("dismissed during an animated turn, the turn ends and the new page disappears with its controller (Q44)")
    func dismissedDuringATurn() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            local p1, p2 = ui.ViewController{ name = "p1" }, ui.ViewController{ name = "p2" }
            local pvc = ui.PageViewController{ name = "pvc" }
            pvc:setViewControllers({ p1 })
            root:present(pvc, false); ui.settle()
            pvc:setViewControllers({ p2 }, "forward", true, function(f) print("turn done", f) end)
            ui.advance(0.1)
            pvc:dismiss(true); ui.settle()
            print(pvc.appearanceState, p1.appearanceState, p2.appearanceState, pvc.viewControllers[1] == p2, p1.parent)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "turn done\ttrue\ndisappeared\tdisappeared\tdisappeared\ttrue\tnil\n")
    }

    @Test("a swipe during a turn is ignored, and the trace says it is the turn (Q44)")
    func swipeDuringATurn() throws {
        let (outcome, out, _) = try runLua(Self.book + """
            local p = book()
            p:setViewControllers({ ui.ViewController{ name = "y" } }, "forward", true)
            ui.advance(0.05)
            ui.trace.mark("swipe")
            ui.pan{ from = { 300, 400 }, to = { 50, 400 } }
            print(ui.trace.text("input"))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.contains(#"input.ignored("pan", reason: "<PageViewController: book> is turning a page (Q44)")"#), "\(out)")
    }
}

extension PageBindingTests {
    @Test("a data source that turns the page by code while asked: that turn wins, the swipe turns nothing")
    func dataSourceTurnsByCode() throws {
        let (outcome, _, _) = try runLua("""
            local a, b, c = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }, ui.ViewController{ name = "c" }
            local p
            p = ui.PageViewController{ name = "p", dataSource = {
              viewControllerAfter = function(pvc, vc) pvc:setViewControllers({ c }, "forward", true); return b end } }
            p:setViewControllers({ a })
            ui.window.rootViewController = p
            ui.window:makeKeyAndVisible()
            ui.pan{ from = { 300, 400 }, to = { 60, 400 }, steps = 4, duration = 0.2 }
            ui.settle()
            assert(p.viewControllers[1] == c and #p.children == 1 and b.parent == nil and b.appearanceState == "disappeared")
            """)
        #expect(outcome == .ok, "\(outcome)")
    }
}

extension PageBindingTests {
    @Test("the first page of a page view controller on screen appears and gets didMove, from viewWillAppear too")
    func firstPageOnScreen() throws {
        let (outcome, _, _) = try runLua("""
            local p = ui.PageViewController{ name = "p" }
            ui.window.rootViewController = p
            ui.window:makeKeyAndVisible()
            ui.trace.mark()
            p:setViewControllers({ ui.ViewController{ name = "one" } })
            ui.expectTrace [[
              one.willMove(toParent: p)
              one.loadView()
              one.viewDidLoad()
              one.viewWillAppear(animated: false)
              one.viewIsAppearing(animated: false)
              one.viewDidAppear(animated: false)
              one.didMove(toParent: p)
            ]]
            local Late = ui.PageViewController:extend("Late")
            function Late:viewWillAppear() if #self.viewControllers == 0 then self:setViewControllers({ ui.ViewController{ name = "two" } }) end end
            ui.trace.mark()
            ui.window.rootViewController = Late{ name = "late" }
            ui.expectTrace [[
              p.viewWillDisappear(animated: false)
              one.viewWillDisappear(animated: false)
              p.viewDidDisappear(animated: false)
              one.viewDidDisappear(animated: false)
              late.loadView()
              late.viewDidLoad()
              late.viewWillAppear(animated: false)
              two.willMove(toParent: late)
              two.loadView()
              two.viewDidLoad()
              two.viewWillAppear(animated: false)
              late.viewIsAppearing(animated: false)
              two.viewIsAppearing(animated: false)
              late.viewDidAppear(animated: false)
              two.viewDidAppear(animated: false)
              two.didMove(toParent: late)
            ]]
            """)
        #expect(outcome == .ok, "\(outcome)")
    }
}
