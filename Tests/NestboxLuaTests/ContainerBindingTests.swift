import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// The containers' API from Lua, beyond the scenarios.
@Suite(.checksInvariants) struct ContainerBindingTests {}

extension ContainerBindingTests {
    @Test("bar button items and the back button, tapped by their titles")
    func barButtons() throws {
        let (outcome, out, _) = try runLua("""
            local inbox = ui.ViewController{ name = "inbox", title = "Inbox" }
            local mail = ui.ViewController{ name = "mail", title = "Mail" }
            mail.navigationItem.rightBarButtonItems = { ui.BarButtonItem{ title = "Edit", action = function(item) print("tapped", item.title) end } }
            local n = ui.NavigationController{ name = "n", root = inbox }
            ui.window.rootViewController = n
            ui.window:makeKeyAndVisible()
            n:pushViewController(mail, true)
            ui.settle()
            assert(n.navigationBar.subviews ~= nil)
            ui.tap("Edit")
            ui.tap("Inbox")                 -- the back button
            ui.settle()
            assert(n.topViewController == inbox and #n.viewControllers == 1)
            n.isNavigationBarHidden = true
            assert(inbox.view.frame.y == 0)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "tapped\tEdit\n")
    }

    @Test("a tab bar controller: an index past its controllers selects nothing; a stranger is refused with UIKit's text")
    func tabSelectionOutOfRange() throws {
        let (outcome, out, _) = try runLua("""
            local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
            local t = ui.TabBarController{ name = "t", viewControllers = { a, b } }
            ui.window.rootViewController = t
            ui.window:makeKeyAndVisible()
            t.selectedIndex = 2
            ui.settle()
            t.selectedIndex = 7
            ui.settle()
            print(t.selectedIndex, t.selectedViewController == b)
            print(pcall(function() t.selectedViewController = ui.ViewController{ name = "zz" } end))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "2\ttrue\nfalse\ttest:10: NSInvalidArgumentException: -[UITabBarController setSelectedViewController:] "
                + "only a view controller in the tab bar controller's list of view controllers can be selected.\n", "\(out)")
    }

    @Test("the navigation delegate's animator and interaction controller")
    func customNavigationTransition() throws {
        let (outcome, out, _) = try runLua("""
            local fade = { transitionDuration = 0.2, animateTransition = function(ctx)
              print("animate", ctx.fromViewController.name, ctx.toViewController.name, ctx.isAnimated)
              local to = ctx:view("to")
              ctx.containerView:addSubview(to)
              to.alpha = 0
              ui.animate{ duration = 0.2, animations = function() to.alpha = 1 end,
                completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
            end, animationEnded = function(completed) print("ended", completed) end }
            local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
            local n = ui.NavigationController{ name = "n", root = a,
              delegate = { animationController = function(nav, operation, from, to) print("asked", operation); return fade end } }
            ui.window.rootViewController = n
            ui.window:makeKeyAndVisible()
            n:pushViewController(b, true)
            ui.advance(0.2)
            assert(b.appearanceState == "appeared" and a.view.superview == nil)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "asked\tpush\nanimate\ta\tb\ttrue\nended\ttrue\n")
    }

    @Test("a custom presentation leaves the presenting side's callbacks alone")
    func customPresentation() throws {
        let (outcome, out, rt) = try runLua("""
            local slide = { transitionDuration = 0.3, animateTransition = function(ctx)
              local to = ctx:view("to")
              if to then ctx.containerView:addSubview(to) end
              ui.animate{ duration = 0.3, animations = function() end, completion = function() ctx:completeTransition(true) end }
            end }
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.trace.mark()
            local m = ui.ViewController{ name = "m", modalPresentationStyle = "custom",
              transitioningDelegate = { animationControllerForPresented = function(presented, presenting, source)
                print("presented", presented.name, presenting.name, source.name); return slide end } }
            root:present(m, true, function() print("done") end)
            ui.settle()
            assert(m.appearanceState == "appeared" and root.appearanceState == "appeared")
            ui.expectTrace [[
              m.loadView()
              m.viewDidLoad()
              m.viewWillAppear(animated: true)
              m.viewIsAppearing(animated: true)
              m.viewDidAppear(animated: true)
            ]]
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "presented\tm\troot\troot\ndone\n")
        #expect(rt.simulation.hierarchyDescription().contains("   + <ViewController: m>, state: appeared"))
    }

