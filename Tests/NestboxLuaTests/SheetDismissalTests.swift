import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Policy Q81: the presentation controller UIKit makes, a page sheet's swipe down,
/// `isModalInPresentation` and the adaptive delegate's dismissal methods.
@Suite(.checksInvariants) struct SheetDismissalTests {
    /// A root on screen, `sheet` (a `Watch`) and a delegate table that prints each call.
    static let setup = """
        local Watch = ui.ViewController:extend("Watch")
        function Watch:viewWillAppear(a) print(self.name .. " willAppear", a) end
        function Watch:viewDidAppear(a) print(self.name .. " didAppear", a) end
        function Watch:viewWillDisappear(a) print(self.name .. " willDisappear", a) end
        function Watch:viewDidDisappear(a) print(self.name .. " didDisappear", a) end
        local root = Watch{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        ui.settle()
        sheet = Watch{ name = "sheet" }
        answer = nil
        delegate = {
          shouldDismiss = function(pc) print("shouldDismiss", pc.presentedViewController.name) return answer end,
          willDismiss = function(pc) local vc = pc.presentedViewController; print("willDismiss", vc.transitionCoordinator ~= nil, vc.isBeingDismissed) end,
          didDismiss = function(pc) print("didDismiss", root.presentedViewController) end,
          didAttemptToDismiss = function(pc) print("didAttemptToDismiss", pc.presentationStyle) end,
        }
        sheet.presentationController.delegate = delegate
        root:present(sheet, true)
        ui.settle()
        print("--")

        """

