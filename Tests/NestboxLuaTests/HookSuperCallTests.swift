import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Policy Q76: a hook's super call (`ui.ViewController.viewWillAppear(self, animated)`,
/// Swift's `super.viewWillAppear(animated)`) does nothing more, where it ran the hook
/// again without end (willMove's, viewDidLoad's, layoutSubviews's) or warned W19 each
/// time; every hook has a bound method to call. A direct call elsewhere is unchanged.
@Suite(.checksInvariants) struct HookSuperCallTests {
    @Test("every hook's super call, made from the hook, runs it once and records each event once")
    func everySuperCallFromItsHook() throws {
        let (outcome, out, rt) = try runLua("""
        local D = ui.ViewController:extend("D")
        for _, h in ipairs{ "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewSafeAreaInsetsDidChange", "didReceiveMemoryWarning" } do
          D[h] = function(self) print(h); ui.ViewController[h](self) end
        end
        for _, h in ipairs{ "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
          D[h] = function(self, animated) print(h, animated); ui.ViewController[h](self, animated) end
        end
        for _, h in ipairs{ "willMove", "didMove" } do
          D[h] = function(self, parent) print(h, parent and parent.name); ui.ViewController[h](self, parent) end
        end
        function D:viewWillTransition(size, c) print("viewWillTransition", size.width); ui.ViewController.viewWillTransition(self, size, c) end
        function D:willTransition(t, c) print("willTransition", t.verticalSizeClass); ui.ViewController.willTransition(self, t, c) end
        function D:traitCollectionDidChange(p) print("traitCollectionDidChange"); ui.ViewController.traitCollectionDidChange(self, p) end
        local S = ui.ScrollView:extend("S")
        for _, h in ipairs{ "layoutSubviews", "didMoveToSuperview", "didMoveToWindow", "safeAreaInsetsDidChange", "adjustedContentInsetDidChange" } do
          S[h] = function(self) print(h); ui.ScrollView[h](self) end
        end
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        collectgarbage()
        local d = D{ name = "d" }
        root:addChild(d); root.view:addSubview(d.view); d:didMove(root)
        collectgarbage()
        d.view:addSubview(S{ name = "s", frame = { 0, 0, 100, 100 } })
        ui.settle()
        collectgarbage()
        ui.rotate("landscapeLeft")
        ui.settle()
        ui.memoryWarning()
        d:willMove(nil); d.view:removeFromSuperview(); d:removeFromParent()
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        willMove\troot
        viewDidLoad
        viewWillAppear\tfalse
        viewSafeAreaInsetsDidChange
        viewWillLayoutSubviews
        viewDidLayoutSubviews
        viewIsAppearing\tfalse
        viewDidAppear\tfalse
        didMove\troot
        didMoveToSuperview
        didMoveToWindow
        safeAreaInsetsDidChange
        layoutSubviews
        viewWillLayoutSubviews
        viewDidLayoutSubviews
        viewWillTransition\t852.0
        willTransition\tcompact
        viewSafeAreaInsetsDidChange
        viewWillLayoutSubviews
        viewDidLayoutSubviews
        safeAreaInsetsDidChange
        layoutSubviews
        traitCollectionDidChange
        didReceiveMemoryWarning
        willMove\tnil
        viewWillDisappear\tfalse
        didMoveToWindow
        viewDidDisappear\tfalse
        didMove\tnil

        """)
        let events = rt.simulation.trace.events.filter { $0.object == "d" && [.lifecycle, .containment].contains($0.kind) }
        #expect(events.map(\.body) == [
            "d.willMove(toParent: root)", "d.loadView()", "d.viewDidLoad()", "d.viewWillAppear(animated: false)",
            "d.viewSafeAreaInsetsDidChange()", "d.viewWillLayoutSubviews()", "d.viewDidLayoutSubviews()",
            "d.viewIsAppearing(animated: false)", "d.viewDidAppear(animated: false)", "d.didMove(toParent: root)",
            "d.viewWillLayoutSubviews()", "d.viewDidLayoutSubviews()", "d.viewWillTransition(size: \"852 x 393\")",
            "d.willTransition(traits: \"compact x compact\")", "d.viewSafeAreaInsetsDidChange()",
            "d.viewWillLayoutSubviews()", "d.viewDidLayoutSubviews()", "d.traitCollectionDidChange()",
            "d.didReceiveMemoryWarning()", "d.willMove(toParent: nil)", "d.viewWillDisappear(animated: false)",
            "d.viewDidDisappear(animated: false)", "d.didMove(toParent: nil)",
        ])
        #expect(!rt.simulation.trace.events.contains { $0.kind == .warning })
    }

    @Test("a super call through a script's class without the hook reaches the bound method; a direct call elsewhere is as before")
    func directCallsAndInheritedSuperCalls() throws {
        let (outcome, out, rt) = try runLua("""
        local Base = ui.ViewController:extend("Base")
        local D = Base:extend("D")
        function D:viewWillAppear(animated) print("D will appear", animated); Base.viewWillAppear(self, animated) end
        function D:viewDidLoad() print("D loaded"); Base.viewDidLoad(self) end
        local d = D{ name = "d" }
        ui.window.rootViewController = d
        ui.window:makeKeyAndVisible()
        collectgarbage()
        d:viewDidLoad()
        d:viewWillAppear(true)
        print(pcall(function() d:traitCollectionDidChange(d.traitCollection) end))
        print(pcall(function() ui.ViewController.willTransition(d, d.traitCollection, nil) end))
        d.view:didMoveToWindow()
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        D loaded
        D will appear\tfalse
        D loaded
        D will appear\ttrue
        false\ttest:11: ViewController:traitCollectionDidChange is UIKit's to call: Nestbox models it as the super call from the hook traitCollectionDidChange only (policy Q76)
        false\ttest:12: bad argument #3 to 'willTransition' (TransitionCoordinator expected, got nil)

        """)
        // The direct call of viewWillAppear is W19's misuse, once.
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning }.count == 1)
    }

    @Test("the hooks the model asks answer as UIKit does: loadView's super call makes the class's view, sizeForChildContentContainer's gives the class's size")
    func askedHooksSuperCalls() throws {
        let (outcome, out, _) = try runLua("""
        local N = ui.NavigationController:extend("N")
        function N:loadView() ui.NavigationController.loadView(self); print("loaded", #self.view.subviews) end
        local P = ui.ViewController:extend("P")
        function P:sizeForChildContentContainer(child, size)
          if child.name == "half" then return { width = size.width / 2, height = size.height } end
          return ui.ViewController.sizeForChildContentContainer(self, child, size)
        end
        local n = N{ name = "n", root = ui.ViewController{ name = "top" } }
        collectgarbage()
        print(n.view.className, n.navigationBar.superview == n.view)
        local p = P{ name = "p" }
        local half = ui.ViewController{ name = "half", viewWillTransition = function(_, size) print("half gets", size.width) end }
        local whole = ui.ViewController{ name = "whole" }
        collectgarbage()
        print(p:sizeForChildContentContainer(half, { 100, 50 }).width, p:sizeForChildContentContainer(whole, { 100, 50 }).width)
        print(ui.ViewController{}:sizeForChildContentContainer(half, { 100, 50 }).width)
        print(pcall(function() p:loadView() end))
        ui.window.rootViewController = p
        ui.window:makeKeyAndVisible()
        p:addChild(half); p.view:addSubview(half.view); half:didMove(p)
        ui.rotate("landscapeLeft")
        ui.settle()
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        loaded\t0
        LayoutContainerView\ttrue
        50.0\t100.0
        100.0
        false\ttest:17: ViewController:loadView is UIKit's to call: read `view` or call `loadViewIfNeeded()`; from the hook loadView it is the super call (policy Q76)
        half gets\t426.0

        """)
    }

    @Test("S36: a container's viewWillTransition and willTransition reach the children only by super, or by hand while the transition is announced")
    func sizeChangesReachChildrenBySuper() throws {
        let (outcome, out, _) = try runLua("""
        local function child(name)
          return ui.ViewController{ name = name,
            viewWillTransition = function(_, size) print(name .. " size", size.width) end,
            willTransition = function(_, t) print(name .. " traits", t.verticalSizeClass) end }
        end
        local Silent = ui.ViewController:extend("Silent")
        function Silent:viewWillTransition(size, c) print("silent", size.width) end
        function Silent:willTransition(t, c) print("silent traits") end
        local ByHand = ui.ViewController:extend("ByHand")
        local announced
        function ByHand:viewWillTransition(size, c)
          announced = c
          -- a narrower child, forwarded by hand; then super with another size for the rest
          self.children[1]:viewWillTransition({ width = 100, height = size.height }, c)
          ui.ViewController.viewWillTransition(self, { width = size.width - 2, height = size.height }, c)
        end
        function ByHand:willTransition(t, c) self.children[1]:willTransition(t, c) end
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        local silent, byHand = Silent{ name = "s" }, ByHand{ name = "h" }
        for _, p in ipairs{ silent, byHand } do root:addChild(p); root.view:addSubview(p.view); p:didMove(root) end
        local a, b, c = child("a"), child("b"), child("c")
        silent:addChild(a); silent.view:addSubview(a.view); a:didMove(silent)
        for _, x in ipairs{ b, c } do byHand:addChild(x); byHand.view:addSubview(x.view); x:didMove(byHand) end
        c.view.frame = { 0, 0, 10, 10 }
        ui.rotate("landscapeLeft")
        ui.settle()
        local ok, why = pcall(function() b:viewWillTransition({ width = 1, height = 1 }, announced) end)
        print(ok, (why:gsub("^test:%d+: ", "")))
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        silent\t852.0
        b size\t100.0
        b size\t850.0
        c size\t850.0
        silent traits
        b traits\tcompact
        false\tViewController:viewWillTransition is UIKit's to call: a container forwards it by hand only while the transition is announced (from a viewWillTransition or willTransition hook) (policy Q76)

        """)
    }

    @Test("a sizeForChildContentContainer answer that is no size is the hook's error at its line; the child gets the parent's size")
    func badChildSizeAnswers() throws {
        let (outcome, out, rt) = try runLua("""
        local P = ui.ViewController:extend("P")
        function P:sizeForChildContentContainer(child, size)
          if child.name == "a" then return "wide" end
          return { width = -5, height = size.height }
        end
        local p = P{ name = "p" }
        ui.window.rootViewController = p
        ui.window:makeKeyAndVisible()
        for _, name in ipairs{ "a", "b" } do
          local c = ui.ViewController{ name = name, viewWillTransition = function(_, s) print(name, s.width) end }
          p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
        end
        ui.rotate("landscapeLeft")
        """, keepGoing: true)
        _ = outcome
        #expect(out == "a\t852.0\nb\t852.0\n")
        let errors = rt.simulation.trace.events.filter { $0.kind == .error }.map { $0.message ?? "" }
        #expect(errors == [
            "test:2: sizeForChildContentContainer(child, parentSize) returned a string: a size { width, height } of finite numbers, at least 0, is expected",
            "test:2: sizeForChildContentContainer(child, parentSize) returned a size of -5 x 393: a size { width, height } of finite numbers, at least 0, is expected",
        ], "\(errors)")
    }
}
