/// UIView: geometry, appearance properties and the subview tree.
open class View: SimObject {
    // Geometry is stored as UIKit stores it: center, bounds and transform; frame is derived.
    public internal(set) var center = Point.zero {
        willSet { if simulation.animator.isRecording { simulation.animator.willChange(self, .center) } }
        didSet { safeAreaNeedsUpdate = true }
    }
    var _bounds = Rect.zero {
        willSet { if simulation.animator.isRecording { simulation.animator.willChange(self, .bounds) } }
        didSet { safeAreaNeedsUpdate = true }
    }
    public var transform: Transform {
        get { extras?.transform ?? .identity }
        set {
            if simulation.animator.isRecording { simulation.animator.willChange(self, .transform) }
            if !newValue.isIdentity || extras != nil { setExtras.transform = newValue }
            safeAreaNeedsUpdate = true
        }
    }
    public var alpha: Double = 1 {
        willSet { if simulation.animator.isRecording { simulation.animator.willChange(self, .alpha) } }
    }
    /// Animations in flight on this view (see Animator).
    var animations: [PropertyAnimation] {
        get { extras?.animations ?? [] }
        _modify { yield &setExtras.animations }
    }
    public internal(set) var gestureRecognizers: [GestureRecognizer] {
        get { extras?.gestureRecognizers ?? [] }
        _modify { yield &setExtras.gestureRecognizers }
    }
    public var isHidden = false
    public var isUserInteractionEnabled = true
    /// A new view needs layout, as in UIKit. (The one-byte fields side by side: a class's
    /// fields are laid out in the order written, each aligned.)
    public internal(set) var needsLayout = true
    /// Set when something this view's insets depend on changed (its geometry, its
    /// superview, its controller's or container's settings): a layout pass computes
    /// only these views' insets, and those under a view whose insets changed.
    var safeAreaNeedsUpdate = true
    public var tag: Int {
        get { extras?.tag ?? 0 }
        set { if newValue != 0 || extras != nil { setExtras.tag = newValue } }
    }
    public var backgroundColor: String? {
        get { extras?.backgroundColor }
        set {
            if simulation.animator.isRecording { simulation.animator.willChange(self, .backgroundColor) }
            if newValue != nil || extras != nil { setExtras.backgroundColor = newValue }
        }
    }
    public var tintColor: String? {
        get { extras?.tintColor }
        set { if newValue != nil || extras != nil { setExtras.tintColor = newValue } }
    }
    public var clipsToBounds: Bool {
        get { extras?.clipsToBounds ?? false }
        set { if newValue || extras != nil { setExtras.clipsToBounds = newValue } }
    }
    public var autoresizingMask: AutoresizingMask = []
    public var layoutMargins: EdgeInsets {
        get { extras?.layoutMargins ?? ViewExtras.defaultMargins }
        set { if newValue != ViewExtras.defaultMargins || extras != nil { setExtras.layoutMargins = newValue } }
    }
    /// The properties above that most views keep at their defaults (View+Extras.swift).
    private var extras: ViewExtras?
    private var setExtras: ViewExtras { extras(&extras) }

    public internal(set) var subviews: [View] = []
    /// Unretained, as UIKit's is: a script can drop a superview while keeping a
    /// subview, and Lua then frees it. A link into the object table (Q56) rather than
    /// a weak reference, so views keep the runtime's fast reference counting; it reads
    /// nil once the superview's deinit begins, and that deinit also clears it, so the
    /// subview hears that it lost its owner.
    public internal(set) var superview: View? {
        get { objects.resolve(superviewLink) }
        set { superviewLink = objects.link(to: newValue) }
    }
    private var superviewLink = ObjectLink<View>()
    /// The controller whose root view this is (UIKit's private `_viewDelegate`); a link
    /// for the same reasons. The controller clears it when it lets the view go and in
    /// its deinit.
    public internal(set) var owningViewController: ViewController? {
        get { objects.resolve(owningLink) }
        set { owningLink = objects.link(to: newValue) }
    }
    private var owningLink = ObjectLink<ViewController>()
    /// UISemanticContentAttribute (Simulation+LayoutDirection.swift): `unspecified`
    /// follows the layout direction; a change lays the view out again.
    public var semanticContentAttribute: String {
        get { extras?.semanticContentAttribute ?? "unspecified" }
        set {
            let old = semanticContentAttribute
            if old != newValue { setExtras.semanticContentAttribute = newValue }
            if old != newValue { setNeedsLayout() }
        }
    }
    /// The safe-area insets last delivered by a layout pass (Q16).
    var lastSafeAreaInsets = EdgeInsets.zero