    @Test("a table view: rows or a data source, visible cells reused on scroll, didSelectRow on a tap")
    func tableView() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local rows = {}
            for i = 1, 100 do rows[i] = "Row " .. i end
            local t = ui.TableView{ name = "t", frame = { 0, 100, 393, 440 }, rows = rows, rowHeight = 44,
              delegate = { didSelectRow = function(table, row) print("selected", row, table:cellForRow(row).subviews[1].text) end } }
            root.view:addSubview(t)
            ui.settle()
            assert(#t.subviews == 10, #t.subviews)
            local first = t.subviews[1]
            ui.tap("Row 3")
            ui.scroll(t, { x = 0, y = 44 * 50 })
            assert(#t.subviews == 10 and t:cellForRow(51) ~= nil and t:cellForRow(1) == nil)
            local reused = false
            for _, c in ipairs(t.subviews) do if c == first then reused = true end end
            assert(reused, "cells are reused")
            ui.tap("Row 55")
            local count = 0
            local d = ui.TableView{ frame = { 0, 0, 393, 200 },
              dataSource = { numberOfRows = function() return 3 end, cellForRow = function(table, row) count = count + 1; return { text = "Item " .. row } end } }
            root.view:addSubview(d)
            ui.settle()
            assert(d.numberOfRows == 3 and d:cellForRow(3).subviews[1].text == "Item 3")
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "selected\t3\tRow 3\nselected\t55\tRow 55\n")
    }

    @Test("reloadData from inside cellForRow leaves exactly one cell per visible row")
    func reloadInsideCellForRow() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local calls, reloaded = 0, false
            local t
            t = ui.TableView{ frame = { 0, 0, 393, 440 }, rowHeight = 44, contentInsetAdjustmentBehavior = "never",
              dataSource = { numberOfRows = function() return 20 end,
                cellForRow = function(table, row)
                  calls = calls + 1
                  if row == 3 and not reloaded then reloaded = true; table:reloadData() end
                  return "Row " .. row
                end } }
            root.view:addSubview(t)
            ui.settle()
            local seen = {}
            for _, c in ipairs(t.subviews) do
              local text = c.subviews[1].text
              assert(not seen[text], "two cells for " .. text)
              seen[text] = true
            end
            print(#t.subviews, t:cellForRow(3).subviews[1].text, t:cellForRow(10).subviews[1].text, calls)
            """)
        #expect(outcome == .ok, "\(outcome)")
        // rows 1-3, then the reload's 1-10: 13 data source calls, one cell per row
        #expect(out == "10\tRow 3\tRow 10\t13\n")
    }

    @Test("a tiny rowHeight shows at most TableView.maxVisibleCells cells")
    func tinyRowHeight() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local calls = 0
            local t = ui.TableView{ frame = { 0, 0, 393, 852 }, rowHeight = 1e-300,
              dataSource = { numberOfRows = function() return 1e9 end,
                cellForRow = function(table, row) calls = calls + 1; return "Row " .. row end } }
            root.view:addSubview(t)
            ui.settle()
            print(t.numberOfRows, #t.subviews, calls, t:cellForRow(1000) ~= nil, t:cellForRow(1001))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "1000000\t1000\t1000\ttrue\tnil\n")
    }

    @Test("the tab bar delegate's animator; W18 for a detached presenter")
    func tabAnimatorAndDetached() throws {
        let (outcome, out, rt) = try runLua("""
            local fade = { transitionDuration = 0.25, animateTransition = function(ctx)
              local to = ctx:view("to")
              ctx.containerView:insertSubview(to, 1)
              ui.animate{ duration = 0.25, animations = function() end, completion = function() ctx:completeTransition(true) end }
            end }
            local x, y = ui.ViewController{ name = "x", title = "X" }, ui.ViewController{ name = "y", title = "Y" }
            local t = ui.TabBarController{ name = "t", viewControllers = { x, y },
              delegate = { animationController = function(tbc, from, to) print("tab", from.name, to.name); return fade end } }
            ui.window.rootViewController = t
            ui.window:makeKeyAndVisible()
            ui.trace.mark()
            ui.tap("Y")
            ui.advance(0.25)
            ui.expectTrace [[
              t.delegate.shouldSelect(viewController: y) -> true
              y.loadView()
              y.viewDidLoad()
              y.viewWillAppear(animated: true)
              x.viewWillDisappear(animated: true)
              y.viewIsAppearing(animated: true)
              t.delegate.didSelect(viewController: y)
              x.viewDidDisappear(animated: true)
              y.viewDidAppear(animated: true)
            ]]
            local loose = ui.ViewController{ name = "loose" }
            t.view:addSubview(loose.view)
            loose:present(ui.ViewController{ name = "m" }, false)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "tab\tx\ty\n")
        let warnings = rt.simulation.trace.events.filter { $0.kind == .warning }.compactMap(\.message)
        #expect(warnings == ["Presenting view controllers on detached view controllers is discouraged <ViewController: loose>."])
    }

    /// Nobody would call completeTransition: the transition never ended.
    @Test("an animator that cannot animate is the delegate method's error, at the line defining it", arguments: [
        ("""
         local t = ui.TabBarController{ viewControllers = { ui.ViewController{ title = "X" }, ui.ViewController{ title = "Y" } },
           delegate = { animationController = function(tbc, from, to)
             return { transitionDuration = 0.25 } end } }
         ui.window.rootViewController = t
         ui.window:makeKeyAndVisible()
         t.selectedIndex = 2
         """, "test:2: animationController(tbc, from, to) returned an animator without animateTransition"),
        ("""
         local root = ui.ViewController{}
         ui.window.rootViewController = root
         ui.window:makeKeyAndVisible()
         root:present(ui.ViewController{ modalPresentationStyle = "custom", transitioningDelegate = {
           animationControllerForPresented = function() return true end } }, true)
         """, "test:5: animationControllerForPresented(presented, presenting, source) returned a boolean, not an animator table or nil"),
        ("""
         local root = ui.ViewController{}
         ui.window.rootViewController = root
         ui.window:makeKeyAndVisible()
         local m = ui.ViewController{ modalPresentationStyle = "custom", transitioningDelegate = {
           animationControllerForDismissed = function(dismissed) return { animationEnded = function() end } end } }
         root:present(m, false)
         ui.settle()
         root:dismiss(true)
         """, "test:5: animationControllerForDismissed(dismissed) returned an animator without animateTransition"),
        ("""
         local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
         p:addChild(a); p.view:addSubview(a.view); p:addChild(b)
         p:transition{ from = a, to = b, animator = { transitionDuration = 1, animateTransition = "slide" } }
         """, "test:3: bad argument #1 to 'transition' (field 'animator' is an animator without animateTransition)"),
    ])
    func animatorWithoutAnimateTransition(_ source: String, _ expected: String) throws {
        #expect(try errorMessage(source) == expected)
    }

    @Test("badges show on the tab's button and go away")
    func badges() throws {
        let (outcome, _, _) = try runLua("""
            local x = ui.ViewController{ name = "x", title = "Inbox" }
            local t = ui.TabBarController{ viewControllers = { x, ui.ViewController{ title = "Other" } } }
            ui.window.rootViewController = t
            ui.window:makeKeyAndVisible()
            x.tabBarItem.badgeValue = "3"
            local button = t.tabBar.subviews[1]
            assert(#button.subviews == 3 and button.subviews[3].className == "TabBarBadge" and button.subviews[3].text == "3")
            x.tabBarItem.badgeValue = nil
            assert(#button.subviews == 2)
            assert(#t.customizableViewControllers == 2)
            """)
        #expect(outcome == .ok, "\(outcome)")
    }
}

