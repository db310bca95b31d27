import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Policy Q82: which controller the interface's orientations are asked of, when the
/// interface turns, and what a wrong answer does.
@Suite(.checksInvariants) struct OrientationTests {
    /// The inputs and the interface's turns, as the trace has them, and the size
    /// transitions the root heard.
    func turns(_ rt: LuaRuntime) -> [String] {
        let names: Set<String> = ["rotate", "ignored", "viewWillTransition", "setNeedsUpdateOfSupportedInterfaceOrientations"]
        return rt.simulation.trace.events.filter { (e: TraceEvent) -> Bool in names.contains(e.event) }.map(\.text)
    }

    static let classes = """
        local Portrait = ui.ViewController:extend("Portrait")
        function Portrait:supportedInterfaceOrientations() return "portrait" end
        local Land = ui.ViewController:extend("Land")
        function Land:supportedInterfaceOrientations() return { "landscapeLeft", "landscapeRight" } end
        local function where() return ui.screen.orientation .. " " .. ui.screen.deviceOrientation end

        """

    @Test("UIKit's defaults: all but upside down on a phone, where the app's Info.plist has the same; all on a pad")
    func idiomDefaults() throws {
        let (outcome, out, rt) = try runLua(Self.classes + """
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            print(table.concat(root:supportedInterfaceOrientations(), ","), root:preferredInterfaceOrientationForPresentation())
            ui.rotate("portraitUpsideDown")
            ui.settle()
            print(where())
            ui.rotate("landscapeLeft")
            ui.settle()
            print(where(), root:preferredInterfaceOrientationForPresentation())
            ui.rotate("portrait")
            ui.settle()
            ui.setDevice("ipad-11")
            ui.rotate("portraitUpsideDown")
            ui.settle()
            print(where(), #root:supportedInterfaceOrientations())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            portrait,landscapeLeft,landscapeRight\tportrait
            portrait portraitUpsideDown
            landscapeLeft landscapeLeft\tlandscapeLeft
            portraitUpsideDown portraitUpsideDown\t4

            """)
        #expect(turns(rt) == [
            "[0.000] input.rotate(\"portraitUpsideDown\")",
            "[0.000] input.ignored(\"rotate\", reason: \"<ViewController: root> supports portrait, landscapeLeft, landscapeRight: the interface stays portrait (Q82)\")",
            "[0.000] input.rotate(\"landscapeLeft\")", "[0.000] root.viewWillTransition(size: \"852 x 393\")",
            "[0.300] input.rotate(\"portrait\")", "[0.300] root.viewWillTransition(size: \"393 x 852\")",
            "[0.600] root.viewWillTransition(size: \"820 x 1180\")",
            "[0.600] input.rotate(\"portraitUpsideDown\")",
        ])
    }

    @Test("navigation and tab bar controllers do not ask their children; one that forwards in its override does")
    func containersDoNotAsk() throws {
        let (outcome, out, _) = try runLua(Self.classes + """
            local nav = ui.NavigationController{ name = "nav", root = Portrait{ name = "top" } }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            ui.settle()
            ui.rotate("landscapeLeft")
            ui.settle()
            print("plain", where())
            ui.rotate("portrait")
            ui.settle()
            local Nav = ui.NavigationController:extend("Nav")
            function Nav:supportedInterfaceOrientations() return self.topViewController:supportedInterfaceOrientations() end
            ui.window.rootViewController = Nav{ name = "nav2", root = Portrait{ name = "top2" } }
            ui.settle()
            ui.rotate("landscapeLeft")
            ui.settle()
            print("forwarding", where())
            local tabs = ui.TabBarController{ name = "tabs", viewControllers = { Portrait{ name = "t" } } }
            ui.window.rootViewController = tabs
            ui.settle()
            print("tabs", where())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            plain\tlandscapeLeft landscapeLeft
            forwarding\tportrait landscapeLeft
            tabs\tlandscapeLeft landscapeLeft

            """)
    }

    @Test("a navigation or tab bar controller's delegate answers for it; a wrong answer is the delegate's error and UIKit's default is used")
    func containerDelegates() throws {
        let (_, out, rt) = try runLua(Self.classes + """
            local nav = ui.NavigationController{ name = "nav", root = ui.ViewController{ name = "top" } }
            nav.delegate = { supportedInterfaceOrientations = function(n) return n.topViewController.locked and "portrait" or nil end }
            ui.window.rootViewController = nav
            ui.window:makeKeyAndVisible()
            ui.settle()
            ui.rotate("landscapeLeft")
            ui.settle()
            print("nil answer", where())
            nav.topViewController.locked = true
            nav:setNeedsUpdateOfSupportedInterfaceOrientations()
            ui.settle()
            print("locked", where(), table.concat(nav:supportedInterfaceOrientations(), ","))
            local tabs = ui.TabBarController{ name = "tabs", viewControllers = { ui.ViewController{ name = "a" } } }
            tabs.delegate = {
              supportedInterfaceOrientations = function() return { "landscape", "sideways" } end,
              preferredInterfaceOrientationForPresentation = function(t) return t.preferred end }
            tabs.preferred = "landscapeRight"
            print(tabs:preferredInterfaceOrientationForPresentation(), #tabs:supportedInterfaceOrientations())
            tabs.preferred = 3
            print(tabs:preferredInterfaceOrientationForPresentation())
            """, keepGoing: true)
        #expect(out == "nil answer\tlandscapeLeft landscapeLeft\nlocked\tportrait landscapeLeft\tportrait\nlandscapeRight\t3\nportrait\n")
        let problems = rt.simulation.trace.events.filter { $0.kind == .error }.map { $0.message ?? "" }
        #expect(problems == [
            "test:20: supportedInterfaceOrientations(tbc) returned a table, not an orientation mask's name, a list of them or nil",
            "test:21: preferredInterfaceOrientationForPresentation(tbc) returned a number, not one of portrait, portraitUpsideDown, landscapeLeft, landscapeRight or nil",
        ])
    }

    @Test("setNeedsUpdateOfSupportedInterfaceOrientations turns to the device's orientation once supported, and away from one no longer supported")
    func askedAgain() throws {
        let (outcome, out, rt) = try runLua(Self.classes + """
            local Lock = ui.ViewController:extend("Lock")
            function Lock:supportedInterfaceOrientations()
              if self.locked == "landscape" then return "landscapeRight" end
              return self.locked and "portrait" or ui.ViewController.supportedInterfaceOrientations(self)
            end
            local root = Lock{ name = "root", locked = true }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            ui.rotate("landscapeLeft")
            ui.settle()
            print("locked", where())
            root.locked = false
            ui.settle()
            print("unlocked, not asked", where())
            root:setNeedsUpdateOfSupportedInterfaceOrientations()
            ui.settle()
            print("asked", where())
            root.locked = "landscape"
            root:setNeedsUpdateOfSupportedInterfaceOrientations()
            ui.settle()
            print("landscape right only", where())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            locked\tportrait landscapeLeft
            unlocked, not asked\tportrait landscapeLeft
            asked\tlandscapeLeft landscapeLeft
            landscape right only\tlandscapeRight landscapeLeft

            """)
        #expect(turns(rt).suffix(5) == [
            "[0.000] root.setNeedsUpdateOfSupportedInterfaceOrientations()",
            "[0.000] interface.rotate(\"landscapeLeft\")", "[0.000] root.viewWillTransition(size: \"852 x 393\")",
            "[0.300] root.setNeedsUpdateOfSupportedInterfaceOrientations()",
            "[0.300] interface.rotate(\"landscapeRight\")",
        ])
    }

    @Test("a run that starts in an orientation its root does not support shows it in one it does, with no size transition")
    func launch() throws {
        let rt = try LuaRuntime()
        #expect(rt.simulation.start(in: "landscapeLeft"))
        var out = ""
        rt.output = { out += $0 }
        let outcome = rt.run(source: Self.classes + """
            local root = Portrait{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            print(where(), root.view.frame.width)
            root:present(ui.ViewController{ name = "full", modalPresentationStyle = "fullScreen" }, false)
            ui.settle()
            print(where())
            """, chunkName: "=test")
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "portrait landscapeLeft\t393.0\nlandscapeLeft landscapeLeft\n")
        #expect(turns(rt) == ["[0.000] interface.rotate(\"landscapeLeft\")", "[0.000] root.viewWillTransition(size: \"852 x 393\")",
                              "[0.000] full.viewWillTransition(size: \"852 x 393\")"])
    }

    @Test("wrong answers: the override's error at its line and UIKit's answer; no orientation in common is UIKit's exception; a rotation from an answer is refused")
    func wrongAnswers() throws {
        let (_, out, rt) = try runLua("""
            local Bad = ui.ViewController:extend("Bad")
            function Bad:supportedInterfaceOrientations() return self.answer end
            function Bad:preferredInterfaceOrientationForPresentation() return "sideways" end
            local root = Bad{ name = "root", answer = "sideways" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            root.answer = {}
            print(#root:supportedInterfaceOrientations(), root:preferredInterfaceOrientationForPresentation())
            root.answer = { "portrait", "sideways" }
            print(#root:supportedInterfaceOrientations())
            """, keepGoing: true)
        #expect(out == "3\tportrait\n3\n")
        let problems = rt.simulation.trace.events.filter { $0.kind == .error || $0.kind == .warning }.map { $0.message ?? "" }
        let expected = "a mask's name (portrait, portraitUpsideDown, landscapeLeft, landscapeRight, landscape, all, allButUpsideDown) or a non-empty list of them is expected"
        #expect(problems == [
            "test:2: supportedInterfaceOrientations() returned \"sideways\": " + expected,
            "test:2: supportedInterfaceOrientations() returned {}: " + expected,
            "test:3: preferredInterfaceOrientationForPresentation() returned \"sideways\": one of \"portrait\", \"portraitUpsideDown\", \"landscapeLeft\", \"landscapeRight\" is expected",
            "test:2: supportedInterfaceOrientations() returned a list holding \"sideways\": " + expected,
        ])
        #expect(try errorMessage("""
            local Up = ui.ViewController:extend("Up")
            function Up:supportedInterfaceOrientations() return "portraitUpsideDown" end
            ui.window.rootViewController = ui.ViewController{ name = "root" }
            ui.window:makeKeyAndVisible()
            ui.settle()
            local up = Up{ name = "up" }
            ui.rotate("landscapeLeft")
            ui.window.rootViewController = up
            ui.rotate("portrait")
            """) == "test:9: UIApplicationInvalidInterfaceOrientation: Supported orientations has no common orientation with the application, and [<Up: up> shouldAutorotate] is returning YES")
        #expect(try errorMessage("""
            local Turner = ui.ViewController:extend("Turner")
            function Turner:supportedInterfaceOrientations() ui.rotate("portrait") return "all" end
            ui.window.rootViewController = Turner{ name = "t" }
            ui.window:makeKeyAndVisible()
            ui.rotate("landscapeLeft")
            """).hasPrefix("test:2: NSInvalidArgumentException: Nestbox: ui.rotate while the interface's orientations are being asked"))
    }

    @Test("an answer that asks again while ui.rotate asks is asked again at the turn's end; the device turned to where it is sends nothing")
    func askedAgainFromAnAnswer() throws {
        let (outcome, out, rt) = try runLua("""
            local n, C = 0, ui.ViewController:extend("C")
            function C:supportedInterfaceOrientations()
              n = n + 1
              if n == 2 then self:setNeedsUpdateOfSupportedInterfaceOrientations() end
              return n <= 2 and "allButUpsideDown" or "portrait"
            end
            ui.window.rootViewController = C{ name = "c" }
            ui.window:makeKeyAndVisible()
            ui.rotate("landscapeLeft")
            ui.settle()
            print(n, ui.screen.orientation)
            ui.rotate("landscapeLeft")
            ui.settle()
            print(n, ui.screen.orientation)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "3\tportrait\n3\tportrait\n")
        #expect(turns(rt).filter { $0.contains("rotate") } == [
            "[0.000] input.rotate(\"landscapeLeft\")", "[0.300] interface.rotate(\"portrait\")", "[0.600] input.rotate(\"landscapeLeft\")",
        ])
    }

    @Test("a pad asks nothing (its app supports multitasking); a phone set after it leaves upside down at the turn's end")
    func padsAndDevices() throws {
        let (outcome, out, _) = try runLua(Self.classes + """
            ui.setDevice("ipad-11")
            ui.window.rootViewController = Portrait{ name = "root" }
            ui.window:makeKeyAndVisible()
            ui.rotate("portraitUpsideDown")
            ui.settle()
            print(where())
            ui.setDevice("iphone-15")
            ui.settle()
            print(where())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "portraitUpsideDown portraitUpsideDown\nportrait portraitUpsideDown\n")
    }

    @Test("the interface's own turn waits for a size transition under way")
    func oneTurnAtATime() throws {
        let (outcome, out, rt) = try runLua("""
            local C = ui.ViewController:extend("C")
            function C:supportedInterfaceOrientations() return self.mask or "allButUpsideDown" end
            function C:viewWillTransition(size, coordinator)
              ui.ViewController.viewWillTransition(self, size, coordinator)
              if size.width > size.height then self.mask = "portrait"; self:setNeedsUpdateOfSupportedInterfaceOrientations() end
            end
            function C:traitCollectionDidChange(previous) print(ui.now(), previous.verticalSizeClass, self.traitCollection.verticalSizeClass) end
            ui.window.rootViewController = C{ name = "c" }
            ui.window:makeKeyAndVisible()
            ui.rotate("landscapeLeft")
            ui.settle()
            print(ui.screen.orientation)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "0.3\tregular\tcompact\n0.6\tcompact\tregular\nportrait\n")
        #expect(turns(rt).contains("[0.300] interface.rotate(\"portrait\")"))
    }

    @Test("UIKit's exceptions: no orientation in common at launch is the run's error at the override; a preferred orientation not supported, present's")
    func exceptionsAtTurnEnd() throws {
        #expect(try errorMessage("""
            local Up = ui.ViewController:extend("Up")
            function Up:supportedInterfaceOrientations() return "portraitUpsideDown" end
            ui.window.rootViewController = Up{ name = "up" }
            ui.window:makeKeyAndVisible()
            ui.settle()
            """) == "test:2: UIApplicationInvalidInterfaceOrientation: Supported orientations has no common orientation with the application, and [<Up: up> shouldAutorotate] is returning YES")
        let preferred = try errorMessage(Self.classes + """
            local Odd = ui.ViewController:extend("Odd")
            function Odd:supportedInterfaceOrientations() return "portrait" end
            function Odd:preferredInterfaceOrientationForPresentation() return "landscapeLeft" end
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            root:present(Odd{ name = "odd", modalPresentationStyle = "fullScreen" }, false)
            ui.settle()
            """)
        #expect(preferred == "test:12: UIApplicationInvalidInterfaceOrientation: preferredInterfaceOrientationForPresentation must return a supported interface orientation! (<Odd: odd>)")
    }

    @Test("controllers with orientation overrides, presented, turned and dropped, are collected")
    func collected() throws {
        let rt = try LuaRuntime()
        _ = rt.evaluate(Self.classes.replacing("local ", with: "") + """
            root = Portrait{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            """)
        let printed = expectSteadyMemory(rt, step: """
            do
              local v = Land{ modalPresentationStyle = "fullScreen" }
              root:present(v, true); ui.settle(); ui.rotate("landscapeRight"); ui.settle()
              v:setNeedsUpdateOfSupportedInterfaceOrientations()
              v:dismiss(true); ui.settle(); ui.rotate("portrait"); ui.settle()
              print(where())
            end
            collectgarbage(); collectgarbage()
            ui.trace.clear()
            """)
        #expect(printed == "portrait portrait\n" + String(repeating: "portrait portrait\n", count: 2))
    }
}
