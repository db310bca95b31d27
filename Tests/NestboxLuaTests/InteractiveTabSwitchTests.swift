import Testing
import Containment
@testable import NestboxLua

/// An interactive tab switch (policy Q69): the delegate's interaction controller drives
/// its animator; cancelled, the old tab stays selected with every appearance callback
/// balanced; finished, the new one is selected.
@Suite(.checksInvariants) struct InteractiveTabSwitchTests {
    static let setup = """
        local slide = { transitionDuration = 0.3, animateTransition = function(ctx)
          local to = ctx:view("to")
          ctx.containerView:insertSubview(to, 1)
          to.frame = ctx:finalFrame(ctx.toViewController)
          to.alpha = 0
          ui.animate{ duration = 0.3, animations = function() to.alpha = 1 end,
            completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
        end }
        local drag
        local a, b = ui.ViewController{ name = "a", title = "A" }, ui.ViewController{ name = "b", title = "B" }
        local tabs = ui.TabBarController{ name = "tabs", viewControllers = { a, b }, delegate = {
          animationController = function(tbc, from, to) return slide end,
          interactionController = function(tbc, animator) return drag end } }
        ui.window.rootViewController = tabs
        ui.window:makeKeyAndVisible()
        local function heard(since)
          local out = {}
          for _, e in ipairs(ui.trace.events{ kinds = "lifecycle", since = since }) do
            if e.event:find("ppear") then out[#out + 1] = e.object .. "." .. e.event end
          end
          return table.concat(out, " ")
        end

        """

    @Test("cancelled: the old tab stays selected, both controllers' callbacks balanced")
    func cancelled() throws {
        let (outcome, out, rt) = try runLua(Self.setup + """
            drag = ui.PercentDrivenInteractiveTransition{ name = "drag" }
            ui.trace.mark("switch")
            tabs.selectedIndex = 2
            drag:update(0.4)
            print(tabs.selectedViewController.name, a.appearanceState, b.appearanceState)
            drag:cancel()
            ui.settle()
            print(tabs.selectedViewController.name, tabs.tabBar.selectedItem == a.tabBarItem, a.appearanceState, b.appearanceState,
              b.view.superview == nil, a.view.superview == tabs.view)
            print(heard("switch"))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            b\tdisappearing\tappearing
            a\ttrue\tappeared\tdisappeared\ttrue\ttrue
            b.viewWillAppear a.viewWillDisappear b.viewIsAppearing a.viewWillAppear b.viewWillDisappear a.viewIsAppearing a.viewDidAppear b.viewDidDisappear

            """)
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning }.isEmpty)
    }

    @Test("finished: the new tab is selected, S30's order")
    func finished() throws {
        let (outcome, out, rt) = try runLua(Self.setup + """
            drag = ui.PercentDrivenInteractiveTransition{ name = "drag" }
            ui.trace.mark("switch")
            tabs.selectedIndex = 2
            drag:update(0.6)
            ui.tap("A")
            drag:finish()
            drag:cancel()
            ui.settle()
            print(tabs.selectedViewController.name, a.appearanceState, b.appearanceState, a.view.superview == nil)
            print(heard("switch"))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            b\tdisappeared\tappeared\ttrue
            b.viewWillAppear a.viewWillDisappear b.viewIsAppearing a.viewDidDisappear b.viewDidAppear

            """)
        // The tap on A during the switch was not taken; the cancel after the finish changed nothing.
        #expect(rt.simulation.trace.events.contains { $0.event == "ignored" && $0.args.contains { $0.1.text.contains("is switching tabs") } })
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning }.isEmpty)
    }
}
