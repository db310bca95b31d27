import Testing
@testable import Containment
import InvariantChecking

/// A view's and a controller's rarely set properties live apart (View+Extras.swift,
/// ViewController+Extras.swift): without them each answers UIKit's defaults, setting
/// one to its default makes nothing, setting one to another value makes them once,
/// counted toward the memory cap, and the count is given back with the object.
@Suite(.checksInvariants) struct ObjectExtrasTests {
    @Test func viewsAnswerDefaultsAndMakeTheirExtrasOnce() {
        let sim = Simulation()
        let base = sim.memory.count
        let view = View(simulation: sim, name: "v")
        let made = sim.memory.count
        #expect(made - base == MemoryMeter.objectBytes)
        #expect(view.transform.isIdentity && view.tag == 0 && view.backgroundColor == nil && view.tintColor == nil)
        #expect(view.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(view.semanticContentAttribute == "unspecified" && !view.clipsToBounds)
        #expect(view.gestureRecognizers.isEmpty && view.animations.isEmpty)
        view.tag = 0; view.clipsToBounds = false; view.tintColor = nil; view.transform = .identity
        view.backgroundColor = nil; view.layoutMargins = ViewExtras.defaultMargins; view.semanticContentAttribute = "unspecified"
        #expect(sim.memory.count == made)
        view.tag = 7
        #expect(sim.memory.count == made + ViewExtras.bytes)
        view.transform = Transform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        view.layoutMargins = .zero
        view.semanticContentAttribute = "forceRightToLeft"
        #expect(sim.memory.count == made + ViewExtras.bytes)
        #expect(view.tag == 7 && view.transform.a == 2 && view.layoutMargins == .zero)
        #expect(view.semanticContentAttribute == "forceRightToLeft" && view.backgroundColor == nil)
    }

    @Test func theCountIsGivenBackWithTheObject() {
        let sim = Simulation()
        let base = sim.memory.count
        do {
            let vc = ViewController(simulation: sim, name: "vc")
            vc.title = nil
            vc.additionalSafeAreaInsets = .zero
            #expect(sim.memory.count - base == MemoryMeter.objectBytes)
            vc.title = "t"
            #expect(vc.title == "t" && vc.presentedHere == nil && vc.presentingViewController == nil)
            #expect(sim.memory.count - base == MemoryMeter.objectBytes + ControllerExtras.bytes)
            let v = View(simulation: sim, name: "w")
            v.backgroundColor = "red"
            #expect(sim.memory.count - base == 2 * MemoryMeter.objectBytes + ControllerExtras.bytes + ViewExtras.bytes)
        }
        #expect(sim.memory.count == base)
    }
}
