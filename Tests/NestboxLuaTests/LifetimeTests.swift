import Testing
import Containment
import NestboxLua
import InvariantChecking

/// Lifetimes across the boundary (docs/development.md, Lifetimes): a script keeps a sub-object, lets Lua
/// collect its owner, and goes on using it. Each case collected garbage between its
/// steps and used freed memory before; now the sub-object reads as detached, as UIKit's
/// would, and the run ends normally. AddressSanitizer runs these in CI.
@Suite(.checksInvariants) struct LifetimeTests {
    /// A root controller on screen, as most cases need one to tap through.
    static let stage = """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        local function collect() collectgarbage(); collectgarbage() end

        """

    func run(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (String, LuaRuntime) {
        let (outcome, out, rt) = try runLua(Self.stage + body)
        #expect(outcome == .ok, "\(outcome)", sourceLocation: sourceLocation)
        rt.collectGarbage()
        return (out, rt)
    }

    @Test("a sheet built inline survives a collection and dismisses")
    func inlineSheet() throws {
        let (out, rt) = try run("""
            root:present(ui.ViewController{ name = "sheet" }, false)
            ui.settle(); collect()
            print(root.presentedViewController.name)
            root:dismiss(false)
            ui.settle(); collect()
            print(root.presentedViewController)
            """)
        #expect(out == "sheet\nnil\n")
        #expect(rt.simulation.trace.events.filter { $0.kind == .lifecycle }.map(\.body).suffix(2) ==
                ["sheet.viewWillDisappear(animated: false)", "sheet.viewDidDisappear(animated: false)"])
    }

    @Test("a presentation chain dismissed while its middle is collected")
    func presentationChain() throws {
        let (out, _) = try run("""
            root:present(ui.ViewController{ name = "a", modalPresentationStyle = "fullScreen" }, false)
            ui.settle(); collect()
            root.presentedViewController:present(ui.ViewController{ name = "b" }, true)
            collect(); ui.settle(); collect()
            root:dismiss(true, function() print("dismissed") end)
            collect(); ui.settle(); collect()
            print(root.presentedViewController, root.appearanceState)
            """)
        #expect(out == "dismissed\nnil\tappeared\n")
    }

    @Test("a navigation item outlives its controller")
    func navigationItem() throws {
        let (out, _) = try run("""
            local item
            do
              local vc = ui.ViewController{ name = "x", title = "X" }
              item = vc.navigationItem
              print(item.title)
            end
            collect()
            print(item.title)
            item.title = "hello"; item.hidesBackButton = true
            item.rightBarButtonItems = { ui.BarButtonItem{ title = "Edit" } }
            collect()
            print(item.title, item.hidesBackButton, item.rightBarButtonItems[1].title)
            """)
        #expect(out == "X\nnil\nhello\ttrue\tEdit\n")
    }

    @Test("a tab bar item outlives its tab bar")
    func tabBarItem() throws {
        let (out, _) = try run("""
            local item
            do
              local t = ui.TabBarController{ viewControllers = { ui.ViewController{ title = "A" } } }
              _ = t.view
              item = t.viewControllers[1].tabBarItem
            end
            collect()
            item.title = "B"; item.badgeValue = "3"
            print(item.title, item.badgeValue)
            """)
        #expect(out == "B\t3\n")
    }

    @Test("a tab bar outlives its controller and becomes a bare bar")
    func tabBar() throws {
        let (out, _) = try run("""
            local bar
            do
              local t = ui.TabBarController{ viewControllers = { ui.ViewController{ title = "A" }, ui.ViewController{ title = "B" } } }
              _ = t.view
              bar = t.tabBar
              print(pcall(function() bar.items = {} end))
            end
            collect()
            local item = ui.TabBarItem{ title = "C" }
            bar.items = { item }
            bar.selectedItem = item
            print(#bar.items, bar.selectedItem.title, #bar.subviews)
            """)
        #expect(out == "false\ttest:10: NSInternalInconsistencyException: Directly modifying a tab bar managed by a tab bar controller is not allowed.\n1\tC\t1\n")
    }

    @Test("a tab bar's button tapped after its bar is gone")
    func tabBarButton() throws {
        let (out, _) = try run("""
            local button
            do
              local t = ui.TabBarController{ viewControllers = { ui.ViewController{ title = "A" }, ui.ViewController{ title = "B" } } }
              _ = t.view
              button = t.tabBar.subviews[2]
            end
            collect()
            button.frame = { 0, 100, 100, 49 }
            root.view:addSubview(button)
            print(ui.tap(button) == button)
            """)
        #expect(out == "true\n")
    }

