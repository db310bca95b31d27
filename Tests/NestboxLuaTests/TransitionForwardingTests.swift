import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// transition(from:to:) in a container that forwards appearance by hand fails, as
/// UIViewController.h says (W23, policy Q62); nothing changes.
@Suite(.checksInvariants) struct TransitionForwardingTests {
    @Test func aManualForwarderCannotUseTransition() throws {
        let (outcome, out, _) = try runLua("""
        local c = ui.ViewController{ name = "c", shouldAutomaticallyForwardAppearanceMethods = false }
        ui.window.rootViewController = c
        ui.window:makeKeyAndVisible()
        local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
        c:addChild(a); c.view:addSubview(a.view); a:beginAppearanceTransition(true, false); a:endAppearanceTransition(); a:didMove(c)
        c:addChild(b)
        local ok, err = pcall(function() c:transition{ from = a, to = b, duration = 0.3 } end)
        print(ok, err)
        ui.settle()
        print(a.view.superview == c.view, b.isViewLoaded, a.appearanceState, b.appearanceState)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        false\ttest:7: NSInvalidArgumentException: Nestbox: <ViewController: c> forwards appearance callbacks to its children itself (shouldAutomaticallyForwardAppearanceMethods is false), so -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:] fails (UIViewController.h)
        true\tfalse\tappeared\tdisappeared

        """)
    }
}

/// viewIsAppearing under manual forwarding (policy Q66): at the first moment after
/// viewWillAppear that the view is in the window and laid out, whichever of the view's
/// add and the begin comes first; before endAppearanceTransition either way.
@Suite(.checksInvariants) struct ManualIsAppearingTests {
    static func order(addFirst: Bool) throws -> String {
        let (outcome, out, _) = try runLua("""
        local c = ui.ViewController{ name = "c", shouldAutomaticallyForwardAppearanceMethods = false }
        ui.window.rootViewController = c
        ui.window:makeKeyAndVisible()
        local heard = {}
        local a = ui.ViewController{ name = "a",
          viewWillAppear = function(self) heard[#heard + 1] = "willAppear" end,
          viewWillLayoutSubviews = function(self) heard[#heard + 1] = "layout" end,
          viewIsAppearing = function(self) heard[#heard + 1] = "isAppearing(window=" .. tostring(self.view.window ~= nil) .. ")" end,
          viewDidAppear = function(self) heard[#heard + 1] = "didAppear" end }
        c:addChild(a)
        a.view.frame = c.view.bounds
        if \(addFirst) then
          c.view:addSubview(a.view); heard[#heard + 1] = "added"
          a:beginAppearanceTransition(true, false); heard[#heard + 1] = "begun"
        else
          a:beginAppearanceTransition(true, false); heard[#heard + 1] = "begun"
          c.view:addSubview(a.view); heard[#heard + 1] = "added"
        end
        a:endAppearanceTransition(); heard[#heard + 1] = "ended"
        a:didMove(c)
        print(table.concat(heard, " "))
        """)
        #expect(outcome == .ok, "\(outcome)")
        return out
    }

    @Test func viewAddedBeforeTheBegin() throws {
        #expect(try Self.order(addFirst: true) == "layout added willAppear isAppearing(window=true) begun didAppear ended\n")
    }

    @Test func viewAddedAfterTheBegin() throws {
        #expect(try Self.order(addFirst: false) == "willAppear begun layout isAppearing(window=true) added didAppear ended\n")
    }

    /// Begun from the container's viewWillAppear, before the container's view is in the
    /// window: the child's view enters with it, and viewIsAppearing follows the
    /// container's, before either viewDidAppear.
    @Test func begunFromTheContainersViewWillAppear() throws {
        let (outcome, out, _) = try runLua("""
        local heard = {}
        local function note(s) return function(self) heard[#heard + 1] = self.name .. "." .. s end end
        local kid = ui.ViewController{ name = "kid", viewIsAppearing = note("isAppearing"), viewDidAppear = note("didAppear") }
        local c = ui.ViewController{ name = "c", shouldAutomaticallyForwardAppearanceMethods = false,
          viewDidLoad = function(self) self:addChild(kid); self.view:addSubview(kid.view); kid:didMove(self) end,
          viewWillAppear = function(self, a) kid:beginAppearanceTransition(true, a) end,
          viewIsAppearing = note("isAppearing"),
          viewDidAppear = function(self, a) heard[#heard + 1] = "c.didAppear"; kid:endAppearanceTransition() end }
        ui.window.rootViewController = c
        ui.window:makeKeyAndVisible()
        print(table.concat(heard, " "))
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "c.isAppearing kid.isAppearing c.didAppear kid.didAppear\n")
    }
}
