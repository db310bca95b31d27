import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Policy Q80: which transitions have a coordinator, who answers it, and when its
/// alongside animations, completions and interaction handlers run.
@Suite(.checksInvariants) struct TransitionCoordinatorTests {
    /// `Watch` prints each appearance callback with what `transitionCoordinator`
    /// answers: animated, interactive, duration, style, the controllers and the views.
    static let watch = """
        local function tcs(vc)
          local tc = vc.transitionCoordinator
          if not tc then return "none" end
          local from, to = tc:view("from"), tc:view("to")
          return string.format("%s %s %.2f %s %s>%s views %s>%s", tostring(tc.isAnimated), tostring(tc.isInteractive),
            tc.transitionDuration, tc.presentationStyle, tc:viewController("from").name, tc:viewController("to").name,
            from and from.name or "nil", to and to.name or "nil")
        end
        local Watch = ui.ViewController:extend("Watch")
        function Watch:viewWillAppear() print(self.name .. " willAppear", tcs(self)) end
        function Watch:viewDidAppear() print(self.name .. " didAppear", tcs(self)) end
        function Watch:viewWillDisappear() print(self.name .. " willDisappear", tcs(self)) end
        function Watch:viewDidDisappear() print(self.name .. " didDisappear", tcs(self)) end

        """

    /// A push's coordinator, animated and not; a completion given after the animation began still runs.
    @Test("a push's and a pop's coordinator: answered by the navigation controller to its children from the will-callbacks to the completions; alongside animations as the slide starts; completions after the did-callbacks, before didShow")
    func pushAndPop() throws {
        let (outcome, out, _) = try runLua(Self.watch + """
            local box = ui.View{ name = "box", frame = { 0, 0, 10, 10 } }
            local nav = ui.NavigationController{ name = "nav", root = Watch{ name = "a" },
              delegate = { didShow = function(n, vc) print("didShow", vc.name, tcs(vc)) end } }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            ui.settle()
            nav.view:addSubview(box)
            print("idle", tcs(nav.topViewController))
            local b = Watch{ name = "b" }
            function b:viewWillAppear(animated)
              Watch.viewWillAppear(self, animated)
              local tc = self.transitionCoordinator
              print("views", tc:view("from").name, tc:view("to").name, tc.containerView.name, nav.transitionCoordinator == tc)
              print("queued", tc:animate(function(c)
                  box.alpha = 0
                  print("alongside", ui.now(), c:animate(function() end, function() print("late completion") end))
                end, function(c) print("completion", ui.now(), tcs(self)) end))
            end
            nav:pushViewController(b, true)
            print("pushed", ui.now())
            ui.settle()
            print("box", box.alpha, tcs(b))
            nav:popViewController(false)
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            a willAppear\tnone
            a didAppear\tnone
            didShow\ta\tnone
            idle\tnone
            a willDisappear\ttrue false 0.35 none a>b views a.view>b.view
            b willAppear\ttrue false 0.35 none a>b views a.view>b.view
            views\ta.view\tb.view\tnav.view\ttrue
            queued\ttrue
            alongside\t0.0\tfalse
            pushed\t0.0
            a didDisappear\ttrue false 0.35 none a>b views a.view>b.view
            b didAppear\ttrue false 0.35 none a>b views a.view>b.view
            completion\t0.35\ttrue false 0.35 none a>b views a.view>b.view
            late completion
            didShow\tb\tnone
            box\t0.0\tnone
            b willDisappear\tfalse false 0.00 none b>a views b.view>a.view
            a willAppear\tfalse false 0.00 none b>a views b.view>a.view
            b didDisappear\tfalse false 0.00 none b>a views b.view>a.view
            a didAppear\tfalse false 0.00 none b>a views b.view>a.view
            didShow\ta\tnone

            """)
    }

