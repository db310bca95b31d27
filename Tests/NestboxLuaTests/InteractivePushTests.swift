import Testing
import Containment
import InvariantChecking
@testable import NestboxLua

/// A push a delegate's interaction controller drives (policy Q11): cancelled, the pushed
/// controller leaves the stack and its parent, so the stack is the one shown; a push made
/// meanwhile waits for that outcome (Q7) and is made on the stack it leaves.
@Suite(.checksInvariants) struct InteractivePushTests {
    static let setup = """
        local used = false
        local function names(nav) local s = {} for _, v in ipairs(nav.viewControllers) do s[#s + 1] = v.name end return table.concat(s, ",") end
        local fade = { transitionDuration = 0.4, animateTransition = function(ctx)
          local to, from = ctx:view("to"), ctx:view("from")
          ctx.containerView:addSubview(to)
          ui.animate{ duration = 0.4, animations = function() from.alpha = 0.5 end,
            completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
        end }
        local drive = ui.PercentDrivenInteractiveTransition{ name = "drive" }
        local r, a, b = ui.ViewController{ name = "r" }, ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
        local nav = ui.NavigationController{ name = "nav", root = r, delegate = {
          animationController = function(nav, op, from, to) return fade end,
          interactionController = function(nav, animator) if used then return nil end used = true return drive end } }
        ui.window.rootViewController = nav
        ui.window:makeKeyAndVisible()
        ui.settle()
        nav:pushViewController(a, true)
        ui.advance(0.05); drive:update(0.3)
        """

    @Test("cancelled, the pushed controller leaves the stack; the old top shows again")
    func cancelled() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            drive:cancel(); ui.settle()
            print(names(nav), nav.topViewController.name, r.appearanceState, a.appearanceState, a.parent)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "r\tr\tappeared\tdisappeared\tnil\n")
    }

    @Test("a push made during it waits, and after the cancel is made on the stack it left")
    func pushDuringItThenCancel() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            nav:pushViewController(b, true)
            print(names(nav))
            drive:cancel(); ui.settle()
            print(names(nav), nav.topViewController.name, r.appearanceState, a.appearanceState, b.appearanceState)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "r,a\nr,b\tb\tdisappeared\tdisappeared\tappeared\n")
    }
}
