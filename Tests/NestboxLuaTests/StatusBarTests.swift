import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Policy Q79: who decides the status bar, when it is asked, and what hiding changes.
@Suite(.checksInvariants) struct StatusBarTests {
    /// Each recorded status bar change, "style hidden".
    func updates(_ rt: LuaRuntime) -> [String] {
        rt.simulation.trace.events.filter { $0.object == "statusBar" }.map { $0.args.map { $0.1.text.replacing("\"", with: "") }.joined(separator: " ") }
    }

    static let classes = """
        local Dark = ui.ViewController:extend("Dark")
        function Dark:preferredStatusBarStyle() return "lightContent" end
        local Hider = ui.ViewController:extend("Hider")
        function Hider:prefersStatusBarHidden() return true end
        local function bar() local s = ui.statusBar() return s.style .. " " .. tostring(s.hidden) end

        """

    @Test("the containers' own answers: a tab's selected controller; a navigation controller's top for hiding, and for the style once its bar is hidden")
    func containersForward() throws {
        let (outcome, out, rt) = try runLua(Self.classes + """
            local tbc = ui.TabBarController{ name = "tbc", viewControllers = { Dark{ name = "a", title = "A" }, ui.ViewController{ name = "b", title = "B" } } }
            ui.window.rootViewController = tbc
            ui.window:makeKeyAndVisible()
            ui.settle()
            print("tab a", bar())
            tbc.selectedIndex = 2
            ui.settle()
            print("tab b", bar())
            local nav = ui.NavigationController{ name = "nav", root = Dark{ name = "d" } }
            ui.window.rootViewController = nav
            ui.settle()
            print("bar shown", bar(), nav:childForStatusBarStyle(), nav:childForStatusBarHidden().name)
            nav:pushViewController(Hider{ name = "h" }, false)
            ui.settle()
            print("hider pushed", bar())
            nav.isNavigationBarHidden = true
            nav:popViewController(false)
            ui.settle()
            print("bar hidden", bar(), nav:childForStatusBarStyle().name)
            ui.rotate("landscapeLeft")
            ui.settle()
            print("landscape", bar())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            tab a\tlightContent false
            tab b\tdefault false
            bar shown\tdefault false\tnil\td
            hider pushed\tdefault true
            bar hidden\tlightContent false\td
            landscape\tlightContent true

            """)
        #expect(updates(rt) == ["lightContent false", "default false", "default true", "lightContent false", "lightContent true"])
    }

    @Test("a full-screen presentation decides from its start to its dismissal's; a sheet only when it captures")
    func presentations() throws {
        let (outcome, out, _) = try runLua(Self.classes + """
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local sheet = Dark{ name = "sheet" }
            root:present(sheet, true)
            ui.settle()
            print("sheet", bar())
            sheet:dismiss(false); ui.settle()
            sheet.modalPresentationCapturesStatusBarAppearance = true
            root:present(sheet, true)
            print("capturing, presenting", bar())
            ui.advance(0.01)
            print("capturing, a turn later", bar())
            ui.settle()
            local full = Hider{ name = "full", modalPresentationStyle = "fullScreen" }
            sheet:present(full, true)
            ui.advance(0.01)
            print("full screen over it", bar())
            ui.settle()
            full:dismiss(true)
            ui.advance(0.01)
            print("dismissing", bar())
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            sheet\tdefault false
            capturing, presenting\tdefault false
            capturing, a turn later\tlightContent false
            full screen over it\tdefault true
            dismissing\tlightContent false

            """)
    }

