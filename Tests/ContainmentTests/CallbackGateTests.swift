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

    @Test("a container's own callbacks run with no host; a plain object's are skipped")
    func ownWorkRunsWithoutAHost() {
        let sim = Simulation()
        #expect(!ViewController.actsOnCallbacks && NavigationController.actsOnCallbacks && TableView.actsOnCallbacks)
        let root = ViewController(simulation: sim, name: "root")
        let nav = NavigationController(simulation: sim, name: "nav")
        try? nav.setRoot(root)
        _ = nav.view
        // viewDidLoad installed the bar (NavigationController.handle), with no host at all.
        #expect(nav.view.subviews.contains { $0 is NavigationBar })
    }
}
