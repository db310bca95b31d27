import Testing
import Containment
import NestboxLua

/// Right to left (docs/layout.md, Right-to-left; policy Q74): the traits' direction, the
/// views' semantic content attribute, and what the built-in containers mirror.
@Suite(.checksInvariants) struct RightToLeftTests {
    static let world = """
        local a = ui.ViewController{ name = "a", title = "A" }
        local nav = ui.NavigationController{ name = "nav", root = a }
        local b = ui.ViewController{ name = "b", title = "B" }
        b.navigationItem.rightBarButtonItems = { ui.BarButtonItem{ name = "edit", title = "Edit" } }
        local tabs = ui.TabBarController{ name = "tabs", viewControllers = { nav, ui.ViewController{ name = "two", title = "Two" },
          ui.ViewController{ name = "three", title = "Three" } } }
        ui.window.rootViewController = tabs
        ui.window:makeKeyAndVisible()
        ui.settle()
        local function buttons()
          local out = {}
          for _, v in ipairs(tabs.tabBar.subviews) do
            if v.className == "TabBarButton" then out[#out + 1] = v.frame.x end
          end
          return table.concat(out, " ")
        end

        """

    @Test func theTraitsChangeAndTheBarsMirror() throws {
        let (outcome, out, rt) = try runLua(Self.world + """
            print(buttons(), a.traitCollection.layoutDirection, a.view.effectiveUserInterfaceLayoutDirection)
            ui.trace.mark("flip")
            ui.setLayoutDirection("rightToLeft")
            print(buttons(), a.traitCollection.layoutDirection, a.view.effectiveUserInterfaceLayoutDirection)
            nav:pushViewController(b, true)
            print("push from", b.view.presentation.frame.x)
            ui.settle()
            for _, v in ipairs(nav.navigationBar.subviews) do print(v.name, v.frame.x, v.frame.width) end
            nav:popViewController(true)
            ui.advance(0.35 / 2)
            print("pop halfway", b.view.presentation.frame.x < 0)
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            0.0 131.0 262.0\tleftToRight\tleftToRight
            262.0 131.0 0.0\trightToLeft\trightToLeft
            push from\t-393.0
            nav.backButton\t285.0\t100.0
            edit.button\t8.0\t52.0
            nav.titleLabel\t96.5\t200.0
            pop halfway\ttrue

            """)
        let changes = rt.simulation.trace.events(since: "flip")?.prefix(4).map(\.body)
        #expect(changes == ["ui.setLayoutDirection(\"rightToLeft\")", "tabs.traitCollectionDidChange()",
                            "nav.traitCollectionDidChange()", "a.traitCollectionDidChange()"])
    }

    @Test func aForcedAttributeWinsBelowIt() throws {
        let (outcome, out, _) = try runLua(Self.world + """
            ui.setLayoutDirection("rightToLeft")
            tabs.tabBar.semanticContentAttribute = "forceLeftToRight"
            ui.settle()
            print(buttons(), tabs.tabBar.effectiveUserInterfaceLayoutDirection, tabs.tabBar.subviews[1].traitCollection.layoutDirection)
            a.view.semanticContentAttribute = "playback"
            print(a.view.effectiveUserInterfaceLayoutDirection, a.view.traitCollection.layoutDirection)
            print(select(2, pcall(function() a.view.semanticContentAttribute = "mirrored" end)))
            print(select(2, pcall(ui.setLayoutDirection, "upsideDown")))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            0.0 131.0 262.0\tleftToRight\tleftToRight
            leftToRight\trightToLeft
            test:23: bad value for property 'semanticContentAttribute' of View (unknown semanticContentAttribute 'mirrored' (unspecified, playback, spatial, forceLeftToRight, forceRightToLeft))
            bad argument #1 to 'setLayoutDirection' (unknown layout direction 'upsideDown' (leftToRight, rightToLeft))

            """)
    }

    @Test func theSplitViewsPrimaryIsOnTheRightAndThePopComesFromTheRightEdge() throws {
        let (outcome, out, _) = try runLua("""
            ui.setDevice("ipad-11")
            ui.rotate("landscapeLeft")
            ui.setLayoutDirection("rightToLeft")
            local svc = ui.SplitViewController{ name = "svc", style = "doubleColumn" }
            svc:setViewController(ui.ViewController{ name = "side" }, "primary")
            svc:setViewController(ui.ViewController{ name = "detail" }, "secondary")
            ui.window.rootViewController = svc
            ui.window:makeKeyAndVisible()
            ui.settle()
            for _, nav in ipairs(svc.viewControllers) do print(nav.name, nav.view.frame.x, nav.view.frame.width) end
            ui.setDevice("iphone-16")
            ui.rotate("portrait")
            local nav = ui.NavigationController{ name = "nav", root = ui.ViewController{ name = "a" } }
            ui.window.rootViewController = nav
            ui.settle()
            nav:pushViewController(ui.ViewController{ name = "b" }, false)
            ui.settle()
            ui.pan{ from = { 10, 400 }, to = { 300, 400 } }
            ui.settle()
            print("from the left edge", #nav.viewControllers)
            ui.pan{ from = { 390, 400 }, to = { 60, 400 } }
            ui.settle()
            print("from the right edge", #nav.viewControllers)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            side.nav\t860.0\t320.0
            detail.nav\t0.0\t860.0
            from the left edge\t2
            from the right edge\t1

            """)
    }

    /// A horizontal page view controller runs from the right: the next page is on the
    /// left, and a swipe to the right turns forward (Q74).
    @Test func pagesRunFromTheRight() throws {
        let (outcome, out, _) = try runLua("""
            ui.setLayoutDirection("rightToLeft")
            local function page(n)
              if n < 1 or n > 3 then return nil end
              local vc = ui.ViewController{ name = "p" .. n }
              vc.number = n
              return vc
            end
            local book = ui.PageViewController{ name = "book",
              dataSource = {
                viewControllerBefore = function(_, vc) return page(vc.number - 1) end,
                viewControllerAfter = function(_, vc) return page(vc.number + 1) end } }
            book:setViewControllers({ page(1) })
            ui.window.rootViewController = book
            ui.window:makeKeyAndVisible()
            ui.settle()
            ui.pan{ from = { 100, 400 }, to = { 120, 400 }, release = false }:cancel()
            ui.settle()
            print("after", book.viewControllers[1].name)
            ui.pan{ from = { 60, 400 }, to = { 330, 400 } }
            ui.settle()
            print("swiped right", book.viewControllers[1].name, book.viewControllers[1].view.frame.x)
            book.view.semanticContentAttribute = "forceLeftToRight"
            ui.settle()
            ui.pan{ from = { 330, 400 }, to = { 60, 400 } }
            ui.settle()
            print("forced, swiped left", book.viewControllers[1].name)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            after\tp1
            swiped right\tp2\t393.0
            forced, swiped left\tp3

            """)
    }

    /// The bars are laid out again when the direction changes while they are on screen.
    @Test func aChangeOnScreenMirrorsTheBarsAtOnce() throws {
        let (outcome, out, _) = try runLua(Self.world + """
            nav:pushViewController(b, false)
            ui.settle()
            ui.setLayoutDirection("rightToLeft")
            print(nav.navigationBar.subviews[1].name, nav.navigationBar.subviews[1].frame.x, buttons())
            ui.setLayoutDirection("leftToRight")
            print(nav.navigationBar.subviews[1].frame.x, buttons())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "nav.backButton\t285.0\t262.0 131.0 0.0\n8.0\t0.0 131.0 262.0\n")
    }
}
