import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Policy Q82 around presentations: the interface turns at `present` for a controller
/// that fills the window, holds still while such a transition runs, and reads the
/// preferred orientation for presenting only.
@Suite(.checksInvariants) struct OrientationPresentationTests {
    func turns(_ rt: LuaRuntime) -> [String] { OrientationTests().turns(rt) }

    @Test("a full-screen controller is presented in an orientation it supports, decides once presented, until its dismissal ends; the interface then follows the device where it may")
    func fullScreenDecides() throws {
        let (outcome, out, rt) = try runLua(OrientationTests.classes + """
            local root = Portrait{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            ui.rotate("landscapeLeft")
            ui.settle()
            print("turned", where())
            local video = Land{ name = "video", modalPresentationStyle = "fullScreen" }
            root:present(video, true)
            ui.advance(0.1)
            print("presenting", where())
            ui.settle()
            print("presented", where(), video.view.frame.width)
            ui.rotate("portrait")
            ui.settle()
            print("turned back", where())
            video:dismiss(true)
            ui.settle()
            print("dismissed", where(), root.view.frame.width)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            turned\tportrait landscapeLeft
            presenting\tlandscapeLeft landscapeLeft
            presented\tlandscapeLeft landscapeLeft\t852.0
            turned back\tlandscapeLeft portrait
            dismissed\tportrait portrait\t393.0

            """)
        // The interface turns at `present`, before the video is shown (the presenter hears
        // of it); the presentation ends at 0.35 s, the dismissal at 0.7 s.
        #expect(turns(rt) == [
            "[0.000] input.rotate(\"landscapeLeft\")",
            "[0.000] input.ignored(\"rotate\", reason: \"<Portrait: root> supports portrait: the interface stays portrait (Q82)\")",
            "[0.000] interface.rotate(\"landscapeLeft\")", "[0.000] root.viewWillTransition(size: \"852 x 393\")",
            "[0.350] input.rotate(\"portrait\")",
            "[0.350] input.ignored(\"rotate\", reason: \"<Land: video> supports landscapeLeft, landscapeRight: the interface stays landscapeLeft (Q82)\")",
            "[0.700] interface.rotate(\"portrait\")", "[0.700] root.viewWillTransition(size: \"393 x 852\")",
        ])
        let appearing = rt.simulation.trace.events.first { $0.object == "video" && $0.event == "viewWillAppear" }
        #expect(appearing?.t == 0)
    }

    @Test("a page sheet does not fill the window: its presenter decides")
    func sheetDoesNotDecide() throws {
        let (outcome, out, rt) = try runLua(OrientationTests.classes + """
            local root = Portrait{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            root:present(Land{ name = "sheet" }, false)
            ui.settle()
            ui.rotate("landscapeRight")
            ui.settle()
            print(where())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "portrait landscapeRight\n")
        #expect(turns(rt).last == "[0.000] input.ignored(\"rotate\", reason: \"<Portrait: root> supports portrait: the interface stays portrait (Q82)\")")
    }

    @Test("a full-screen controller that overrides preferredInterfaceOrientationForPresentation is turned to it once presented")
    func preferredForPresentation() throws {
        let (outcome, out, _) = try runLua(OrientationTests.classes + """
            local Player = ui.ViewController:extend("Player")
            function Player:supportedInterfaceOrientations() return "all" end
            function Player:preferredInterfaceOrientationForPresentation() return "landscapeRight" end
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            local p = Player{ name = "player", modalPresentationStyle = "overFullScreen" }
            root:present(p, true)
            ui.settle()
            print("presented", where(), p:preferredInterfaceOrientationForPresentation())
            p:dismiss(false)
            ui.settle()
            print("dismissed", where())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "presented\tlandscapeRight portrait\tlandscapeRight\ndismissed\tportrait portrait\n")
    }

    @Test("a landscape-only controller presented from portrait sees the landscape size from viewWillAppear on")
    func presentedAtItsSize() throws {
        let (outcome, out, _) = try runLua(OrientationTests.classes + """
            function Land:viewWillAppear() print("appearing", self.view.bounds.width, self.traitCollection.verticalSizeClass) end
            local root = Portrait{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            ui.settle()
            root:present(Land{ name = "video", modalPresentationStyle = "fullScreen" }, true)
            ui.settle()
            print(where())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "appearing\t852.0\tcompact\nlandscapeRight portrait\n")
    }

    @Test("a preferred orientation is read for presenting only; a device turned during a full-screen transition is followed once it ends; a pad reads none")
    func transitionsHoldStill() throws {
        let (o1, out1, _) = try runLua("""
            local Pref = ui.ViewController:extend("Pref")
            function Pref:preferredInterfaceOrientationForPresentation() return "landscapeLeft" end
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            local f = Pref{ name = "f", modalPresentationStyle = "fullScreen" }
            root:present(f, true); ui.settle()
            print("presented", ui.screen.orientation, ui.screen.deviceOrientation)
            ui.rotate("landscapeLeft"); ui.rotate("portrait")
            f:dismiss(true); ui.settle()
            print("dismissed", ui.screen.orientation, ui.screen.deviceOrientation)
            """)
        #expect(o1 == .ok, "\(o1)")
        #expect(out1 == "presented\tlandscapeLeft\tportrait\ndismissed\tportrait\tportrait\n")
        let (o2, out2, rt2) = try runLua(OrientationTests.classes + """
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible(); ui.settle()
            root:present(Land{ name = "l", modalPresentationStyle = "fullScreen" }, true)
            ui.advance(0.1)
            ui.rotate("landscapeLeft")
            ui.settle()
            print(where())
            """)
        #expect(o2 == .ok, "\(o2)")
        #expect(out2 == "landscapeLeft landscapeLeft\n")
        #expect(turns(rt2).filter { $0.contains("rotate") } == [
            "[0.000] interface.rotate(\"landscapeRight\")", "[0.100] input.rotate(\"landscapeLeft\")",
            "[0.100] input.ignored(\"rotate\", reason: \"a full-screen presentation or dismissal is under way: the interface follows the device once it ends (Q82)\")",
            "[0.350] interface.rotate(\"landscapeLeft\")",
        ])
        let (o3, out3, _) = try runLua("""
            local P = ui.ViewController:extend("P")
            function P:preferredInterfaceOrientationForPresentation() return "portrait" end
            ui.setDevice("ipad-11")
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible(); ui.settle()
            ui.rotate("landscapeLeft"); ui.settle()
            root:present(P{ name = "p", modalPresentationStyle = "fullScreen" }, true); ui.settle()
            print(ui.screen.orientation)
            """)
        #expect(o3 == .ok, "\(o3)")
        #expect(out3 == "landscapeLeft\n")
    }

    @Test("present checks again after the answers and the turn: a presentation an answer started first wins, with UIKit's warning")
    func presentFromAnAnswer() throws {
        let (outcome, out, rt) = try runLua("""
            local Sneaky = ui.ViewController:extend("Sneaky")
            local root = ui.ViewController{ name = "root" }
            local x = ui.ViewController{ name = "x", modalPresentationStyle = "fullScreen" }
            function Sneaky:supportedInterfaceOrientations()
              if not self.done then self.done = true; root:present(x, false) end
              return "all"
            end
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible(); ui.settle()
            root:present(Sneaky{ name = "s", modalPresentationStyle = "fullScreen" }, false)
            ui.settle()
            print(root.presentedViewController.name)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "x\n")
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning }.map { $0.message ?? "" } == [
            "Attempt to present <Sneaky: s> on <ViewController: root> (from <ViewController: root>) while a presentation is in progress.",
        ])
        // The turn's callbacks take the presenter out of the window: W15, and the
        // interface turns back once the turn is over.
        let (o2, out2, rt2) = try runLua(OrientationTests.classes + """
            local Sheet = ui.ViewController:extend("Sheet")
            function Sheet:viewWillTransition(size, c) self.view:removeFromSuperview() end
            local root = Portrait{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            local sheet = Sheet{ name = "sheet" }
            root:present(sheet, false); ui.settle()
            sheet:present(Land{ name = "l", modalPresentationStyle = "fullScreen" }, true)
            ui.advance(10)
            print(where())
            """)
        #expect(o2 == .ok, "\(o2)")
        #expect(out2 == "portrait portrait\n")
        #expect(turns(rt2).filter { $0.contains("interface") } == ["[0.000] interface.rotate(\"landscapeRight\")", "[0.300] interface.rotate(\"portrait\")"])
    }
}
