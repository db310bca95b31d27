import Foundation
import Testing
@testable import Containment
import InvariantChecking

/// `SimObject.notify` skips `handle` when neither the object's class nor the host acts on
/// a callback. A class that overrides `handle` must say so (`actsOnCallbacks`), or its
/// own work would be skipped whenever no script hook wants the callback.
@Suite(.checksInvariants) struct CallbackGateTests {
    @Test("every class in Containment that overrides handle says it acts on callbacks")
    func everyOverrideSaysSo() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Containment")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String])
        var overrides = 0
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let handles = text.components(separatedBy: "override func handle(_ hook: Hook)").count - 1
            let says = text.components(separatedBy: "override class var actsOnCallbacks: Bool { true }").count - 1
            #expect(handles == says, "\(file): \(handles) overrides of handle, \(says) of actsOnCallbacks")
            overrides += handles
        }
        #expect(overrides >= 9)
    }

    /// A subclass that counts the callbacks its `handle` hears, without saying it acts on them.
    final class Silent: ViewController {
        var heard = 0
        override func handle(_ hook: Hook) { heard += 1; super.handle(hook) }
    }

    /// The same, saying it acts on callbacks.
    final class Loud: ViewController {
        var heard = 0
        override class var actsOnCallbacks: Bool { true }
        override func handle(_ hook: Hook) { heard += 1; super.handle(hook) }
    }

    @Test("a container's own callbacks run when the host wants none; a silent class's are skipped")
    func ownWorkRunsWhenTheHostDeclines() throws {
        let sim = Simulation()
        #expect(!ViewController.actsOnCallbacks && NavigationController.actsOnCallbacks && TableView.actsOnCallbacks)
        let nav = NavigationController(simulation: sim, name: "nav")
        let silent = Silent(simulation: sim, name: "silent")
        // The host's answer, current and declining every callback.
        HostCache.store(0, in: nav, generation: sim.hostGeneration)
        HostCache.store(0, in: silent, generation: sim.hostGeneration)
        try nav.setRoot(ViewController(simulation: sim, name: "root"))
        _ = nav.view
        _ = silent.view
        // viewDidLoad installed the bar (NavigationController.handle); the silent class heard nothing.
        #expect(nav.view.subviews.contains { $0 is NavigationBar })
        #expect(silent.heard == 0)
        // Without an answer too: a class that does not say it acts is never asked.
        let unanswered = Silent(simulation: sim, name: "unanswered")
        _ = unanswered.view
        #expect(unanswered.heard == 0)
        // One that says so hears every callback, answered or not.
        let loud = Loud(simulation: sim, name: "loud")
        HostCache.store(0, in: loud, generation: sim.hostGeneration)
        _ = loud.view
        #expect(loud.heard == 1)
    }
}
