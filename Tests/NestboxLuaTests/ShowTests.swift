import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// show(_:sender:), showDetailViewController(_:sender:) and targetViewController(forAction:
/// sender:) (Apple's pages for the three; policy Q61).
@Suite(.checksInvariants) struct ShowTests {
    /// In a navigation stack, show pushes; with no container, the window's root presents.
    @Test func showPushesOrPresents() throws {
        let (outcome, out, _) = try runLua("""
        local first = ui.ViewController{ name = "first" }
        local nav = ui.NavigationController{ name = "nav", viewControllers = { first } }
        ui.window.rootViewController = nav
        ui.window:makeKeyAndVisible()
        print(first:targetViewController("show") == nav, first:targetViewController("showDetailViewController"))
        local second = ui.ViewController{ name = "second" }
        collectgarbage()
        first:show(second, nil)
        ui.settle()
        print(#nav.viewControllers, nav.topViewController == second)
        local alone = ui.ViewController{ name = "alone" }
        second:showDetailViewController(alone)
        ui.settle()
        print(nav.presentedViewController == alone, alone.presentingViewController == nav)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\tnil\n2\ttrue\ntrue\ttrue\n")
    }

    /// A split view controller: expanded, a detail becomes the secondary column's and
    /// show pushes on the primary's stack; collapsed, both push on the stack shown.
    @Test func aSplitShowsInItsColumns() throws {
        let (outcome, out, _) = try runLua("""
        ui.setDevice("iPad")
        local list = ui.ViewController{ name = "list" }
        local svc = ui.SplitViewController{ name = "svc", style = "doubleColumn", primary = list,
                                            secondary = ui.ViewController{ name = "empty" } }
        ui.window.rootViewController = svc
        ui.window:makeKeyAndVisible()
        print(list:targetViewController("showDetailViewController") == svc, list:targetViewController("show") == svc:columnNavigationController("primary"))
        local detail = ui.ViewController{ name = "detail" }
        list:showDetailViewController(detail, list)
        ui.settle()
        print(svc:viewController("secondary") == detail, detail.appearanceState)
        local more = ui.ViewController{ name = "more" }
        list:show(more)
        ui.settle()
        print(#svc:columnNavigationController("primary").viewControllers)
        ui.setDevice("iPhone 15")
        ui.settle()
        local other = ui.ViewController{ name = "other" }
        more:showDetailViewController(other)
        ui.settle()
        print(svc.isCollapsed, other.navigationController ~= nil, other.appearanceState)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\ttrue\ntrue\tappeared\n2\ntrue\ttrue\tappeared\n")
    }

    /// A custom container that overrides show is the target of its children's show; its
    /// super call looks above it.
    @Test func aContainerOverridingShowIsTheTarget() throws {
        let (outcome, out, _) = try runLua("""
        local Container = ui.ViewController:extend("Container")
        function Container:show(vc, sender)
          print("container shows", vc.name, sender == nil)
          if vc.name == "up" then ui.ViewController.show(self, vc, sender) end
        end
        local c = Container{ name = "c" }
        local child = ui.ViewController{ name = "child" }
        c:addChild(child); c.view:addSubview(child.view); child:didMove(c)
        ui.window.rootViewController = c
        ui.window:makeKeyAndVisible()
        print(child:targetViewController("show") == c)
        child:show(ui.ViewController{ name = "x" })
        local up = ui.ViewController{ name = "up" }
        child:show(up)
        ui.settle()
        print(c.presentedViewController == up)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\ncontainer shows\tx\ttrue\ncontainer shows\tup\ttrue\ntrue\n")
    }

    @Test func anUnknownActionIsRefused() throws {
        let (outcome, _, _) = try runLua("local v = ui.ViewController{}\nv:targetViewController('push')")
        guard case .scriptError(let message, _) = outcome else { Issue.record("ran: \(outcome)"); return }
        #expect(message == "test:2: bad argument #1 to 'targetViewController' (action must be 'show' or 'showDetailViewController', got 'push')")
    }
}
