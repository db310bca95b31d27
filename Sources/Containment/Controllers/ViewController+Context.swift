/// Context presentations: `currentContext` and `overCurrentContext` cover the view of the
/// controller that defines the presentation context, not the window (docs/containment.md,
/// Presentation contexts; policy Q67).
struct ContextPlace {
    /// Weak: the context's superview belongs to the view tree, which a script can take
    /// apart while the presentation lasts; the presented view then stays where it is.
    weak var superview: View?
    /// Where the presented view goes among the superview's subviews: just above the
    /// context's view.
    var index: Int
    /// The context's view's frame: the presented view's.
    var frame: Rect
}

extension ViewController {
    /// Apple (definesPresentationContext): UIKit starts at the presenting controller and
    /// walks up its parents; the first that defines a presentation context presents.
    /// With none, the farthest ancestor presents, which is the window's root view
    /// controller when the walk starts under it (Q67).
    var contextPresenter: ViewController {
        var vc: ViewController = self
        while true {
            if vc.definesPresentationContext { return vc }
            guard let p = vc.parent else { return vc }
            vc = p
        }
    }

    /// Where a presented view covers this controller's view: in its superview, above it,
    /// at its frame; the window's bounds for a view not in a superview.
    func contextPlace(forPresenting: Bool) -> ContextPlace {
        let window = simulation.window
        guard let v = viewIfLoaded, let s = v.superview, let i = s.subviews.firstIndex(where: { $0 === v }) else {
            return ContextPlace(superview: window, index: window.subviews.count, frame: window.bounds)
        }
        return ContextPlace(superview: s, index: i + 1, frame: v.frame)
    }
}