extension ContainerBindingTests {
    @Test("Q15c: a presentation controller and an interactive dismissal, cancelled then finished (Scenarios/interactive-dismissal.lua)")
    func interactiveDismissal() throws {
        let rt = try LuaRuntime()
        var out = ""
        rt.output = { out += $0 }
        let path = SharedTestFiles.scenarios.appendingPathComponent("interactive-dismissal.lua").path
        #expect(rt.run(file: path) == .ok)
        #expect(out == "OK\n")
    }
}

extension ContainerBindingTests {
    @Test("interactivePopGestureRecognizer: the nav's left-edge swipe, read before the view loads; disabled, a swipe pops nothing")
    func interactivePopRecognizer() throws {
        let (outcome, out, _) = try runLua("""
            local nav = ui.NavigationController{ name = "nav", root = ui.ViewController{ name = "a" } }
            local g = nav.interactivePopGestureRecognizer
            print(g.name, g.view == nav.view, g.edges, g.isEnabled)
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            nav:pushViewController(ui.ViewController{ name = "b" }, false); ui.settle()
            g.isEnabled = false
            ui.pan{ from = { 10, 400 }, to = { 300, 400 } }; ui.settle()
            print("disabled", #nav.viewControllers, g.state)
            g.isEnabled = true
            ui.pan{ from = { 10, 400 }, to = { 300, 400 } }; ui.settle()
            print("enabled", #nav.viewControllers)
            ui.setLayoutDirection("rightToLeft")
            print(g.edges)
            g.edges = "left"
            nav:pushViewController(ui.ViewController{ name = "c" }, false); ui.settle()
            ui.pan{ from = { 10, 400 }, to = { 300, 400 } }; ui.settle()
            print("set left, right to left", #nav.viewControllers, g.edges)
            g = nil
            collectgarbage(); collectgarbage()
            print(nav.interactivePopGestureRecognizer == nav.view.gestureRecognizers[1])
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            nav.interactivePopGestureRecognizer\tfalse\tleft\ttrue
            disabled\t2\tpossible
            enabled\t1
            right
            set left, right to left\t1\tleft
            true

            """)
    }
}