    @Test("a navigation bar's back button and item buttons after the controller is gone")
    func navigationBarButtons() throws {
        let (out, _) = try run("""
            local back, edit
            do
              local a = ui.ViewController{ name = "a", title = "A" }
              local b = ui.ViewController{ name = "b", title = "B" }
              b.navigationItem.rightBarButtonItems = { ui.BarButtonItem{ title = "Edit", action = function() print("edit") end } }
              local n = ui.NavigationController{ name = "n", root = a }
              n:pushViewController(b, false)
              local bar = n.navigationBar
              for _, s in ipairs(bar.subviews) do
                if s.title == "A" then back = s elseif s.title == "Edit" then edit = s end
              end
            end
            collect()
            back:sendActions("touchUpInside")
            edit:sendActions("touchUpInside")
            print(back.title, edit.title)
            """)
        #expect(out == "A\tEdit\n")
    }

    @Test("a table cell tapped after its table is gone")
    func tableCell() throws {
        let (out, _) = try run("""
            local cell
            do
              local t = ui.TableView{ rows = { "one", "two" }, frame = { 0, 0, 300, 200 },
                delegate = { didSelectRow = function(_, row) print("row", row) end } }
              root.view:addSubview(t)
              t:layoutIfNeeded()
              cell = t:cellForRow(1)
              t:removeFromSuperview()
            end
            collect()
            root.view:addSubview(cell)
            print(ui.tap(cell) ~= nil)
            """)
        #expect(out == "false\n")
    }

    /// A table's data source (the `rows` list, or a `dataSource` table) lives in the
    /// table's fields: the model's bridge to it holds the table weakly, and the tables
    /// built inline survive collections for as long as the table does.
    @Test("a table's rows and data source, built inline, across collections")
    func tableDataSources() throws {
        let (out, _) = try run("""
            root.view:addSubview(ui.TableView{ name = "list", rows = { "one", { text = "two" }, 3 }, frame = { 0, 0, 300, 200 } })
            collect()
            local t = root.view.subviews[1]
            t:layoutIfNeeded()
            print(t.numberOfRows, t:cellForRow(2).subviews[1].text, t:cellForRow(3).subviews[1].text)
            t.rows = nil
            t.dataSource = { numberOfRows = function(table) return 2 end,
                             cellForRow = function(table, row) return table.name .. " " .. row end }
            collect()
            t:reloadData()
            print(t.numberOfRows, t:cellForRow(1).subviews[1].text, t:cellForRow(2).subviews[1].text)
            t.rows = { "back" }
            collect()
            print(t.numberOfRows, t:cellForRow(1).subviews[1].text)
            t:removeFromSuperview()
            t = nil
            collect()
            """)
        #expect(out == "3\ttwo\t3\n2\tlist 1\tlist 2\n1\tback\n")
    }

    @Test("the More list after its tab bar controller is gone")
    func moreList() throws {
        let (out, _) = try run("""
            local more
            do
              local vcs = {}
              for i = 1, 7 do vcs[i] = ui.ViewController{ title = "T" .. i } end
              local t = ui.TabBarController{ viewControllers = vcs }
              more = t.moreNavigationController.viewControllers[1]
            end
            collect()
            root.view:addSubview(more.view)
            more.view:layoutIfNeeded()
            print(more.view.numberOfRows, #more.view.subviews)
            """)
        #expect(out == "0\t0\n")
    }
}

