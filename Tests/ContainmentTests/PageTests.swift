import Testing
import Containment
import InvariantChecking

/// A data source over a fixed list of pages, and a delegate that notes what it hears.
final class PageBook: PageViewControllerDataSource, PageViewControllerDelegate {
    let pages: [ViewController]
    var heard: [String] = []
    init(_ pages: [ViewController]) { self.pages = pages }

    func page(_ vc: ViewController, _ d: Int) -> ViewController? {
        guard let i = pages.firstIndex(where: { $0 === vc }), pages.indices.contains(i + d) else { return nil }
        return pages[i + d]
    }
    func viewController(_ pvc: PageViewController, before vc: ViewController) -> ViewController? { page(vc, -1) }
    func viewController(_ pvc: PageViewController, after vc: ViewController) -> ViewController? { page(vc, 1) }
    func refused(_ pvc: PageViewController, _ vc: ViewController, asked direction: PageViewController.Direction, _ error: ContainmentError) {
        heard.append("refused \(vc.name) \(direction.rawValue): \(error)")
    }
    func willTransition(_ pvc: PageViewController, to pending: [ViewController]) { heard.append("will \(pending.map(\.name))") }
    func didFinishAnimating(_ pvc: PageViewController, finished: Bool, previous: [ViewController], completed: Bool) {
        heard.append("did \(finished) \(previous.map(\.name)) \(completed)")
    }
}

/// UIPageViewController against the model alone (S29; the Lua side is
/// Tests/Scenarios/S29-page-turn.lua and PageBindingTests).
@Suite(.checksInvariants) struct PageTests {
    /// P on screen showing `cur`, `prev` before it and `new` after it.
    func onScreenPages(style: PageViewController.TransitionStyle = .scroll) throws -> (Simulation, PageViewController, PageBook) {
        let sim = Simulation()
        let book = PageBook(["prev", "cur", "new"].map { Probe(sim, $0) })
        let p = PageViewController(simulation: sim, name: "p")
        try p.configure(style: style)
        p.dataSource = book
        p.delegate = book
        try p.setViewControllers([book.pages[1]], direction: .forward, animated: false)
        try sim.window.setRootViewController(p)
        sim.window.makeKeyAndVisible()
        sim.settle()
        sim.trace.mark(nil)
        return (sim, p, book)
    }

    func swipe(_ sim: Simulation, from: Double, to: Double, steps: Int, duration: Double) {
        sim.pan(from: Point(x: from, y: 400), to: Point(x: to, y: 400), steps: steps, duration: duration, release: true)
        sim.settle()
    }

    @Test("S29 a scroll-style swipe past half the page completes")
    func s29ScrollCompleted() throws {
        let (sim, p, book) = try onScreenPages()
        swipe(sim, from: 300, to: 60, steps: 4, duration: 0.2)
        try expectTrace(sim, scenario: "S29", block: 1)
        #expect(p.viewControllers.map(\.name) == ["new"] && p.children.map(\.name) == ["new"])
        #expect(book.heard == ["will [\"new\"]", "did true [\"cur\"] true"])
        #expect(p.scrollView.bounds.origin == Point(x: 393, y: 0))
        #expect(book.pages[2].viewIfLoaded?.frame == Rect(x: 393, y: 0, width: 393, height: 852))
    }

    @Test("S29 a short, slow scroll-style swipe is cancelled, with balanced callbacks")
    func s29ScrollCancelled() throws {
        let (sim, p, book) = try onScreenPages()
        swipe(sim, from: 300, to: 240, steps: 6, duration: 0.6)
        try expectTrace(sim, scenario: "S29", block: 2)
        #expect(p.viewControllers.map(\.name) == ["cur"] && p.children.map(\.name) == ["cur"] && !p.isTurning)
        #expect(book.heard == ["will [\"new\"]", "did true [\"cur\"] false"])
    }

    @Test("S29 page curl, completed and cancelled")
    func s29Curl() throws {
        var (sim, p, _) = try onScreenPages(style: .pageCurl)
        swipe(sim, from: 60, to: 300, steps: 4, duration: 0.2)
        try expectTrace(sim, scenario: "S29", block: 3)
        #expect(p.viewControllers.map(\.name) == ["prev"])
        (sim, p, _) = try onScreenPages(style: .pageCurl)
        swipe(sim, from: 300, to: 240, steps: 6, duration: 0.6)
        try expectTrace(sim, scenario: "S29", block: 4)
        #expect(p.viewControllers.map(\.name) == ["cur"])
    }

    @Test("W20: a list of any length but one is refused, and nothing changes")
    func w20() throws {
        let (sim, p, book) = try onScreenPages()
        for list in [[], book.pages] {
            #expect(throws: ContainmentError("NSInvalidArgumentException",
                "The number of view controllers provided (\(list.count)) doesn't match the number required (1) for the requested transition")) {
                try p.setViewControllers(list, direction: .forward, animated: true)
            }
        }
        #expect(p.viewControllers.map(\.name) == ["cur"] && sim.trace.sinceMark.isEmpty)
    }
}