extension ContainerBindingTests {
    /// After the turn, a recognizer is `possible` again (Apple's page for `reset()`).
    @Test("a recognizer turned off mid-gesture is cancelled (the pop with it); a drag along the edge does not begin the pop")
    func interactivePopCancelledAndDeclined() throws {
        let (outcome, out, rt) = try runLua("""
            local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
            local nav = ui.NavigationController{ name = "nav", root = a }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            nav:pushViewController(b, false); ui.settle()
            local g = nav.interactivePopGestureRecognizer
            local finger = ui.pan{ from = { 5, 400 }, to = { 200, 400 }, release = false }
            print(g.state)
            g.isEnabled = false
            print(g.state)
            finger:move({ 300, 400 })
            finger:release()
            ui.settle()
            print(g.state, nav.topViewController.name, b.appearanceState, a.appearanceState)
            g.isEnabled = true
            ui.pan{ from = { 5, 400 }, to = { 8, 700 } }; ui.settle()
            print(nav.topViewController.name, g.state)
            nav:popViewController(false); ui.settle()
            ui.pan{ from = { 5, 400 }, to = { 300, 400 } }; ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "changed\ncancelled\npossible\tb\tappeared\tdisappeared\nb\tpossible\n")
        let ignored = rt.simulation.trace.events.filter { $0.event == "ignored" }.map { $0.args.map { $0.1.text }.joined(separator: " ") }
        #expect(ignored == [
            "\"pan\" \"nav.interactivePopGestureRecognizer did not begin: the drag does not move away from its edge\"",
            "\"pan\" \"nav.interactivePopGestureRecognizer did not begin: its delegate refused to begin (a navigation controller's at its root or mid-transition)\"",
        ], "\(ignored)")
    }
}

extension ContainerBindingTests {
    @Test("the pop recognizer turned off from the pop's own viewWillAppear cancels the pop cleanly; reading it loads nothing")
    func popTurnedOffFromInside() throws {
        let (outcome, out, rt) = try runLua("""
            local nav
            local a = ui.ViewController{ name = "a", viewWillAppear = function() nav.interactivePopGestureRecognizer.isEnabled = false end }
            nav = ui.NavigationController{ name = "nav", root = a }
            local g = nav.interactivePopGestureRecognizer
            print(nav.isViewLoaded, g.view)
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            print(g.view == nav.view)
            g.isEnabled = true
            nav:pushViewController(ui.ViewController{ name = "b" }, false); ui.settle()
            local finger = ui.pan{ from = { 5, 400 }, to = { 300, 400 }, release = false }
            finger:release(); ui.settle()
            print(nav.topViewController.name, a.appearanceState, nav.topViewController.appearanceState, g.state)
            g.isEnabled = true
            nav:pushViewController(ui.ViewController{ name = "c" }, false); ui.settle()
            print(#nav.viewControllers, nav.topViewController.name)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "false\tnil\ntrue\nb\tdisappeared\tappeared\tpossible\n3\tc\n", "\(out)")
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning || $0.kind == .lint }.isEmpty)
    }

    @Test("scrolling turned off mid-drag ends the drag, cancelled; the finger's later moves do nothing")
    func scrollTurnedOffMidDrag() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local s = ui.ScrollView{ name = "s", frame = { 0, 0, 393, 600 }, contentSize = { 393, 3000 } }
            root.view:addSubview(s)
            local states = {}
            s.panGestureRecognizer.action = function(g) states[#states + 1] = g.state end
            local finger = ui.pan{ from = { 100, 500 }, to = { 100, 300 }, release = false }
            local y = s.contentOffset.y
            s.isScrollEnabled = false
            finger:move({ 100, 100 })
            finger:release()
            ui.settle()
            print(states[1], states[#states], s.contentOffset.y == y, s.isDragging, s.isDecelerating)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "began\tcancelled\ttrue\tfalse\tfalse\n", "\(out)")
    }
}