    /// Nestbox's own presentations and dismissals, animated or not, a sheet and full screen, and a custom presentation controller's dimming view.
    @Test("presentations and dismissals: both sides answer the same coordinator; a sheet's presenting view is not the transition's; completions before present's and dismiss's; a presentation controller animates alongside")
    func presentations() throws {
        let (outcome, out, _) = try runLua(Self.watch + """
            local root = Watch{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            -- a sheet: the presenter stays, its view is not the transition's
            local sheet = Watch{ name = "sheet" }
            root:present(sheet, true, function() print("present completion", tcs(sheet), tcs(root)) end)
            print("same", root.transitionCoordinator == sheet.transitionCoordinator)
            sheet.transitionCoordinator:animate(nil, function(c) print("coordinator completion", ui.now()) end)
            ui.settle()
            sheet:dismiss(true, function() print("dismiss completion", tcs(root)) end)
            ui.settle()
            -- full screen, not animated, inside a navigation controller
            local full = ui.NavigationController{ name = "fullNav", root = Watch{ name = "inner" } }
            full.modalPresentationStyle = "fullScreen"
            root:present(full, false)
            ui.settle()
            full:dismiss(false)
            ui.settle()
            -- a custom presentation: the presentation controller dims alongside
            local dim = ui.View{ name = "dim" }
            local pcClass = {
              presentationTransitionWillBegin = function(pc)
                pc.containerView:addSubview(dim)
                dim.alpha = 0
                local tc = pc.presentedViewController.transitionCoordinator
                print("pc willBegin", tc.presentationStyle, tc.isAnimated, tc:animate(function() dim.alpha = 1 end))
              end,
            }
            local custom = Watch{ name = "custom", modalPresentationStyle = "custom",
              transitioningDelegate = { presentationController = function() return ui.PresentationController(pcClass) end } }
            root:present(custom, true)
            ui.settle()
            print("dim", dim.alpha)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            root willAppear\tnone
            root didAppear\tnone
            sheet willAppear\ttrue false 0.35 pageSheet root>sheet views nil>sheet.view
            same\ttrue
            sheet didAppear\ttrue false 0.35 pageSheet root>sheet views nil>sheet.view
            coordinator completion\t0.35
            present completion\tnone\tnone
            sheet willDisappear\ttrue false 0.35 pageSheet sheet>root views sheet.view>nil
            sheet didDisappear\ttrue false 0.35 pageSheet sheet>root views sheet.view>nil
            dismiss completion\tnone
            root willDisappear\tfalse false 0.00 fullScreen root>fullNav views root.view>fullNav.view
            inner willAppear\tfalse false 0.00 fullScreen root>fullNav views root.view>fullNav.view
            inner didAppear\tfalse false 0.00 fullScreen root>fullNav views root.view>fullNav.view
            root didDisappear\tfalse false 0.00 fullScreen root>fullNav views root.view>fullNav.view
            inner willDisappear\tfalse false 0.00 fullScreen fullNav>root views fullNav.view>root.view
            root willAppear\tfalse false 0.00 fullScreen fullNav>root views fullNav.view>root.view
            root didAppear\tfalse false 0.00 fullScreen fullNav>root views fullNav.view>root.view
            inner didDisappear\tfalse false 0.00 fullScreen fullNav>root views fullNav.view>root.view
            pc willBegin\tcustom\ttrue\ttrue
            custom willAppear\ttrue false 0.35 custom root>custom views nil>custom.view
            custom didAppear\ttrue false 0.35 custom root>custom views nil>custom.view
            dim\t1.0

            """)
    }

    /// Which transitions vend one; a size transition's coordinator is its hook's argument only.
    @Test("an animated tab switch has one (its animator asked for the duration when read); a switch without an animator, a child transition and a size transition vend none")
    func tabsAndNone() throws {
        let (outcome, out, _) = try runLua(Self.watch + """
            local fade = {
              transitionDuration = function(ctx) print("asked duration") return 0.25 end,
              animateTransition = function(ctx)
                local to = ctx:view("to")
                ctx.containerView:addSubview(to)
                to.alpha = 0
                ui.animate{ duration = 0.25, animations = function() to.alpha = 1 end,
                  completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
              end,
            }
            local animate = true
            local tbc = ui.TabBarController{ name = "tbc", viewControllers = { Watch{ name = "one", title = "1" }, Watch{ name = "two", title = "2" } },
              delegate = { animationController = function() if animate then return fade end end } }
            ui.window.rootViewController = tbc
            ui.window:makeKeyAndVisible()
            ui.settle()
            tbc.selectedIndex = 2
            print("tbc", tbc.transitionCoordinator ~= nil)
            ui.settle()
            animate = false
            tbc.selectedIndex = 1
            ui.settle()
            -- a custom container's child transition vends none
            local parent = Watch{ name = "parent" }
            ui.window.rootViewController = parent
            ui.settle()
            local c1, c2 = Watch{ name = "c1" }, Watch{ name = "c2" }
            parent:addChild(c1); parent.view:addSubview(c1.view); c1:didMove(parent)
            ui.settle()
            parent:addChild(c2)
            parent:transition{ from = c1, to = c2, duration = 0.3, animations = function() end }
            ui.settle()
            -- a size transition: the argument, not the property
            parent.viewWillTransition = function(self, size, coordinator)
              print("rotation", tostring(self.transitionCoordinator), coordinator.isAnimated, coordinator.transitionDuration,
                coordinator.presentationStyle, coordinator:viewController("from"), coordinator:view("to"), coordinator.containerView.name,
                coordinator.isInterruptible, coordinator.completionVelocity, coordinator.completionCurve)
              ui.ViewController.viewWillTransition(self, size, coordinator)
            end
            ui.rotate("landscapeLeft")
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            one willAppear\tnone
            one didAppear\tnone
            asked duration
            two willAppear\ttrue false 0.25 none one>two views one.view>two.view
            one willDisappear\ttrue false 0.25 none one>two views one.view>two.view
            tbc\ttrue
            one didDisappear\ttrue false 0.25 none one>two views one.view>two.view
            two didAppear\ttrue false 0.25 none one>two views one.view>two.view
            one willAppear\tnone
            two willDisappear\tnone
            two didDisappear\tnone
            one didAppear\tnone
            one willDisappear\tnone
            one didDisappear\tnone
            parent willAppear\tnone
            parent didAppear\tnone
            c1 willAppear\tnone
            c1 didAppear\tnone
            c1 willDisappear\tnone
            c2 willAppear\tnone
            c1 didDisappear\tnone
            c2 didAppear\tnone
            rotation\tnil\ttrue\t0.3\tnone\tnil\tnil\twindow\tfalse\t1.0\teaseInOut

            """)
    }