    @Test("setNeedsStatusBarAppearanceUpdate asks at once; a changed answer without it waits; a super call gets UIKit's answer")
    func askedAgain() throws {
        let (outcome, out, _) = try runLua(Self.classes + """
            local Switch = ui.ViewController:extend("Switch")
            function Switch:preferredStatusBarStyle()
              return self.dark and "lightContent" or ui.ViewController.preferredStatusBarStyle(self)
            end
            function Switch:prefersStatusBarHidden() return ui.ViewController.prefersStatusBarHidden(self) end
            local s = Switch{ name = "s" }
            ui.window.rootViewController = s
            ui.window:makeKeyAndVisible()
            ui.settle()
            s.dark = true
            ui.settle()
            print("without the call", bar(), s:preferredStatusBarStyle())
            s:setNeedsStatusBarAppearanceUpdate()
            print("with it", bar())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "without the call\tdefault false\tlightContent\nwith it\tlightContent false\n")
    }

    @Test("hiding takes the status bar's 20 points out of an iPhone SE's safe area; an iPhone 15 keeps its 59")
    func hidingAndTheSafeArea() throws {
        let (outcome, out, rt) = try runLua(Self.classes + """
            ui.setDevice("iphone-se")
            local h = Hider{ name = "h", viewSafeAreaInsetsDidChange = function(self) print("insets", self.view.safeAreaInsets.top) end }
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            print(root.view.safeAreaInsets.top)
            ui.window.rootViewController = h
            ui.settle()
            print(bar(), ui.window.safeAreaInsets.top)
            ui.window.rootViewController = root
            ui.settle()
            ui.setDevice("iphone-15")
            ui.window.rootViewController = h
            ui.settle()
            print(bar(), h.view.safeAreaInsets.top)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "20.0\ndefault true\t0.0\ninsets\t59.0\ndefault true\t59.0\n")
        #expect(updates(rt) == ["default true", "default false", "default true"])
    }

    @Test("a change in the first turn, or asked for from a layout callback, reaches the safe area before settle returns; a sheet moves with the inset")
    func sameTurnChanges() throws {
        let (outcome, out, _) = try runLua(Self.classes + """
            ui.setDevice("iphone-se")
            local H = ui.ViewController:extend("H")
            function H:prefersStatusBarHidden() return self.hide == true end
            function H:viewSafeAreaInsetsDidChange() print(self.name, "insets", self.view.safeAreaInsets.top) end
            function H:viewDidAppear() if self.hideOnAppear then self.hide = true; self:setNeedsStatusBarAppearanceUpdate() end end
            function H:viewDidLayoutSubviews()
              if self.immersive ~= nil and self.immersive ~= self.hide then self.hide = self.immersive; self:setNeedsStatusBarAppearanceUpdate() end
            end
            local h = H{ name = "h", hideOnAppear = true }
            ui.window.rootViewController = h
            ui.window:makeKeyAndVisible()
            ui.settle()
            print("first turn", bar())
            local g = H{ name = "g" }
            ui.window.rootViewController = g
            ui.settle()
            g.immersive = true
            g.view:setNeedsLayout()
            ui.settle()
            print("from layout", bar(), g.view.safeAreaInsets.top)
            local sheet = ui.ViewController{ name = "sheet" }
            g:present(sheet, false); ui.settle()
            print("sheet", sheet.view.frame.y)
            g.immersive = false
            g.view:setNeedsLayout()
            ui.settle()
            print("sheet", sheet.view.frame.y, bar())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            h\tinsets\t20.0
            h\tinsets\t0.0
            first turn\tdefault true
            g\tinsets\t20.0
            g\tinsets\t0.0
            from layout\tdefault true\t0.0
            sheet\t10.0
            g\tinsets\t20.0
            sheet\t30.0\tdefault false

            """, "\(out)")
    }

