/// UIContentContainer's size request (UIViewController.h; policy Q78): a child asks its
/// container for a size by setting `preferredContentSize`, and the container hears of it
/// by `preferredContentSizeDidChange(forChildContentContainer:)` and decides what to do.
/// UIKit's own implementations act on it only where a popover or a form sheet sizes
/// itself, and an iPhone has neither, so here the request and the message are the whole
/// of it: nothing resizes unless a script's container does.
extension ViewController {
    /// Who hears of a new preferred size: the parent (its `preferredContentSizeDidChange`),
    /// else, while presented, the presentation controller, a script's custom one (UIKit's
    /// own for the other styles has nothing to do with it on an iPhone). A controller in
    /// neither place tells no one.
    func preferredContentSizeChanged() {
        if let parent { return parent.preferredContentSizeDidChange(forChild: self) }
        guard presentingViewController != nil, let pc = presentationController else { return }
        pc.tell(.preferredContentSizeDidChange(container: self))
    }

    /// The container's message, recorded as the size transitions' are (a `lifecycle`
    /// event), then the hook. UIKit's part does nothing here (see above), so a hook's
    /// super call has nothing to do (Q76).
    public func preferredContentSizeDidChange(forChild child: ViewController) {
        simulation.trace.record(.lifecycle, self, "preferredContentSizeDidChange", "container", ref: child)
        notify(.preferredContentSizeDidChange(container: child))
    }
}
