import Testing
import Containment
@testable import NestboxLua

/// Bars that leave and come back (policy Q68): setNavigationBarHidden(_:animated:) with
/// the safe area and the table's inset that follow it, and hidesBottomBarWhenPushed.
@Suite(.checksInvariants) struct BarVisibilityTests {
    static let setup = """
        local rows = {}
        for i = 1, 40 do rows[i] = "Row " .. i end
        local List = ui.ViewController:extend("List")
        function List:loadView() self.view = ui.TableView{ name = "list.table", rows = rows } end
        local list = List{ name = "list" }
        local nav = ui.NavigationController{ name = "nav", root = list }
        local other = ui.ViewController{ name = "other", title = "Other" }
        local tabs = ui.TabBarController{ name = "tabs", viewControllers = { nav, other } }
        ui.window.rootViewController = tabs
        ui.window:makeKeyAndVisible()
        local t = list.view

        """

    @Test("the bar slides out in 0.2 s; the top's safe area and the table's inset follow as it starts; at once without animation")
    func navigationBarHidden() throws {
        let (outcome, out, rt) = try runLua(Self.setup + """
            print(t.safeAreaInsets.top, t.contentOffset.y, nav.navigationBar.frame.y)
            nav:setNavigationBarHidden(true, true)
            print(t.safeAreaInsets.top, t.contentOffset.y, nav.isNavigationBarHidden, nav.navigationBar.isHidden)
            ui.advance(0.1)
            local y = nav.navigationBar.presentation.frame.y
            print(y > -44 and y < 59)
            ui.settle()
            print(nav.navigationBar.isHidden, nav.navigationBar.frame.y)
            nav:setNavigationBarHidden(false, false)
            ui.settle()
            print(t.safeAreaInsets.top, t.contentOffset.y, nav.navigationBar.isHidden, nav.navigationBar.frame.y)
            nav:setNavigationBarHidden(false, true)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            103.0\t-103.0\t59.0
            59.0\t-59.0\ttrue\tfalse
            true
            true\t-44.0
            103.0\t-103.0\tfalse\t59.0

            """)
        let bars = rt.simulation.trace.events.filter { $0.event == "begin" }.map { $0.args.map { $0.1.text }.joined(separator: " ") }
        #expect(bars.count == 1 && bars[0].hasPrefix("0.2"), "\(bars)")
        #expect(rt.simulation.trace.events.filter { $0.event == "setNavigationBarHidden" }.count == 3)
    }

    @Test("hidesBottomBarWhenPushed: the tab bar slides away with the push, stays while deeper ones are pushed, returns with the pop")
    func hidesBottomBar() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            local detail = ui.ViewController{ name = "detail", hidesBottomBarWhenPushed = true }
            nav:pushViewController(detail, true)
            print(detail.view.safeAreaInsets.bottom, tabs.tabBar.isHidden)
            ui.advance(0.2)
            local x = tabs.tabBar.presentation.frame.x
            print(x < 0 and x > -393)
            ui.settle()
            print(tabs.tabBar.isHidden, detail.view.frame.height, detail.view.safeAreaInsets.bottom)
            nav:pushViewController(ui.ViewController{ name = "deeper" }, false)
            ui.settle()
            print(tabs.tabBar.isHidden)
            nav:popToRootViewController(true)
            print(tabs.tabBar.isHidden)
            ui.settle()
            print(tabs.tabBar.isHidden, tabs.tabBar.frame.x, t.safeAreaInsets.bottom)
            ui.tap("Row 1")
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            34.0\tfalse
            true
            true\t852.0\t34.0
            true
            false
            false\t0.0\t83.0

