/// The events every containment cycle records, each with a fixed number: a record of one
/// finds its shape at that number in its storage's table (`TraceHot.sites`) rather than
/// by hashing its name's words, and skips the listeners' tests through one mask
/// (`Trace.quiet`). One list; a case's position is its number, and its name the event's
/// (docs/performance.md, The trace). `TraceSiteTests` checks that an event recorded
/// through its site reads back as the same event recorded by name.
public enum TraceSite: UInt8, CaseIterable, Sendable {
    // A controller's appearance and layout callbacks (`animated`, or none)
    case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    case viewWillLayoutSubviews, viewDidLayoutSubviews, viewSafeAreaInsetsDidChange
    // Containment (the child or the parent as `_` or `toParent`)
    case addChild, removeFromParent, willMove, didMove
    // The view hierarchy (the subview or the window as `_`)
    case addSubview, removeFromSuperview, moveToWindow

    /// The event's name in the trace: the case's own.
    public var event: String {
        switch self {
        case .viewWillAppear: "viewWillAppear"
        case .viewIsAppearing: "viewIsAppearing"
        case .viewDidAppear: "viewDidAppear"
        case .viewWillDisappear: "viewWillDisappear"
        case .viewDidDisappear: "viewDidDisappear"
        case .viewWillLayoutSubviews: "viewWillLayoutSubviews"
        case .viewDidLayoutSubviews: "viewDidLayoutSubviews"
        case .viewSafeAreaInsetsDidChange: "viewSafeAreaInsetsDidChange"
        case .addChild: "addChild"
        case .removeFromParent: "removeFromParent"
        case .willMove: "willMove"
        case .didMove: "didMove"
        case .addSubview: "addSubview"
        case .removeFromSuperview: "removeFromSuperview"
        case .moveToWindow: "moveToWindow"
        }
    }

    /// The label of its one argument ("" for an event without one).
    public var label: String {
        switch self {
        case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: "animated"
        case .willMove, .didMove: "toParent"
        case .addChild, .addSubview, .moveToWindow: "_"
        case .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewSafeAreaInsetsDidChange,
             .removeFromParent, .removeFromSuperview: ""
        }
    }

    @inline(__always)
    public var kind: TraceKind {
        switch self {
        case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
             .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewSafeAreaInsetsDidChange: .lifecycle
        case .addChild, .removeFromParent: .call
        case .willMove, .didMove: .containment
        case .addSubview, .removeFromSuperview, .moveToWindow: .view
        }
    }

    /// Its row in a storage's table: a site's shape also depends on its argument's tag
    /// (an object, or nil), so each site has a row of eight. A site is recorded with one
    /// kind of argument only (its `label` says which), so the tag tells its shapes apart.
    @inline(__always)
    func row(tag: UInt8) -> Int { Int(rawValue) << 3 | Int(tag & 7) }

    static var rows: Int { allCases.count << 3 }
}

extension Trace {
    /// An event of a site with no argument.
    @inline(__always)
    public func record(_ site: TraceSite, _ object: SimObject) {
        if quiet & 1 << site.kind.index != 0, object.traceNameEpoch == epoch,
           hot.pointee.appendSite(site.row(tag: 0), t: clock.now, object: object.traceNameID, payload: 0) {
            return counted()
        }
        if isEnabled { recordSite(site, object, argc: 0, tag: 0, payload: 0, ref: nil) }
    }

    /// An event of a site whose argument is a bool (`animated`).
    @inline(__always)
    public func record(_ site: TraceSite, _ object: SimObject, _ value: Bool) {
        if quiet & 1 << site.kind.index != 0, object.traceNameEpoch == epoch,
           hot.pointee.appendSite(site.row(tag: 1), t: clock.now, object: object.traceNameID, payload: value ? 1 : 0) {
            return counted()
        }
        if isEnabled { recordSite(site, object, argc: 1, tag: 1, payload: value ? 1 : 0, ref: nil) }
    }

    /// An event of a site whose argument is an object or nil, named by its kept id.
    @inline(__always)
    public func record(_ site: TraceSite, _ object: SimObject, ref: SimObject?) {
        if quiet & 1 << site.kind.index != 0, object.traceNameEpoch == epoch {
            if let ref {
                if ref.traceNameEpoch == epoch,
                   hot.pointee.appendSite(site.row(tag: 4), t: clock.now, object: object.traceNameID, payload: ref.traceNameID) {
                    return counted()
                }
            } else if hot.pointee.appendSite(site.row(tag: 0), t: clock.now, object: object.traceNameID, payload: 0) {
                return counted()
            }
        }
        if isEnabled { recordSite(site, object, argc: 1, tag: ref == nil ? 0 : 4, payload: 0, ref: ref) }
    }

    /// The general path of a site's event (a listener, a new instant, a name or shape
    /// not yet known, a chunk full): stored through the storage, and its shape kept in
    /// the site's row for the next.
    @inline(never)
    private func recordSite(_ site: TraceSite, _ object: SimObject, argc: UInt8, tag: UInt8, payload: UInt64,
                            ref: SimObject?) {
        let kind = site.kind
        if let beforeRecord { beforeRecord(kind) }
        var size = MemoryMeter.recordBytes
        let value = ref.map { UInt64(nameID($0, &size)) } ?? payload
        let id = nameID(object, &size)
        let shape = storage.appendOne(t: clock.now, kind: kind.index, object: id, event: site.event, label: site.label,
                                      argc: argc, tag: tag, payload: value, added: &size)
        hot.pointee.sites[site.row(tag: tag)] = shape &+ 1
        counted(kind, size)
    }
}