    public init(simulation: Simulation, className: String = "View", name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: className, name: name)
        setFrame(frame)
    }

    /// A view named as a part of `owner` (a controller's default view, `menu.view`).
    public override init(simulation: Simulation, className: String = "View", partOf owner: SimObject, part: NamePart) {
        super.init(simulation: simulation, className: className, partOf: owner, part: part)
    }

    deinit {
        var pending: [View] = []
        swap(&pending, &subviews)
        View.tearDown(&pending)
        for g in gestureRecognizers {
            g.view = nil
            g.ownershipMayHaveChanged()
        }
    }

    open override var isOwned: Bool { superview != nil || owningViewController != nil }

    /// Takes down the subviews of a dying view without recursion (a tree may be 20,000
    /// deep, and each level's deinit would otherwise run inside the one above it): each
    /// loses its superview and hears of it, and one that nothing else holds gives up its
    /// own subviews here, so that its deinit, when the loop lets it go, has none left.
    static func tearDown(_ pending: inout [View]) {
        for s in pending {
            s.superview = nil
            s.ownershipMayHaveChanged()
        }
        while var v = pending.popLast() {
            guard isKnownUniquelyReferenced(&v) else { continue }
            var next: [View] = []
            swap(&next, &v.subviews)
            for s in next {
                s.superview = nil
                s.ownershipMayHaveChanged()
            }
            pending.append(contentsOf: next)
        }
    }

    // MARK: - Geometry

    public var bounds: Rect {
        get { _bounds }
        set {
            let old = _bounds.size
            _bounds = newValue
            if old != newValue.size { boundsSizeDidChange(from: old) }
        }
    }

    /// The frame: the transformed bounds around the center, in the superview's space.
    public var frame: Rect {
        get { View.frame(center: center, bounds: _bounds, transform: transform) }
        set { setFrame(newValue) }
    }

    func setFrame(_ f: Rect) {
        // UIKit leaves frame undefined under a non-identity transform; we set center and size.
        center = Point(x: f.origin.x + f.size.width / 2, y: f.origin.y + f.size.height / 2)
        bounds = Rect(origin: _bounds.origin, size: Size(width: abs(f.size.width), height: abs(f.size.height)))
    }

    public func setCenter(_ p: Point) { center = p }

    /// Whether `self` is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let cur = v {
            if cur === view { return true }
            v = cur.superview
        }
        return false
    }

    /// UIKit's `viewWithTag(_:)`: this view if its tag is `tag` (0, the default, included),
    /// else the first view below it with that tag, depth first in `subviews` order. A walk
    /// a script can lengthen: iterative, and it stops at a run limit (nil).
    public func viewWithTag(_ tag: Int) -> View? {
        var stack: [View] = [self]
        var visited = 0
        while let v = stack.popLast() {
            visited += 1
            if visited & 1023 == 0, simulation.isInterrupted() { return nil }
            if v.tag == tag { return v }
            stack.append(contentsOf: v.subviews.reversed())
        }
        return nil
    }

    /// The window this view is in, if any.
    public var window: Window? {
        var v: View = self
        while let s = v.superview { v = s }
        return v as? Window
    }

    /// The first controller found walking up from this view (this view included).
    public var nearestViewController: ViewController? {
        var v: View? = self
        while let cur = v {
            if let vc = cur.owningViewController { return vc }
            v = cur.superview
        }
        return nil
    }

    /// Converts a point in this view's coordinates to `view`'s (nil: the window's).
    public func convert(_ p: Point, to view: View?) -> Point {
        let inWindow = toRoot(p)
        guard let view else { return inWindow }
        let origin = view.toRoot(Point(x: view._bounds.origin.x, y: view._bounds.origin.y))
        return Point(x: inWindow.x - origin.x + view._bounds.origin.x, y: inWindow.y - origin.y + view._bounds.origin.y)
    }

    /// Converts a point in `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ p: Point, from view: View?) -> Point {
        let inWindow = view?.toRoot(p) ?? p
        let origin = toRoot(Point(x: _bounds.origin.x, y: _bounds.origin.y))
        return Point(x: inWindow.x - origin.x + _bounds.origin.x, y: inWindow.y - origin.y + _bounds.origin.y)
    }

    func toRoot(_ p: Point) -> Point {
        var point = p
        var v: View = self
        while let s = v.superview {
            let f = v.frame
            point = Point(x: point.x - v._bounds.origin.x + f.origin.x, y: point.y - v._bounds.origin.y + f.origin.y)
            v = s
        }
        return point
    }
}
