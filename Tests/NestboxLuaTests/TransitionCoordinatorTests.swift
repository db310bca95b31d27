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
    @Test("a push's and a pop's coordinator: answered by the navigation controller to its children from the will-callbacks to the completions; alongside animations as the slide starts; completions once it is over, after didShow")
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
            didShow\tb\ttrue false 0.35 none a>b views a.view>b.view
            completion\t0.35\ttrue false 0.35 none a>b views a.view>b.view
            late completion
            box\t0.0\tnone
            b willDisappear\tfalse false 0.00 none b>a views b.view>a.view
            a willAppear\tfalse false 0.00 none b>a views b.view>a.view
            b didDisappear\tfalse false 0.00 none b>a views b.view>a.view
            a didAppear\tfalse false 0.00 none b>a views b.view>a.view
            didShow\ta\tfalse false 0.00 none b>a views b.view>a.view

            """)
    }

    /// Nestbox's own presentations and dismissals, animated or not, a sheet and full screen, and a custom presentation controller's dimming view.
    @Test("presentations and dismissals: both sides answer the same coordinator; a sheet's presenting view is not the transition's; completions after present's and dismiss's; a presentation controller animates alongside")
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
            present completion\ttrue false 0.35 pageSheet root>sheet views nil>sheet.view\ttrue false 0.35 pageSheet root>sheet views nil>sheet.view
            coordinator completion\t0.35
            sheet willDisappear\ttrue false 0.35 pageSheet sheet>root views sheet.view>nil
            sheet didDisappear\ttrue false 0.35 pageSheet sheet>root views sheet.view>nil
            dismiss completion\ttrue false 0.35 pageSheet sheet>root views sheet.view>nil
            root willDisappear\tfalse false 0.00 fullScreen root>fullNav views root.view>fullNav.view
            inner willAppear\tfalse false 0.00 fullScreen root>fullNav views root.view>fullNav.view
            inner didAppear\tfalse false 0.00 fullScreen root>fullNav views root.view>fullNav.view
            root didDisappear\tfalse false 0.00 fullScreen root>fullNav views root.view>fullNav.view
            inner willDisappear\tfalse false 0.00 fullScreen fullNav>root views fullNav.view>root.view
            root willAppear\tfalse false 0.00 fullScreen fullNav>root views fullNav.view>root.view
            root didAppear\tfalse false 0.00 fullScreen fullNav>root views fullNav.view>root.view
            inner didDisappear\tfalse false 0.00 fullScreen fullNav>root views fullNav.view>root.view
            custom willAppear\ttrue false 0.35 custom root>custom views nil>custom.view
            pc willBegin\tcustom\ttrue\ttrue
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

    /// The transitioning delegate's animator and interaction controller, Q15b's stack, W15, and two transitions on one controller.
    @Test("an animator's duration; a cancelled interactive dismissal; a two-level dismissal's middle controller; a refused presentation; a push inside a presentation in flight")
    func animatorsAndStacks() throws {
        let (outcome, out, _) = try runLua("""
            local function tc(vc)
              local c = vc.transitionCoordinator
              return c and string.format("%s %.2f %s", c.presentationStyle, c.transitionDuration, tostring(c.initiallyInteractive)) or "none"
            end
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            -- an animator's duration, not Nestbox's 0.35 s; a drag cancels the dismissal
            local drag
            local fade = { transitionDuration = 0.5, animateTransition = function(ctx)
              local v, appearing = ctx:view("to") or ctx:view("from"), ctx:view("to") ~= nil
              if appearing then ctx.containerView:addSubview(v); v.alpha = 0 end
              ui.animate{ duration = 0.5, animations = function() v.alpha = appearing and 1 or 0 end,
                completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
            end }
            local box = ui.View{ name = "box" }
            root.view:addSubview(box)
            local card = ui.ViewController{ name = "card", modalPresentationStyle = "overFullScreen",
              transitioningDelegate = { animationControllerForPresented = function() return fade end,
                animationControllerForDismissed = function() return fade end,
                interactionControllerForDismissal = function() return drag end },
              viewWillAppear = function(self)
                print("card willAppear", tc(self))
                self.transitionCoordinator:animate(function() box.alpha = 0.5 end, function() print("presented at", ui.now()) end)
              end,
              viewWillDisappear = function(self)
                local c = self.transitionCoordinator
                print("card willDisappear", tc(self), c.isInteractive)
                c:notifyWhenInteractionChanges(function(c) print("interaction", c.isCancelled, c.percentComplete) end)
                c:animate(nil, function(c) print("dismissal over", c.isCancelled, ui.now()) end)
              end,
              viewDidAppear = function(self) print("card didAppear", tc(self)) end }
            root:present(card, true)
            ui.settle()
            print("box", box.alpha)
            drag = ui.PercentDrivenInteractiveTransition{ name = "drag" }
            card:dismiss(true)
            drag:update(0.25)
            drag:cancel()
            ui.settle()
            print("still presented", root.presentedViewController == card, tc(card))
            -- a two-level dismissal: the middle sheet's did-callback sees it, before the completions
            drag = nil
            card.transitioningDelegate = nil
            card:dismiss(false)
            ui.settle()
            local mid = ui.ViewController{ name = "mid", viewDidDisappear = function(self) print("mid didDisappear", tc(self)) end }
            local top = ui.ViewController{ name = "top", viewDidDisappear = function(self) print("top didDisappear", tc(self)) end }
            root:present(mid, false); ui.settle()
            mid:present(top, false); ui.settle()
            root:dismiss(true, function() print("dismissed", tc(mid), tc(root)) end)
            root.transitionCoordinator:animate(nil, function() print("coordinator completion") end)
            ui.settle()
            -- refused: no coordinator
            local off = ui.ViewController{ name = "off" }
            off:present(ui.ViewController{ name = "never" }, true)
            print("refused", tc(off))
            -- two transitions on one controller: a push inside a presentation in flight
            local inner = ui.NavigationController{ name = "inner", root = ui.ViewController{ name = "first" } }
            root:present(inner, true)
            inner:pushViewController(ui.ViewController{ name = "second",
              viewWillAppear = function(self) print("second willAppear", tc(self)) end }, false)
            ui.advance(0.1)
            print("after the push", tc(inner))
            ui.settle()
            print("after both", tc(inner))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            card willAppear\toverFullScreen 0.50 false
            card didAppear\toverFullScreen 0.50 false
            presented at\t0.5
            box\t0.5
            card willDisappear\toverFullScreen 0.50 true\ttrue
            interaction\ttrue\t0.25
            card willAppear\toverFullScreen 0.50 true
            card didAppear\toverFullScreen 0.50 true
            dismissal over\ttrue\t0.625
            presented at\t0.625
            still presented\ttrue\tnone
            card willDisappear\toverFullScreen 0.00 false\tfalse
            dismissal over\tfalse\t0.625
            top didDisappear\tpageSheet 0.35 false
            mid didDisappear\tpageSheet 0.35 false
            dismissed\tpageSheet 0.35 false\tpageSheet 0.35 false
            coordinator completion
            refused\tnone
            second willAppear\tnone 0.00 false
            after the push\tpageSheet 0.35 false
            after both\tnone

            """)
    }

    /// The interaction's end on every path; a cancel leaves the alongside values, as UIKit's model does.
    @Test("an interactive tab switch is interactive from its first callback; an animator completing under a drag ends the interaction; a cancelled pop leaves the alongside values for its completion to restore")
    func interactionEnds() throws {
        let (outcome, out, _) = try runLua("""
            -- an interactive tab switch: interactive from its first callback; an animator that
            -- completes while its interaction still drives; a cancelled pop's completion keeps
            -- what it restores
            local slide = { transitionDuration = 0.3, animateTransition = function(ctx)
              local to = ctx:view("to")
              ctx.containerView:insertSubview(to, 1)
              to.frame = ctx:finalFrame(ctx.toViewController)
              ui.after(0.1, function() ctx:completeTransition(true) end)
            end }
            local drag
            local a = ui.ViewController{ name = "a", title = "A" }
            local b = ui.ViewController{ name = "b", title = "B", viewWillAppear = function(self)
              local c = self.transitionCoordinator
              print("b willAppear", c.initiallyInteractive, c.isInteractive)
              c:notifyWhenInteractionChanges(function(c) print("interaction ended", c.isCancelled, c.percentComplete) end)
            end }
            local tabs = ui.TabBarController{ name = "tabs", viewControllers = { a, b }, delegate = {
              animationController = function() return slide end,
              interactionController = function() return drag end } }
            ui.window.rootViewController = tabs
            ui.window:makeKeyAndVisible()
            ui.settle()
            drag = ui.PercentDrivenInteractiveTransition{ name = "drag" }
            tabs.selectedIndex = 2
            drag:update(0.5)
            -- the animator completes on its own while the drag still drives: the interaction ends with it
            local ctxDone = tabs.transitionCoordinator
            ui.advance(1)
            print("after", ctxDone.isInteractive, ctxDone.isCancelled, tabs.selectedViewController.name, tabs.transitionCoordinator)
            drag:finish()
            ui.settle()
            -- a cancelled pop: the completion's restore is kept
            local header = ui.View{ name = "header", frame = { 0, 0, 10, 10 } }
            local nav = ui.NavigationController{ name = "nav", root = ui.ViewController{ name = "home",
              viewWillAppear = function(self)
                local c = self.transitionCoordinator
                if not c then return end
                c:animate(function() header.alpha = 0.2; header.frame = { 100, 0, 10, 10 } end, function(c)
                  print("completion", c.isCancelled, header.alpha, header.frame.x)
                  if c.isCancelled then header.alpha = 0.9; header.frame = { 5, 5, 10, 10 } end
                end)
              end } }
            ui.window.rootViewController = nav
            nav.view:addSubview(header)
            nav:pushViewController(ui.ViewController{ name = "detail" }, false)
            ui.settle()
            ui.pan{ from = { 10, 400 }, to = { 60, 400 }, duration = 1 }
            ui.settle()
            print("restored", header.alpha, header.frame.x, #nav.viewControllers)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            b willAppear\ttrue\ttrue
            interaction ended\tfalse\t0.5
            after\tfalse\tfalse\tb\tnil
            completion\ttrue\t0.2\t100.0
            restored\t0.9\t5.0\t2

            """)
    }

    /// The coordinator holds its controllers weakly, and outlives them in Lua.
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

    /// A cancel leaves what a callback set while the drag ran (the run-back alongside
    /// animation does not undo it), and the cancel's viewWillAppear is no L23.
    @Test("a cancelled pop keeps a value set during the drag; the alongside call in the cancel's viewWillAppear is no lint")
    func cancelKeepsWhatWasSet() throws {
        let (outcome, out, _) = try runLua("""
            local header = ui.View{ name = "header", alpha = 0 }
            local function fadeIn(self)
              local c = self.transitionCoordinator
              if c then c:animate(function() header.alpha = 1 end) end
            end
            local root = ui.ViewController{ name = "root", viewWillAppear = fadeIn }
            local nav = ui.NavigationController{ name = "nav", root = root }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            nav.view:addSubview(header)
            nav:pushViewController(ui.ViewController{ name = "d", viewWillAppear = fadeIn }, false); ui.settle()
            header.alpha = 0
            local finger = ui.pan{ from = { 10, 400 }, to = { 40, 400 }, duration = 0.5, release = false }
            header.alpha = 0.4
            finger:move({ 50, 400 }, { duration = 0.5 }); finger:release(); ui.settle()
            print(header.alpha, #nav.viewControllers, #ui.trace.events{ kinds = "lint" })
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "0.4\t2\t0\n")
    }

    /// Memory: a coordinator, its blocks (which hold their controller) and the Lua
    /// functions go when the transition is over; push and pop cycles grow nothing.
    @Test("push and pop cycles with alongside blocks and completions leave nothing behind, garbage collected between steps")
    func cyclesLeaveNothingBehind() throws {
        let (outcome, out, rt) = try runLua("""
            local nav = ui.NavigationController{ name = "nav", root = ui.ViewController{ name = "a" } }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            ui.settle()
            local header = ui.View{ name = "header" }
            nav.view:addSubview(header)
            local n = 0
            function cycle()
              local d = ui.ViewController{ viewWillAppear = function(self)
                self.transitionCoordinator:animate(function() header.alpha = 0.5 end, function() n = n + 1; local _ = self end)
              end }
              nav:pushViewController(d, true); ui.settle()
              nav:popViewController(true); ui.settle()
              d = nil
              collectgarbage(); collectgarbage(); ui.trace.clear()
            end
            function count() print(n, nav.transitionCoordinator) end
            cycle()
            """)
        #expect(outcome == .ok && out.isEmpty, "\(outcome)")
        expectSteadyMemory(rt, step: "cycle()")
        var printed = ""
        rt.output = { printed += $0 }
        _ = rt.evaluate("count()")
        #expect(printed == "4\tnil\n")
    }
}