    @Test("a rotation asks at its start; a window with no root shows the default")
    func rotationAndNoRoot() throws {
        let (outcome, _, rt) = try runLua(Self.classes + """
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            ui.rotate("landscapeLeft"); ui.settle()
            ui.window.rootViewController = Hider{ name = "h" }
            ui.rotate("portrait"); ui.settle()      -- the hider keeps it hidden: no change
            ui.window.rootViewController = nil
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        let times = rt.simulation.trace.events.filter { $0.object == "statusBar" }.map { "\($0.t) \($0.args.map { $0.1.text }.joined(separator: " "))" }
        #expect(times == ["0.0 \"default\" true", "0.6 \"default\" false"], "\(times)")
    }

    @Test("a question's hook that sets another root: that root is installed once and decides; a presentation of an old root's decides nothing")
    func reentryAndOldRoots() throws {
        let (outcome, out, rt) = try runLua(Self.classes + """
            local Light = ui.ViewController:extend("Light")
            function Light:preferredStatusBarStyle() return "darkContent" end
            local Flip = ui.ViewController:extend("Flip")
            local light = Light{ name = "light" }
            function Flip:preferredStatusBarStyle()
              if not self.done then self.done = true; ui.window.rootViewController = light end
              return "lightContent"
            end
            ui.window.rootViewController = Flip{ name = "flip" }
            ui.window:makeKeyAndVisible()
            ui.settle()
            print(ui.window.rootViewController.name, #ui.window.subviews, ui.window.subviews[1] == light.view, light.appearanceState, bar())
            local a = ui.ViewController{ name = "a" }
            ui.window.rootViewController = a
            a:present(Hider{ name = "h", modalPresentationStyle = "fullScreen" }, false); ui.settle()
            print("presented", bar())
            ui.window.rootViewController = ui.ViewController{ name = "b" }
            ui.settle()
            print("new root", bar())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "light\t1\ttrue\tappeared\tdarkContent false\npresented\tdefault true\nnew root\tdefault false\n", "\(out)")
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning }.isEmpty)
    }

    @Test("a wrong answer is the override's error at its line and UIKit's answer is used; a chain that goes round stops with a warning")
    func wrongAnswersAndCycles() throws {
        let (_, out, rt) = try runLua("""
            local Bad = ui.ViewController:extend("Bad")
            function Bad:preferredStatusBarStyle() return "light" end
            function Bad:prefersStatusBarHidden() return 1 end
            local bad = Bad{ name = "bad" }
            ui.window.rootViewController = bad
            ui.window:makeKeyAndVisible()
            ui.settle()
            local Round = ui.ViewController:extend("Round")
            function Round:childForStatusBarStyle() return self.other end
            function Round:childForStatusBarHidden() return "x" end
            local a, b = Round{ name = "a" }, Round{ name = "b" }
            a.other, b.other = b, a
            ui.window.rootViewController = a
            ui.settle()
            local s = ui.statusBar()
            print(s.style, s.hidden)
            """, keepGoing: true)
        #expect(out == "default\tfalse\n")
        let problems = rt.simulation.trace.events.filter { $0.kind == .error || $0.kind == .warning }.map { $0.message ?? "" }
        #expect(problems == [
            "test:2: preferredStatusBarStyle() returned \"light\": one of \"default\", \"lightContent\", \"darkContent\" is expected",
            "test:3: prefersStatusBarHidden() returned a number: a boolean is expected",
            "Nestbox: childForStatusBarStyle goes round or past 64 controllers (at <Round: a>): UIKit would ask without end; <Round: b> decides",
            "test:10: childForStatusBarHidden() returned \"x\": a ViewController or nil is expected",
        ], "\(problems)")
    }

    @Test("a controller the override hands back only for the question survives collection between steps")
    func collected() throws {
        let (outcome, out, _) = try runLua(Self.classes + """
            local P = ui.ViewController:extend("P")
            function P:childForStatusBarStyle() return Dark{ name = "fresh" } end
            local p = P{ name = "p" }
            ui.window.rootViewController = p
            ui.window:makeKeyAndVisible()
            ui.settle()
            collectgarbage(); collectgarbage()
            p:setNeedsStatusBarAppearanceUpdate()
            collectgarbage(); collectgarbage()
            print(bar(), p:childForStatusBarStyle().name)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "lightContent false\tfresh\n")
    }
}