    /// `notifyWhenInteractionChanges`, through a cancelled and a finished edge swipe.
    @Test("an interactive pop: the handlers run when the interaction ends, before a cancel's will-callbacks; isInteractive, isCancelled and percentComplete follow")
    func interactivePop() throws {
        let (outcome, out, _) = try runLua("""
            local function log(...) print(...) end
            local box = ui.View{ name = "box", frame = { 0, 0, 10, 10 } }
            local Watch = ui.ViewController:extend("Watch")
            function Watch:viewWillAppear(animated)
              local tc = self.transitionCoordinator
              log(self.name .. " willAppear", tc and tc.isInteractive, tc and tc.initiallyInteractive)
              if tc then
                tc:notifyWhenInteractionChanges(function(c) log("interaction ended", c.isCancelled, c.isInteractive, string.format("%.2f", c.percentComplete)) end)
                tc:animate(nil, function(c) log("completion", c.isCancelled, string.format("%.2f", c.percentComplete)) end)
              end
            end
            function Watch:viewWillDisappear() log(self.name .. " willDisappear") end
            function Watch:viewDidAppear() log(self.name .. " didAppear") end
            function Watch:viewDidDisappear() log(self.name .. " didDisappear") end
            local nav = ui.NavigationController{ name = "nav", root = Watch{ name = "a" } }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            nav:pushViewController(Watch{ name = "b" }, false); ui.settle()
            log("-- cancelled swipe")
            ui.pan{ from = { 10, 400 }, to = { 60, 400 }, duration = 1 }; ui.settle()
            log("-- finished swipe")
            ui.pan{ from = { 10, 400 }, to = { 300, 400 } }; ui.settle()
            log(#nav.viewControllers)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            a willAppear\tnil\tnil
            a didAppear
            a willDisappear
            b willAppear\tfalse\tfalse
            a didDisappear
            b didAppear
            completion\tfalse\t0.00
            -- cancelled swipe
            b willDisappear
            a willAppear\ttrue\ttrue
            interaction ended\ttrue\tfalse\t0.13
            a willDisappear
            a didDisappear
            b willAppear\tfalse\ttrue
            b didAppear
            completion\ttrue\t0.13
            completion\ttrue\t0.13
            -- finished swipe
            b willDisappear
            a willAppear\ttrue\ttrue
            interaction ended\tfalse\tfalse\t0.74
            b didDisappear
            a didAppear
            completion\tfalse\t0.74
            1

            """)
    }

    /// Memory safety: the coordinator holds its controllers weakly, and outlives them in Lua.
    @Test("a coordinator kept past its transition holds no controller, keeps nothing, and refuses bad arguments; collected between steps")
    func keptAndCollected() throws {
        let (outcome, out, _) = try runLua("""
            local kept
            local nav = ui.NavigationController{ name = "nav", root = ui.ViewController{ name = "a" } }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            ui.settle()
            local runs = {}
            nav:pushViewController(ui.ViewController{ name = "b",
              viewWillAppear = function(self)
                kept = self.transitionCoordinator
                kept:animate(function() runs[#runs + 1] = "alongside" end, function() runs[#runs + 1] = "completion" end)
              end }, true)
            collectgarbage(); collectgarbage()
            ui.settle()
            print(table.concat(runs, " "), kept:viewController("to").name)
            nav:popViewController(false)
            ui.settle()
            collectgarbage(); collectgarbage()
            print(kept:viewController("to"), kept:view("to"), kept.transitionDuration, kept:animate(nil, function() print("never") end))
            print(pcall(function() return nav.transitionCoordinator:viewController("from") end))
            print(pcall(function() return kept:viewController("middle") end))
            print(pcall(function() kept:notifyWhenInteractionChanges(5) end))
            print(pcall(function() nav.transitionCoordinator = nil end))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            alongside completion\tb
            nil\tnil\t0.35\tfalse
            false\ttest:19: attempt to index a nil value (field 'transitionCoordinator')
            false\ttest:20: bad argument #1 to 'viewController' (unknown view controller key 'middle' (from, to))
            false\ttest:21: bad argument #1 to 'notifyWhenInteractionChanges' (function expected, got number)
            false\ttest:22: property 'transitionCoordinator' of NavigationController is read-only

            """)
    }
}