extension LifetimeTests {
    @Test("a presenter cannot become a child of what it presents, nor presented by it (Q5b)")
    func presentationCycles() throws {
        let (out, _) = try run("""
            local nav = ui.NavigationController{ name = "n", root = ui.ViewController{ name = "top" } }
            root:present(nav, false)
            ui.settle()
            ui.window.rootViewController = ui.ViewController{ name = "other" }
            print(pcall(function() nav:addChild(root) end))
            print(pcall(function() nav.viewControllers[1]:addChild(root) end))
            print(pcall(function() nav:present(root, false) end))
            """)
        let refusal = "NSInvalidArgumentException: Nestbox: cannot"
        #expect(out == """
            false\ttest:9: \(refusal) add <ViewController: root> as a child of <NavigationController: n>: <ViewController: root> already holds <NavigationController: n>, and the two would hold each other
            false\ttest:10: \(refusal) add <ViewController: root> as a child of <ViewController: top>: <ViewController: root> already holds <ViewController: top>, and the two would hold each other
            false\ttest:11: \(refusal) present <ViewController: root> from <NavigationController: n>: <ViewController: root> already holds <NavigationController: n>, and the two would hold each other

            """)
    }

    @Test("nothing a script made outlives its world (found by fuzzing: a presenter made a child of what it presented)")
    func nothingOutlivesTheWorld() throws {
        weak var presenter: SimObject?
        weak var presented: SimObject?
        do {
            let (_, rt) = try run("""
                a = ui.ViewController{ name = "a" }
                nav = ui.NavigationController{ name = "n", root = ui.ViewController{ name = "top" } }
                ui.window.rootViewController = a
                a:present(nav, true)
                ui.window.rootViewController = ui.ViewController{ name = "other" }
                pcall(function() nav:addChild(a) end)
                nav:present(ui.ViewController{ name = "sheet" }, false)
                """)
            presenter = rt.object(global: "a")
            presented = rt.object(global: "nav")
            #expect(presenter != nil && presented != nil)
        }
        #expect(presenter == nil && presented == nil)
    }
}

extension LifetimeTests {
    /// Runs `body` on the stage, checks what it printed, then that the object in global
    /// `name` is freed with its runtime (no cycle keeps it).
    func expectFreed(_ body: String, global name: String, printing output: String,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        weak var object: SimObject?
        do {
            let (out, rt) = try run(body, sourceLocation: sourceLocation)
            #expect(out == output, sourceLocation: sourceLocation)
            object = rt.object(global: name)
            #expect(object != nil, sourceLocation: sourceLocation)
        }
        #expect(object == nil, "\(name) outlived its runtime", sourceLocation: sourceLocation)
    }

    @Test("a container keeps holding a controller a script moved elsewhere, so that one cannot take it as a child (found by fuzzing)")
    func listedControllerCycle() throws {
        try expectFreed("""
            b = ui.ViewController{ name = "b" }
            t = ui.TabBarController{ name = "t" }
            local n = ui.NavigationController{ name = "n", root = ui.ViewController{ name = "r" } }
            t.viewControllers = { b }
            n.viewControllers = { b }
            print(pcall(function() b:addChild(t) end))
            """, global: "t", printing: "false\ttest:10: NSInvalidArgumentException: Nestbox: cannot add <TabBarController: t> as a child of <ViewController: b>: <TabBarController: t> already holds <ViewController: b>, and the two would hold each other\n")
    }

    @Test("customizableViewControllers keeps only the tab bar controller's own controllers (it could list the controller itself, a cycle)")
    func customizableSubset() throws {
        try expectFreed("""
            local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
            t = ui.TabBarController{ name = "t", viewControllers = { a, b } }
            t.customizableViewControllers = { t, b, ui.ViewController{} }
            print(#t.customizableViewControllers, t.customizableViewControllers[1] == b)
            """, global: "t", printing: "1\ttrue\n")
    }
}

extension LifetimeTests {
    @Test("a presentation controller kept in Lua: held by its presented controller while presenting, usable after both are collected")
    func presentationController() throws {
        try expectFreed("""
            local Half = ui.PresentationController:extend("Half")
            function Half:frameOfPresentedViewInContainerView() return { 0, 400, 393, 452 } end
            function Half:presentationTransitionDidEnd(done) print("presented", done, self.tag) end
            function Half:dismissalTransitionDidEnd(done) print("dismissed", done) end
            local made = 0
            root:present(ui.ViewController{ name = "m", modalPresentationStyle = "custom", transitioningDelegate = {
              presentationController = function(presented, presenting, source)
                made = made + 1
                return Half{ name = "half", tag = made }           -- only the presented controller holds it
              end } }, true)
            collect(); ui.settle(); collect()
            local m = root.presentedViewController
            print(m.presentationController.name, m.view.frame.y, m.presentationController.containerView.superview == ui.window)
            kept = m.presentationController
            m = nil
            root:dismiss(true)
            collect(); ui.settle(); collect()
            print(root.presentedViewController, kept.presentedViewController, kept.containerView.superview)
            print(kept:frameOfPresentedViewInContainerView().y, kept:shouldRemovePresentersView(), kept:presentedView())
            """, global: "kept", printing: """
            presented\ttrue\t1
            half\t400.0\ttrue
            dismissed\ttrue
            nil\tnil\tnil
            400.0\tfalse\tnil

            """)
    }
}