            """)
    }

    @Test("a hiding controller at the root of a tab's stack hides the bar when the tab is selected")
    func rootHides() throws {
        let (outcome, out, _) = try runLua("""
            local a = ui.ViewController{ name = "a", title = "A" }
            local b = ui.ViewController{ name = "b", hidesBottomBarWhenPushed = true }
            local tabs = ui.TabBarController{ name = "tabs", viewControllers = { a, ui.NavigationController{ name = "bnav", root = b } } }
            ui.window.rootViewController = tabs
            ui.window:makeKeyAndVisible()
            print(tabs.tabBar.isHidden)
            tabs.selectedIndex = 2
            print(tabs.tabBar.isHidden, b.view.safeAreaInsets.bottom)
            tabs.selectedIndex = 1
            print(tabs.tabBar.isHidden)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "false\ntrue\t34.0\nfalse\n")
    }

    @Test("the toolbar: hidden by default, slid in with the top's items, its inset in the top's safe area; items live with their controller")
    func toolbar() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            list.toolbarItems = { ui.BarButtonItem{ name = "compose", title = "Compose", action = function() print("compose") end } }
            print(nav.isToolbarHidden, nav.toolbar.isHidden, t.safeAreaInsets.bottom, t.adjustedContentInset.bottom)
            nav:setToolbarHidden(false, true)
            print(t.safeAreaInsets.bottom, nav.toolbar.isHidden)
            ui.settle()
            print(nav.toolbar.frame.y, nav.toolbar.frame.height, t.adjustedContentInset.bottom)
            collectgarbage(); collectgarbage()
            ui.tap("Compose")
            local d = ui.ViewController{ name = "d" }
            d:setToolbarItems({ ui.BarButtonItem{ title = "Reply" } }, true)
            nav:pushViewController(d, false)
            ui.settle()
            print(#nav.toolbar.subviews, nav.toolbar.subviews[1].title)
            nav:popViewController(false)
            d = nil
            ui.settle()
            collectgarbage(); collectgarbage()
            print(#nav.toolbar.subviews, nav.toolbar.subviews[1].title)
            nav.isToolbarHidden = true
            ui.settle()
            print(nav.toolbar.isHidden, t.safeAreaInsets.bottom)
            """)
        #expect(outcome == .ok, "\(outcome)")
        // Inside the tab bar controller the toolbar sits on the tab bar: its 44 points
        // start 44 above the tab's 83-point bottom inset, and its background runs under it.
        #expect(out == """
            true\ttrue\t83.0\t83.0
            127.0\tfalse
            725.0\t127.0\t127.0
            compose
            1\tReply
            1\tCompose
            true\t83.0

            """)
    }
}

extension BarVisibilityTests {
    @Test("setTabBarHidden: animated, the bar slides down in 0.2 s and the tab's safe area loses it at the start; isTabBarHidden shows it at once; setViewControllers(list, animated) sets the list")
    func tabBarHidden() throws {
        let (outcome, out, rt) = try runLua("""
            local a = ui.ViewController{ name = "a", title = "A",
              viewSafeAreaInsetsDidChange = function(self) print("a bottom", self.view.safeAreaInsets.bottom) end }
            local tbc = ui.TabBarController{ name = "tbc" }
            tbc:setViewControllers({ a, ui.ViewController{ name = "b", title = "B" } }, true)
            print(#tbc.viewControllers, tbc.selectedViewController.name)
            ui.window.rootViewController = tbc
            ui.window:makeKeyAndVisible()
            ui.settle()
            tbc:setTabBarHidden(true, true)
            ui.advance(0.1)
            print(tbc.tabBar.presentation.frame.y, tbc.isTabBarHidden)
            ui.settle()
            print(tbc.tabBar.frame.y, tbc.tabBar.isHidden)
            tbc.selectedIndex = 2
            ui.settle()
            print("b", tbc.selectedViewController.view.safeAreaInsets.bottom)
            tbc.isTabBarHidden = false
            ui.settle()
            print(tbc.tabBar.frame.y, tbc.tabBar.isHidden, tbc.selectedViewController.view.safeAreaInsets.bottom)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            2\ta
            a bottom\t83.0
            a bottom\t34.0
            810.5\ttrue
            852.0\ttrue
            b\t34.0
            769.0\tfalse\t83.0

            """, "\(out)")
        let calls = rt.simulation.trace.events.filter { $0.event == "setTabBarHidden" }.count
        #expect(calls == 2)
    }
}
