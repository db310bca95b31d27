import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// `ui.SplitViewController` beyond the scenarios S45–S49: widths and modes (Q46, Q48),
/// the collapsed stack (Q47), the compact column, the delegate across collections.
@Suite(.checksInvariants) struct SplitBindingTests {
    func run(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let (outcome, out, rt) = try runLua(source)
        #expect(outcome == .ok, "\(outcome)", sourceLocation: sourceLocation)
        rt.collectGarbage()
        return out
    }

    @Test("three columns: widths, split behaviors, show and hide (Q46, Q48)")
    func tripleColumn() throws {
        let out = try run("""
            ui.setDevice("iPad")
            ui.rotate("landscapeLeft")
            local p, s, d = ui.ViewController{ name = "p" }, ui.ViewController{ name = "s" }, ui.ViewController{ name = "d" }
            local svc = ui.SplitViewController{ name = "svc", style = "tripleColumn", primary = p, supplementary = s, secondary = d,
              preferredPrimaryColumnWidth = 250 }
            ui.window.rootViewController = svc
            ui.window:makeKeyAndVisible()
            local function f(c) local r = svc:columnNavigationController(c).view.frame; return r.x .. "," .. r.width end
            print(svc.displayMode, f("primary"), f("supplementary"), f("secondary"))
            svc.preferredSplitBehavior = "displace"
            print(svc.displayMode, f("primary"), f("supplementary"), f("secondary"))
            svc:hide("primary")
            print(svc.displayMode, p.appearanceState, f("supplementary"), f("secondary"))
            svc:hide("supplementary")
            print(svc.displayMode, s.appearanceState, d.appearanceState)
            svc.preferredPrimaryColumnWidth = nil
            svc.preferredSplitBehavior = "overlay"
            svc:show("primary")
            print(svc.displayMode, f("primary"), f("supplementary"), f("secondary"))
            """)
        #expect(out == """
            twoBesideSecondary\t0.0,250.0\t250.0,320.0\t570.0,610.0
            twoDisplaceSecondary\t0.0,250.0\t250.0,320.0\t570.0,860.0
            oneBesideSecondary\tdisappeared\t0.0,320.0\t320.0,860.0
            secondaryOnly\tdisappeared\tappeared
            twoOverSecondary\t0.0,320.0\t320.0,320.0\t0.0,1180.0

            """)
    }

    @Test("a preferredDisplayMode set on screen brings its columns in with their appearance callbacks, and takes them out (Q13)")
    func preferredModeOnScreen() throws {
        let (outcome, out, rt) = try runLua("""
            ui.setDevice("iPad")
            local list, detail = ui.ViewController{ name = "list" }, ui.ViewController{ name = "detail" }
            local svc = ui.SplitViewController{ name = "svc", primary = list, secondary = detail,
              delegate = { willShow = function(_, c) print("willShow", c) end, willHide = function(_, c) print("willHide", c) end } }
            ui.window.rootViewController = svc
            ui.window:makeKeyAndVisible()
            print(svc.displayMode, list.appearanceState)
            ui.trace.mark("shown")
            svc.preferredDisplayMode = "oneBesideSecondary"
            print(svc.displayMode, list.appearanceState, list.view.window ~= nil, svc:columnNavigationController("primary").view.frame.width)
            local heard = {}
            for _, e in ipairs(ui.trace.events{ kinds = "lifecycle", since = "shown" }) do
              if e.object == "list" then heard[#heard + 1] = e.event end
            end
            print(table.concat(heard, " "))
            svc.preferredDisplayMode = "secondaryOnly"
            print(svc.displayMode, list.appearanceState, list.view.window == nil)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            secondaryOnly\tdisappeared
            willShow\tprimary
            oneBesideSecondary\tappeared\ttrue\t320.0
            loadView viewDidLoad viewWillAppear viewSafeAreaInsetsDidChange viewWillLayoutSubviews viewDidLayoutSubviews viewIsAppearing viewDidAppear
            willHide\tprimary
            secondaryOnly\tdisappeared\ttrue

            """)
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning }.isEmpty)
    }

    @Test("collapsed: show pushes the secondary, show primary pops, a new secondary replaces it (Q47)")
    func collapsedStack() throws {
        let out = try run("""
            ui.setDevice("iPhone 15")
            local list, detail, other = ui.ViewController{ name = "list" }, ui.ViewController{ name = "detail" }, ui.ViewController{ name = "other" }
            local svc = ui.SplitViewController{ name = "svc", primary = list, secondary = detail,
              delegate = { topColumnForCollapsing = function(svc, proposed) return "primary" end } }
            ui.window.rootViewController = svc
            ui.window:makeKeyAndVisible()
            local nav = svc:columnNavigationController("primary")
            print(svc.isCollapsed, #nav.viewControllers, nav.topViewController.name, svc.viewControllers[1] == nav)
            svc:show("secondary")
            ui.settle()
            print(#nav.viewControllers, nav.topViewController.name, detail.appearanceState, detail.parent == nav)
            svc:show("primary")
            ui.settle()
            print(#nav.viewControllers, nav.topViewController.name, detail.parent)
            svc:show("secondary")
            ui.settle()
            print(#nav.viewControllers, nav.topViewController.name, detail.appearanceState)
            svc:setViewController(other, "secondary")
            ui.settle()
            print(#nav.viewControllers, nav.topViewController.name, other.parent.name)
            svc:show("secondary")
            ui.settle()
            print(#nav.viewControllers, nav.topViewController.name, other.appearanceState)
            ui.setDevice("iPad")
            ui.settle()
            print(svc.isCollapsed, svc.displayMode, other.parent.name, other.appearanceState, list.appearanceState, #nav.viewControllers)
            """)
        #expect(out == """
            true\t1\tlist\ttrue
            2\tdetail\tappeared\ttrue
            1\tlist\tnil
            2\tdetail\tappeared
            1\tlist\tother.nav
            2\tother\tappeared
            false\tsecondaryOnly\tother.nav\tappeared\tdisappeared\t1

            """)
    }

    @Test("the compact column and every delegate method, with garbage collected between steps")
    func compactColumnAndDelegate() throws {
        let out = try run("""
            ui.setDevice("iPad")
            ui.rotate("landscapeLeft")
            local function collect() collectgarbage(); collectgarbage() end
            local log = {}
            local svc = ui.SplitViewController{ name = "svc",
              primary = ui.ViewController{ name = "list" }, secondary = ui.ViewController{ name = "detail" },
              compact = ui.ViewController{ name = "tabs" },
              delegate = {
                topColumnForCollapsing = function(svc, proposed) log[#log + 1] = "top " .. proposed end,
                displayModeForExpanding = function(svc, proposed) log[#log + 1] = "mode " .. proposed; return "oneOverSecondary" end,
                willShow = function(svc, column) log[#log + 1] = "show " .. column end,
                willHide = function(svc, column) log[#log + 1] = "hide " .. column end,
                didCollapse = function(svc) log[#log + 1] = "collapsed" end,
                didExpand = function(svc) log[#log + 1] = "expanded" end } }
            ui.window.rootViewController = svc
            ui.window:makeKeyAndVisible()
            collect()
            ui.setDevice("iPhone 15")
            ui.settle(); collect()
            local compact = svc:columnNavigationController("compact")
            print(svc.isCollapsed, svc.viewControllers[1] == compact, svc:viewController("compact").name, svc:viewController("compact").appearanceState,
              svc:viewController("primary").appearanceState)
            ui.setDevice("iPad")
            ui.settle(); collect()
            print(svc.displayMode, svc:viewController("compact").appearanceState, svc:viewController("primary").appearanceState)
            print(table.concat(log, "; "))
            """)
        #expect(out == """
            true\ttrue\ttabs\tappeared\tdisappeared
            oneOverSecondary\tdisappeared\tappeared
            top secondary; hide primary; hide secondary; collapsed; mode oneBesideSecondary; show primary; show secondary; expanded

            """)
    }

    @Test("a navigation controller is not wrapped; off screen the split collapses when it appears; nil empties a column")
    func wrappingAndOffScreen() throws {
        let out = try run("""
            local nav = ui.NavigationController{ name = "nav", root = ui.ViewController{ name = "list" } }
            local svc = ui.SplitViewController{ name = "svc", primary = nav, secondary = ui.ViewController{ name = "detail" } }
            print(svc:viewController("primary") == nav, svc:columnNavigationController("primary") == nav, nav.parent == svc,
              svc:columnNavigationController("secondary").name, svc:viewController("secondary").splitViewController == svc)
            ui.setDevice("iPhone SE")
            print(svc.isCollapsed)
            ui.window.rootViewController = svc
            ui.window:makeKeyAndVisible()
            print(svc.isCollapsed, nav.topViewController.name, #svc.viewControllers)
            svc:setViewController(nil, "secondary")
            print(svc:viewController("secondary"), #svc.children)
            """)
        #expect(out == """
            true\ttrue\ttrue\tdetail.nav\ttrue
            false
            true\tdetail\t1
            nil\t1

            """)
    }

    @Test("three columns collapse onto the primary's stack and expand back; a controller pushed meanwhile joins the secondary (Q47)")
    func tripleColumnCollapse() throws {
        let out = try run("""
            ui.setDevice("iPad")
            ui.rotate("landscapeLeft")
            local p, s, d = ui.ViewController{ name = "p" }, ui.ViewController{ name = "s" }, ui.ViewController{ name = "d" }
            local svc = ui.SplitViewController{ name = "svc", style = "tripleColumn", primary = p, supplementary = s, secondary = d }
            ui.window.rootViewController = svc
            ui.window:makeKeyAndVisible()
            ui.setDevice("iPhone SE")
            ui.settle()
            local function names(nav) local t = {} for i, v in ipairs(nav.viewControllers) do t[i] = v.name end return table.concat(t, ",") end
            print(svc.isCollapsed, names(svc:columnNavigationController("primary")), d.appearanceState, p.appearanceState, s.appearanceState)
            local extra = ui.ViewController{ name = "extra" }
            svc:columnNavigationController("primary"):pushViewController(extra, false)
            ui.settle()
            ui.setDevice("iPad")
            ui.settle()
            print(svc.isCollapsed, svc.displayMode, names(svc:columnNavigationController("primary")), names(svc:columnNavigationController("supplementary")),
              names(svc:columnNavigationController("secondary")), extra.appearanceState, p.appearanceState, s.appearanceState, d.appearanceState)
            """)
        #expect(out == """
            true\tp,s,d\tappeared\tdisappeared\tdisappeared
            false\ttwoBesideSecondary\tp\ts\td,extra\tappeared\tappeared\tappeared\tdisappeared

            """)
    }
}

extension SplitBindingTests {
    /// Q47: with the primary on top, nothing is moved when collapsing; a detail shown
    /// meanwhile is pushed on the primary's stack, and expanding takes it to the secondary
    /// column, where it shows.
    @Test("a detail shown while collapsed with the primary on top goes to the secondary column when expanding")
    func detailShownWithThePrimaryOnTop() throws {
        let out = try run("""
            local list, detail, d2 = ui.ViewController{ name = "list" }, ui.ViewController{ name = "detail" }, ui.ViewController{ name = "d2" }
            local svc = ui.SplitViewController{ name = "svc", primary = list, secondary = detail,
              delegate = { topColumnForCollapsing = function() return "primary" end } }
            ui.window.rootViewController = svc; ui.window:makeKeyAndVisible()
            list:showDetailViewController(d2); ui.settle()
            print(svc:columnNavigationController("primary").topViewController.name)
            ui.setDevice("ipad-11"); ui.rotate("landscapeLeft"); ui.settle()
            print(svc:columnNavigationController("primary").topViewController.name,
                  svc:columnNavigationController("secondary").topViewController.name, d2.appearanceState, d2.view.window ~= nil)
            """)
        #expect(out == "d2\nlist\td2\tappeared\ttrue\n")
    }
}
