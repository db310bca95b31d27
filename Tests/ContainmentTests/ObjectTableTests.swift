import Testing
@testable import Containment
import InvariantChecking

/// Back-references through the object table (Q56): they read as the target while it
/// lives, as nil from the moment its deinit begins, and never as another object that
/// later takes the same slot.
@Suite(.checksInvariants) struct ObjectTableTests {
    /// A view that, while its deinit runs, reads a link to itself.
    final class Probe: View {
        var onDeinit: (() -> Void)?
        deinit { onDeinit?() }
    }

    @Test("a link reads its target, and an empty link reads nil")
    func resolves() {
        let sim = Simulation()
        let v = View(simulation: sim, name: "v")
        let link = sim.objects.link(to: v)
        #expect(sim.objects.resolve(link) === v)
        #expect(sim.objects.resolve(ObjectLink<View>()) == nil)
        #expect(sim.objects.resolve(sim.objects.link(to: nil as View?)) == nil)
        // One slot per object, however many links point to it.
        let again = sim.objects.link(to: v)
        #expect(sim.objects.resolve(again) === v)
        #expect(sim.objects.occupiedCount == 1)
    }

    @Test("a link reads nil once its target is freed, even after the slot is reused")
    func staleLinks() {
        let sim = Simulation()
        var first: View? = View(simulation: sim, name: "first")
        let stale = sim.objects.link(to: first)
        first = nil
        #expect(sim.objects.resolve(stale) == nil)
        #expect(sim.objects.occupiedCount == 0)
        let second = View(simulation: sim, name: "second")
        let fresh = sim.objects.link(to: second)
        #expect(sim.objects.occupiedCount == 1)
        #expect(sim.objects.resolve(fresh) === second)
        #expect(sim.objects.resolve(stale) == nil)
    }

    @Test("a link reads nil while its target's deinit runs, as a weak reference would")
    func duringDeinit() {
        let sim = Simulation()
        var probe: Probe? = Probe(simulation: sim, name: "probe")
        let link = sim.objects.link(to: probe)
        var seen: [Bool] = []
        probe?.onDeinit = { seen.append(sim.objects.resolve(link) == nil) }
        probe = nil
        #expect(seen == [true])
    }

    @Test("an object of another simulation gets no link")
    func otherSimulation() {
        let a = Simulation(), b = Simulation()
        let v = View(simulation: b, name: "v")
        #expect(a.objects.resolve(a.objects.link(to: v)) == nil)
        #expect(a.objects.occupiedCount == 0)
    }

    @Test("a freed superview, parent or controller leaves nil behind, and the survivors work on")
    func backReferencesAfterFree() throws {
        let sim = Simulation()
        let child = ViewController(simulation: sim, name: "child")
        let view = child.view
        do {
            let parent = ViewController(simulation: sim, name: "parent")
            try parent.addChild(child)
            try parent.view.addSubview(view)
            child.didMove(toParent: parent)
            #expect(child.parent === parent)
            #expect(view.superview === parent.view)
            #expect(parent.view.owningViewController === parent)
        }
        #expect(child.parent == nil)
        #expect(view.superview == nil)
        #expect(view.owningViewController === child)
        // The survivors can be placed again, in a new parent that takes a slot.
        let other = ViewController(simulation: sim, name: "other")
        try other.addChild(child)
        try other.view.addSubview(view)
        child.didMove(toParent: other)
        #expect(child.parent === other && view.superview === other.view)
    }

    @Test("a view whose controller is freed no longer names it")
    func ownerFreed() {
        let sim = Simulation()
        var vc: ViewController? = ViewController(simulation: sim, name: "vc")
        let view = vc!.view
        #expect(view.owningViewController === vc)
        vc = nil
        #expect(view.owningViewController == nil)
    }
}
