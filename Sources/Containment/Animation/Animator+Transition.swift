/// UIView's view transitions, `transition(with:duration:options:animations:completion:)`
/// and `transition(from:to:duration:options:completion:)`: what a container uses to swap
/// a root view or a child's view with a flip, a curl or a cross-dissolve.
///
/// Policy Q58 (docs/policies.md): the model changes at once, as in `UIView.animate`; what
/// takes `duration` is the on-screen transition (UIKit animates snapshots), during which
/// the transitioning view and its subviews take no touches unless the options allow user
/// interaction. Changes inside `animations` are not animated property by property.
public enum ViewTransitionStyle: String, CaseIterable, Sendable {
    case crossDissolve, flipFromLeft, flipFromRight, flipFromTop, flipFromBottom, curlUp, curlDown

    /// UIView.AnimationOptions' name: `transitionCrossDissolve`.
    public var optionName: String { "transition" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    public init?(optionName: String) {
        guard let s = ViewTransitionStyle.allCases.first(where: { $0.optionName == optionName }) else { return nil }
        self = s
    }
}

extension Animator {
    /// `UIView.transition(with:…)`: `animations` runs at once, unanimated; `view` shows
    /// the transition for `duration`; then `completion(true)` (on the next run-loop turn
    /// for a duration of 0, as UIKit documents).
    @discardableResult
    public func transition(with view: View, duration: Double, style: ViewTransitionStyle?, options: AnimationOptions,
                           animations: () -> Void, completion: ((Bool) -> Void)?) -> AnimationGroup {
        let group = begin(duration: duration, style: style, options: options, completion: completion)
        recording.append((group, []))
        animations()
        _ = recording.removeLast()
        start(group, on: view)
        return group
    }

    /// `UIView.transition(from:to:…)`: `to` takes `from`'s place in its superview (or,
    /// with `showHideTransitionViews`, `from` is hidden and `to` shown), at once; the
    /// superview shows the transition for `duration`.
    @discardableResult
    public func transition(from: View, to: View, duration: Double, style: ViewTransitionStyle?, options: AnimationOptions,
                           showHide: Bool, completion: ((Bool) -> Void)?) throws -> AnimationGroup {
        guard let container = from.superview else {
            throw ContainmentError.invalidArgument("transition(from:to:): \(from.objectDescription) has no superview")
        }
        if showHide {
            guard to.superview != nil else {
                throw ContainmentError.invalidArgument("transition(from:to:) with showHideTransitionViews: \(to.objectDescription) is in no view hierarchy")
            }
        } else if to === from || to.isDescendant(of: from) || from.isDescendant(of: to) {
            throw ContainmentError.invalidArgument("transition(from:to:): \(to.objectDescription) cannot replace \(from.objectDescription)")
        }
        let group = begin(duration: duration, style: style, options: options, completion: completion)
        if showHide {
            from.isHidden = true
            to.isHidden = false
        } else {
            try container.insertSubview(to, aboveSubview: from)
            from.removeFromSuperview()
        }
        start(group, on: container)
        return group
    }

    private func begin(duration: Double, style: ViewTransitionStyle?, options: AnimationOptions,
                       completion: ((Bool) -> Void)?) -> AnimationGroup {
        let group = AnimationGroup(id: nextID, duration: max(0, duration), delay: 0, curve: .easeInOut, options: options,
                                   startTime: simulation.clock.now, completion: completion)
        group.transition = style
        nextID += 1
        return group
    }

    private func start(_ group: AnimationGroup, on view: View) {
        let sim = simulation
        guard group.duration > 0 else {
            group.isDone = true
            let completion = group.completion
            group.completion = nil
            sim.clock.enqueue { completion?(true) }
            return
        }
        group.views = [view]
        active.append(group)
        transitions.append(group)
        sim.trace.record(.animation, "animation#\(group.id)", "begin",
                         [("duration", .number(group.duration)), ("transition", .string(group.transition?.rawValue ?? "none")),
                          ("views", .string(view.name))])
        sim.clock.schedule(after: group.duration) { self.finish(group, finished: true) }
    }

    /// Whether `view` is showing a view transition (that takes no touches, if `blocking`).
    func isTransitioning(_ view: View, blocking: Bool = false) -> Bool {
        guard !transitions.isEmpty else { return false }
        return transitions.contains { g in
            !g.isDone && g.views.contains { $0 === view } && !(blocking && g.options.contains(.allowUserInteraction))
        }
    }
}
