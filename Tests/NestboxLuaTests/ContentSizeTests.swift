import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Policy Q78: `preferredContentSize` and the container's
/// `preferredContentSizeDidChange(forChildContentContainer:)`.
@Suite(.checksInvariants) struct ContentSizeTests {
    /// "object.event(container: name)" of each recorded preferredContentSizeDidChange.
    func told(_ rt: LuaRuntime) -> [String] {
        rt.simulation.trace.events.filter { $0.event == "preferredContentSizeDidChange" }
            .map { "\($0.object).\($0.event)(\($0.args.map { "\($0.0): \($0.1.text)" }.joined(separator: ", ")))" }
    }

    @Test("a child's new size tells its parent once, recorded then hooked; the same size again tells no one")
    func childTellsItsParent() throws {
        let (outcome, out, rt) = try runLua("""
        local Card = ui.ViewController:extend("Card")
        function Card:preferredContentSizeDidChange(child)
          ui.ViewController.preferredContentSizeDidChange(self, child)
          local s = child.preferredContentSize
          print("heard", child.name, s.width, s.height)
          local b = self.view.bounds
          child.view.frame = { 0, b.height - s.height, b.width, s.height }
        end
        local root = Card{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        local c = ui.ViewController{ name = "drawer" }
        print(c.preferredContentSize.width, c.preferredContentSize.height)
        c.preferredContentSize = { 0, 100 }          -- no parent yet: no one to tell
        root:addChild(c); root.view:addSubview(c.view); c:didMove(root)
        c.preferredContentSize = { width = 0, height = 300 }
        c.preferredContentSize = { 0, 300 }
        print(c.view.frame.y, c.view.frame.height)
        root:preferredContentSizeDidChange(c)        -- a direct call runs the hook
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "0.0\t0.0\nheard\tdrawer\t0.0\t300.0\n552.0\t300.0\nheard\tdrawer\t0.0\t300.0\n")
        #expect(told(rt) == ["root.preferredContentSizeDidChange(container: drawer)"])
    }

    @Test("a presented controller tells its custom presentation controller (whose callbacks' super calls do nothing); dismissed, no one")
    func presentedTellsItsPresentationController() throws {
        let (outcome, out, rt) = try runLua("""
        local Half = ui.PresentationController:extend("Half")
        function Half:frameOfPresentedViewInContainerView()
          local h = self.presentedViewController.preferredContentSize.height
          local b = self.containerView.bounds
          return { 0, b.height - h, b.width, h }
        end
        function Half:preferredContentSizeDidChange(c)
          ui.PresentationController.preferredContentSizeDidChange(self, c)
          print("pc heard", c.name, c.preferredContentSize.height)
          self.containerView:setNeedsLayout()
        end
        function Half:containerViewWillLayoutSubviews()
          ui.PresentationController.containerViewWillLayoutSubviews(self)
          self:presentedView().frame = self:frameOfPresentedViewInContainerView()
        end
        -- Every callback has UIKit's method for its super call, which does nothing.
        for _, name in ipairs{ "presentationTransitionWillBegin", "presentationTransitionDidEnd", "dismissalTransitionWillBegin",
                               "dismissalTransitionDidEnd", "containerViewDidLayoutSubviews" } do
          Half[name] = function(self, ...) return ui.PresentationController[name](self, ...) end
        end
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        local card = ui.ViewController{ name = "card", modalPresentationStyle = "custom", preferredContentSize = { 0, 200 } }
        card.transitioningDelegate = { presentationController = function() return Half{ name = "half" } end }
        root:present(card, false); ui.settle()
        print(card.view.frame.y)
        card.preferredContentSize = { 0, 400 }
        ui.settle()
        print(card.view.frame.y)
        card:dismiss(false); ui.settle()
        card.preferredContentSize = { 0, 100 }
        local sheet = ui.ViewController{ name = "sheet" }
        root:present(sheet, false); ui.settle()
        sheet.preferredContentSize = { 0, 100 }      -- UIKit's own sheet: nothing to tell on an iPhone
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "652.0\npc heard\tcard\t400.0\n452.0\n")
        #expect(told(rt) == ["half.preferredContentSizeDidChange(container: card)"])
    }

    @Test("the size is checked as every size is; the hook's argument survives collection between steps")
    func checkedAndCollected() throws {
        #expect(try errorMessage("ui.ViewController{}.preferredContentSize = { 0, 0/0 }")
                == "test:1: bad value for property 'preferredContentSize' of ViewController (size field 'height' must be a finite number)")
        let (outcome, out, _) = try runLua("""
        local P = ui.ViewController:extend("P")
        function P:preferredContentSizeDidChange(child) seen = child end
        local p = P{ name = "p" }
        ui.window.rootViewController = p
        ui.window:makeKeyAndVisible()
        do
          local c = ui.ViewController{ name = "c" }
          p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
        end
        collectgarbage(); collectgarbage()
        p.children[1].preferredContentSize = { 10, 20 }
        collectgarbage(); collectgarbage()
        print(seen.name, seen.preferredContentSize.height, seen.parent == p)
        seen:willMove(nil); seen.view:removeFromSuperview(); seen:removeFromParent()
        seen = nil
        collectgarbage(); collectgarbage()
        print(#p.children)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "c\t20.0\ttrue\n0\n")
    }
}