    @Test("a swipe down past half the sheet dismisses it: shouldDismiss and willDismiss as the pull begins, the disappearance callbacks, then didDismiss")
    func swipeDismisses() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController, sheet.presentingViewController, sheet.view.window)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            shouldDismiss\tsheet
            willDismiss\ttrue\ttrue
            sheet willDisappear\ttrue
            sheet didDisappear\ttrue
            didDismiss\tnil
            nil\tnil\tnil

            """)
    }

    @Test("a short swipe cancels: the sheet stays, back at its frame, with S39's callbacks and no didDismiss")
    func shortSwipeCancels() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            local frame = sheet.view.frame
            ui.pan{ from = { 200, 300 }, to = { 200, 400 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController.name, sheet.view.frame.y == frame.y, sheet.view.window ~= nil)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            shouldDismiss\tsheet
            willDismiss\ttrue\ttrue
            sheet willDisappear\ttrue
            sheet willAppear\ttrue
            sheet didAppear\ttrue
            sheet\ttrue\ttrue

            """)
    }

    @Test("isModalInPresentation on a presented navigation controller's root refuses the swipe without asking shouldDismiss; shouldDismiss false refuses it after asking")
    func refusals() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            sheet.isModalInPresentation = true
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            sheet.isModalInPresentation = false
            answer = false
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController.name)
            root:dismiss(false)
            ui.settle()
            print("-- a navigation controller")
            local form = ui.ViewController{ name = "form" }
            local nav = ui.NavigationController{ name = "nav", root = form }
            nav.presentationController.delegate = delegate
            answer = nil
            form.isModalInPresentation = true
            print(nav.isModalInPresentation, form.isModalInPresentation)
            root:present(nav, true)
            ui.settle()
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController.name)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").dropFirst().joined(separator: "--\n") == """
            didAttemptToDismiss\tpageSheet
            shouldDismiss\tsheet
            didAttemptToDismiss\tpageSheet
            sheet
            sheet willDisappear\tfalse
            sheet didDisappear\tfalse
            -- a navigation controller
            false\ttrue
            didAttemptToDismiss\tpageSheet
            nav

            """)
    }

    @Test("presentationController before present is the one the presentation uses; a style change makes another; none before a custom presentation; a programmatic dismiss tells the delegate nothing")
    func presentationControllers() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            local pc = sheet.presentationController
            print(pc.name, pc.presentationStyle, pc.presentingViewController.name, pc.delegate == delegate)
            sheet:dismiss(false)
            ui.settle()
            print(sheet.presentationController == pc, pc.presentingViewController.name)
            local full = ui.ViewController{ name = "full", modalPresentationStyle = "fullScreen" }
            local fpc = full.presentationController
            print(fpc.name, fpc.presentationStyle, fpc.presentedViewController.name, fpc.presentingViewController)
            full.modalPresentationStyle = "overFullScreen"
            print(full.presentationController == fpc, full.presentationController.presentationStyle)
            full.modalPresentationStyle = "custom"
            print(full.presentationController)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            SheetPresentationController#1\tpageSheet\troot\ttrue
            sheet willDisappear\tfalse
            sheet didDisappear\tfalse
            true\troot
            PresentationController#1\tfullScreen\tfull\tnil
            false\toverFullScreen
            nil

            """)
    }

    @Test("the swipe is the sheet's: a sideways drag and a sheet being presented are refused with a reason; a script's pan under the finger takes the drag first")
    func whoTakesTheDrag() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            ui.pan{ from = { 100, 300 }, to = { 300, 320 }, duration = 0.3 }
            sheet:dismiss(false)
            ui.settle()
            root:present(sheet, false)
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            local p = ui.PanGestureRecognizer{}
            p.action = function(g) if g.state == "ended" then print("script's pan") end end
            sheet.view:addGestureRecognizer(p)
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController.name)
            for _, line in ipairs(ui.trace.lines{ kinds = "input" }) do if line:find("ignored") then print(line) end end
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            sheet willDisappear\tfalse
            sheet didDisappear\tfalse
            sheet willAppear\tfalse
            sheet didAppear\tfalse
            script's pan
            sheet
            input.ignored("pan", reason: "the sheet's swipe does not begin: the drag does not go down")
            input.ignored("pan", reason: "the sheet's swipe does not begin: <Watch: sheet> is being presented")

            """)
    }

    @Test("a delegate key spelt as UIKit's selector is refused with its key; the adaptive and sheet delegates' other methods are refused")
    func selectorKeys() throws {
        let message = try errorMessage("""
            local vc = ui.ViewController{}
            vc.presentationController.delegate = { presentationControllerDidDismiss = function() end }
            """)
        #expect(message == "test:2: delegate key 'presentationControllerDidDismiss' is UIAdaptivePresentationControllerDelegate's presentationControllerDidDismiss(_:), whose key is `didDismiss` (docs/api-conventions.md)")
        #expect(try errorMessage("""
            local vc = ui.ViewController{ modalPresentationStyle = "fullScreen" }
            vc.presentationController.delegate = { adaptivePresentationStyle = function() return "none" end }
            """) == "test:2: delegate key 'adaptivePresentationStyle' is UIAdaptivePresentationControllerDelegate's adaptivePresentationStyle(for:), which Nestbox does not model (docs/coverage.md)")
        #expect(try errorMessage("""
            local vc = ui.ViewController{}
            vc.sheetPresentationController.delegate = { sheetPresentationControllerDidChangeSelectedDetentIdentifier = function() end }
            """) == "test:2: delegate key 'sheetPresentationControllerDidChangeSelectedDetentIdentifier' is UISheetPresentationControllerDelegate's sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:), which Nestbox does not model (docs/coverage.md)")
    }

    @Test("the delegate table lives as long as the controller holds its presentation controller, through collections; repeated swipes keep memory steady")
    func lifetime() throws {
        let (outcome, out, rt) = try runLua(Self.setup + """
            sheet = nil
            collectgarbage(); collectgarbage()
            local function pull() ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }; ui.settle() end
            function swipe()
              local shown = root.presentedViewController
              shown.isModalInPresentation = true
              pull()
              shown.isModalInPresentation = false
              pull()
              root:present(shown, false); ui.settle()
              shown = nil
              collectgarbage(); collectgarbage(); ui.trace.clear()
            end
            swipe()
            """)
        #expect(outcome == .ok, "\(outcome)")
        let once = "didAttemptToDismiss\tpageSheet\nshouldDismiss\tsheet\nwillDismiss\ttrue\ttrue\nsheet willDisappear\ttrue\n"
            + "sheet didDisappear\ttrue\ndidDismiss\tnil\nsheet willAppear\tfalse\nsheet didAppear\tfalse\n"
        #expect(out.components(separatedBy: "--\n").last == once)
        #expect(expectSteadyMemory(rt, step: "swipe()") == String(repeating: once, count: 3))
    }
}

extension SheetDismissalTests {
    @Test("a page sheet's presentation controller is a SheetPresentationController: sheetPresentationController answers it, and its unmodelled members are refused by name")
    func sheetMembers() throws {
        let (outcome, out, _) = try runLua("""
            local vc = ui.ViewController{ name = "vc" }
            print(vc.sheetPresentationController == vc.presentationController, vc.presentationController.name)
            vc.modalPresentationStyle = "fullScreen"
            print(vc.sheetPresentationController, vc.presentationController.name)
            vc.modalPresentationStyle = "pageSheet"
            print(pcall(function() vc.sheetPresentationController.detents = { "medium" } end))
            print(pcall(function() vc.presentationController:invalidateDetents() end))
            print(pcall(function() return ui.SheetPresentationController{} end))
            print(pcall(function() vc.presentationController.presentationTransitionWillBegin = function() end end))
            print(pcall(function() vc.presentationController.frameOfPresentedViewInContainerView = function() end end))
            vc.presentationController.note = "kept"
            print(vc.presentationController.note)
            local over = ui.ViewController{ modalPresentationStyle = "overFullScreen" }
            print(pcall(function() over.presentationController.presentationTransitionWillBegin = function() end end))
            print(over.presentationController.presentationTransitionWillBegin == ui.PresentationController.presentationTransitionWillBegin)
            over.presentationController.note = function() end
            print(type(over.presentationController.note))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            true\tSheetPresentationController#1
            nil\tPresentationController#1
            false\ttest:6: UISheetPresentationController.detents is not modelled by Nestbox (docs/coverage.md)
            false\ttest:7: UISheetPresentationController.invalidateDetents is not modelled by Nestbox (docs/coverage.md)
            false\ttest:8: ui.SheetPresentationController: UIKit makes a page sheet's presentation controller; vc.sheetPresentationController answers it (Q81 in docs/policies.md)
            false\ttest:9: 'presentationTransitionWillBegin' is a method of SheetPresentationController, not a field (docs/api-conventions.md)
            false\ttest:10: 'frameOfPresentedViewInContainerView' is a method of SheetPresentationController, not a field (docs/api-conventions.md)
            kept
            false\ttest:14: 'presentationTransitionWillBegin' overrides a presentation controller's method, and the one UIKit made for the style overFullScreen takes none: a script's presentation controller is a custom presentation's (docs/policies.md, Q81)
            true
            function

            """)
    }

    @Test("the sheet stays under the finger, point for point; willDismiss finds an interactive coordinator")
    func followsTheFinger() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            delegate.willDismiss = nil
            sheet.presentationController.delegate = { willDismiss = function(pc)
              local tc = pc.presentedViewController.transitionCoordinator
              print("willDismiss", tc.isInteractive, tc.initiallyInteractive)
            end }
            local top = sheet.view.frame.y
            local t = ui.pan{ from = { 200, 300 }, to = { 200, 400 }, duration = 0.2, release = false }
            print(string.format("%g", sheet.view.presentation.frame.y - top))
            t:move({ 200, 700 }, { duration = 0.2 })
            print(string.format("%g", sheet.view.presentation.frame.y - top))
            t:release()
            ui.settle()
            print(root.presentedViewController)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            willDismiss\ttrue\ttrue
            sheet willDisappear\ttrue
            100
            400
            sheet didDisappear\ttrue
            nil

            """)
    }

    @Test("a page sheet's dimming view takes touches outside it; a scroll view at its top hands a drag down to the sheet, one scrolled down scrolls")
    func touchesAroundTheSheet() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local home = ui.Button{ name = "home", frame = { 150, 35, 100, 30 } }
            home:addTarget(function() print("home tapped") end)
            root.view:addSubview(home)
            local sheet = ui.ViewController{ name = "sheet" }
            local list = ui.ScrollView{ name = "list", frame = { 0, 0, 393, 700 }, contentSize = { 393, 3000 } }
            sheet.view:addSubview(list)
            root:present(sheet, true)
            ui.settle()
            ui.tap(home)
            ui.pan{ from = { 200, 40 }, to = { 200, 400 }, duration = 0.3 }
            list.contentOffset = { 0, 500 }
            ui.pan{ from = { 200, 300 }, to = { 200, 400 }, duration = 0.3 }
            ui.settle()
            print(list.contentOffset.y < 500, root.presentedViewController.name)
            list.contentOffset = { 0, 0 }
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController)
            for _, line in ipairs(ui.trace.lines{ kinds = "input" }) do if line:find("ignored") then print(line) end end
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            true\tsheet
            nil
            input.ignored("tap", reason: "outside the page sheet of <ViewController: sheet>, whose dimming view takes it (Q81)")
            input.ignored("pan", reason: "outside the page sheet of <ViewController: sheet>, whose dimming view takes it (Q81)")

            """)
    }

    @Test("a delegate closing over its controller, or a field on the presentation controller, does not keep a dropped controller alive")
    func noCycleThroughTheAnchor() throws {
        let (outcome, _, rt) = try runLua("""
            function make()
              local vc = ui.ViewController{}
              vc.presentationController.delegate = { didDismiss = function() return vc end }
              local other = ui.ViewController{}
              other.presentationController.note = "x"
              collectgarbage(); collectgarbage()
            end
            make()
            """)
        #expect(outcome == .ok, "\(outcome)")
        expectSteadyMemory(rt, step: "make()")
    }

    @Test("a delegate that dismisses or presents in shouldDismiss: the swipe then moves nothing, and didDismiss is not told of the script's own dismissal")
    func reentrantShouldDismiss() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            delegate.shouldDismiss = function(pc) print("shouldDismiss"); root:dismiss(false, function() print("dismissed") end); return true end
            ui.pan{ from = { 200, 300 }, to = { 200, 320 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController)
            root:present(sheet, false); ui.settle()
            local x = ui.ViewController{ name = "x" }
            delegate.shouldDismiss = function(pc) sheet:present(x, false); return true end
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController.name, sheet.presentedViewController.name, x.view.window ~= nil)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            shouldDismiss
            sheet willDisappear\tfalse
            sheet didDisappear\tfalse
            dismissed
            nil
            sheet willAppear\tfalse
            sheet didAppear\tfalse
            sheet\tx\ttrue

            """)
    }

    @Test("a child answers its presented ancestor's presentation controller (Apple: the nearest managing it), before and after present; a style changed before present gets a new one")
    func childrenAnswerTheirAncestors() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            local form = ui.ViewController{ name = "form" }
            local nav = ui.NavigationController{ name = "nav", root = form }
            print(form.presentationController == nav.presentationController, form.sheetPresentationController == nav.presentationController)
            form.presentationController.delegate = { shouldDismiss = function() print("asked") return false end,
              didAttemptToDismiss = function(pc) print("kept", pc.presentedViewController.name) end }
            sheet:dismiss(false); ui.settle()
            root:present(nav, true); ui.settle()
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            root:dismiss(false); ui.settle()
            local old = nav.presentationController
            nav.modalPresentationStyle = "overFullScreen"
            root:present(nav, false); ui.settle()
            print(nav.presentationController == old, nav.presentationController.presentationStyle, nav.presentationController.presentingViewController.name)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            true\ttrue
            sheet willDisappear\tfalse
            sheet didDisappear\tfalse
            asked
            kept\tnav
            false\toverFullScreen\troot

            """)
    }

    @Test("a view the script put in the window above a sheet stays reachable; the dimming view takes the rest")
    func viewsAboveTheSheet() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            local badge = ui.Button{ name = "badge", frame = { 10, 10, 40, 40 } }
            badge:addTarget(function() print("badge") end)
            ui.window:addSubview(badge)
            ui.tap(badge)
            print(ui.tap({ x = 200, y = 30 }))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == "badge\nnil\n")
    }

    @Test("a sheet turned while it springs back lands at its style's frame for the new window; a finger that rests before lifting flings nothing; the trace shows the delegate's calls and answer only with a delegate")
    func turnsPausesAndTrace() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            answer = false
            ui.trace.mark("refused")
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            for _, line in ipairs(ui.trace.lines{ since = "refused", kinds = "delegate" }) do print(line) end
            sheet.presentationController.delegate = nil
            ui.pan{ from = { 200, 300 }, to = { 200, 500 }, duration = 0.3 }
            ui.rotate("landscapeLeft"); ui.settle()
            local f = sheet.view.frame
            print(string.format("%g %g %g %g", f.x, f.y, f.width, f.height))
            ui.rotate("portrait"); ui.settle()
            local t = ui.pan{ from = { 200, 300 }, to = { 200, 380 }, duration = 0.05, steps = 4, release = false }
            ui.advance(2); t:release(); ui.settle()
            print(root.presentedViewController.name)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            shouldDismiss\tsheet
            didAttemptToDismiss\tpageSheet
            SheetPresentationController#1.delegate.shouldDismiss() -> false
            SheetPresentationController#1.delegate.didAttemptToDismiss()
            sheet willDisappear\ttrue
            sheet willAppear\ttrue
            sheet didAppear\ttrue
            0 0 852 393
            sheet willDisappear\ttrue
            sheet willAppear\ttrue
            sheet didAppear\ttrue
            sheet

            """)
    }

    @Test("Q67: what a child of the dismissed controller presented over its context leaves with it, its callbacks balanced and its links cleared")
    func contextInsideTheSheet() throws {
        let (outcome, out, _) = try runLua(Self.setup + """
            local inner = Watch{ name = "inner", definesPresentationContext = true }
            sheet:addChild(inner); sheet.view:addSubview(inner.view); inner:didMove(sheet)
            local over = Watch{ name = "over", modalPresentationStyle = "overCurrentContext" }
            inner:present(over, false); ui.settle()
            print("--")
            ui.pan{ from = { 200, 300 }, to = { 200, 750 }, duration = 0.3 }
            ui.settle()
            print(root.presentedViewController, inner.presentedViewController, over.presentingViewController, over.view.window)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.components(separatedBy: "--\n").last == """
            shouldDismiss\tsheet
            willDismiss\ttrue\ttrue
            sheet willDisappear\ttrue
            inner willDisappear\ttrue
            over willDisappear\tfalse
            sheet didDisappear\ttrue
            inner didDisappear\ttrue
            over didDisappear\tfalse
            didDismiss\tnil
            nil\tnil\tnil\tnil

            """)
    }
}
