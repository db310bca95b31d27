import CLua
import CLuaShim
import Containment

/// Linting (docs/lints.md): the script position for the model's lint rules, and the
/// typo rules (L11, L12), which only the runtime can see: a constructor key or a field
/// that is no part of the API but is one or two edits from a property or hook.
extension LuaRuntime {
    /// From now on the model checks the lint rules and the runtime the names a script
    /// sets. Off by default: a normal run pays nothing for either.
    public func startLinting() {
        // Weak: a caller may keep the simulation after the runtime is gone.
        simulation.startLinting(locate: { [weak self] in self?.scriptPosition() })
    }

    /// The lints so far, after the end-of-run checks (which run once per finding).
    public func lintReport() -> LintReport {
        simulation.lintEndOfRun()
        let run = simulation.linter?.findings ?? []
        // L16 reads a set's name from the text, not knowing the receiver's type; where the
        // run passed that line and found the name an initializer's label on a type that
        // has no such member (L18: `recognizer.target = …`, UIResponder's `target` to L16),
        // the run's finding is the one that is right.
        // And where the run set the name on an object whose type has no such member
        // (`self.menu = …` in a controller's method, UIButton's `menu` to L16), the set
        // kept a field of the script's own: the text's reading was wrong.
        let labelled = Set(run.filter { $0.rule == .initializerLabelField }.map { "\($0.location ?? "")\u{0}\(Self.quotedName($0.message))" })
        var findings = sourceLints.filter { f in
            let place = "\(f.location ?? "")\u{0}\(Self.quotedName(f.message))"
            return f.rule != .unmodelledMember || !(labelled.contains(place) || ownFieldPlaces.contains(place))
        } + run
        var dropped = simulation.linter?.dropped ?? 0
        if findings.count > Linter.maxFindings {
            dropped += findings.count - Linter.maxFindings
            findings.removeLast(findings.count - Linter.maxFindings)
        }
        return LintReport(findings: findings, dropped: dropped, script: scriptPath)
    }

    /// The name a finding's message begins with, between backquotes ("" if none).
    static func quotedName(_ message: String) -> Substring {
        guard message.hasPrefix("`"), let end = message.dropFirst().firstIndex(of: "`") else { return "" }
        return message[message.index(after: message.startIndex)..<end]
    }

    /// "file:line" of the innermost script function on the running thread.
    func scriptPosition() -> String? {
        var buf = [CChar](repeating: 0, count: 512)
        let n = buf.withUnsafeMutableBufferPointer { nb_script_position(L, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buf.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: - Typos (L11, L12)

    /// LintNames.suggestion, remembered for up to 10,000 names.
    func suggestion(for key: String, typeID: Int) -> String? {
        let cacheKey = "\(typeID):\(key)"
        if let known = lintSuggestions[cacheKey] { return known.isEmpty ? nil : known }
        let found = LintNames.suggestion(for: key, typeID: typeID)
        if lintSuggestions.count < 10_000 { lintSuggestions[cacheKey] = found ?? "" }
        return found
    }

    /// L11: the keys of `Class{...}` that became plain fields (the object's userdata at
    /// `ud`), in name order so the report does not follow the table's hash order.
    func lintConstructorKeys(_ obj: SimObject, typeID: Int, ud: Int32) {
        guard lua_getiuservalue(L, ud, 1) == LUA_TTABLE else { L.pop(); return }
        var keys: [String] = []
        L.pushNil()
        while lua_next(L, -2) != 0 {
            L.pop()
            if let k = L.string(at: -1) { keys.append(k) }
            if keys.count >= 1_000 { L.pop(); break }   // a table of a million keys is checked in part
        }
        L.pop()
        let type = LuaTypes.all[typeID].name
        for key in keys.sorted() {
            if let objc = objectiveCSpelling(key, typeID: typeID) {
                simulation.lint(obj, "\(objc) (in \(obj.className){...})", rule: .formerName)
                continue
            }
            if let why = viewPropertyOnController(key, obj, typeID: typeID) {
                simulation.lint(obj, "`\(key)` in \(obj.className){...} \(why)", rule: .viewPropertyOnController)
                continue
            }
            guard let near = suggestion(for: key, typeID: typeID) else { continue }
            simulation.lint(obj, "`\(key)` in \(obj.className){...} is not a property or hook of \(type): did you mean `\(near)`?",
                            rule: .constructorKeyTypo)
        }
    }

    /// L12: a plain field set on an object (`key` at stack index 2, as __newindex has it);
    /// L18: one named as a label of the class's UIKit initializer, which the constructor
    /// refuses and a field set later would keep without effect (`nav.rootViewController = c`).
    func lintField(_ obj: SimObject) {
        guard let key = L.string(at: 2),
              let typeID = BindingTables.typeID(of: obj, in: Self.tables.typeIndex) else { return }
        if sourceL16Names.count != sourceLints.count {
            sourceL16Names = (sourceLints.count, Set(sourceLints.filter { $0.rule == .unmodelledMember }.map { String(Self.quotedName($0.message)) }))
        }
        if sourceL16Names.names.contains(key), ownFieldPlaces.count < 10_000, let place = scriptPosition() {
            ownFieldPlaces.insert("\(place)\u{0}\(key)")
        }
        if let entry = UIKitSurface.initializerLabels(ofBinding: typeID).first(where: { $0.label == key }) {
            guard firstAtPlace(key) else { return }
            let uikit = UIKitSurface.uikitName(ofBinding: LuaTypes.all[typeID].name)
            simulation.lint(obj, "`\(key)` set on \(obj.objectDescription) is a field of the script's own, not a property of \(uikit): \(entry.uikit)",
                            rule: .initializerLabelField)
            return
        }
        if let objc = objectiveCSpelling(key, typeID: typeID) {
            guard firstAtPlace(key) else { return }
            simulation.lint(obj, "\(objc) (set on \(obj.objectDescription))", rule: .formerName)
            return
        }
        if let why = viewPropertyOnController(key, obj, typeID: typeID) {
            guard firstAtPlace(key) else { return }
            simulation.lint(obj, "`\(key)` set on \(obj.objectDescription) \(why)", rule: .viewPropertyOnController)
            return
        }
        guard let near = suggestion(for: key, typeID: typeID) else { return }
        simulation.lint(obj, "`\(key)` set on \(obj.objectDescription) is not a property or hook of \(LuaTypes.all[typeID].name): did you mean `\(near)`?",
                        rule: .fieldTypo)
    }

    /// L15: `name`, a field of the script's own, is Objective-C's spelling of a member of
    /// binding `typeID`'s UIKit class: a Boolean's getter without its `is`
    /// (`modalInPresentation`), or a containment member Swift renamed
    /// (`parentViewController`). The member may be modelled or refused; either way the
    /// field does nothing an iOS developer expects of it.
    func objectiveCSpelling(_ name: String, typeID: Int) -> String? {
        // Asked at every set of a field: remembered as the typo lints' answers are.
        let cacheKey = "objc \(typeID):\(name)"
        if let known = lintSuggestions[cacheKey] { return known.isEmpty ? nil : known }
        let found = findObjectiveCSpelling(name, typeID: typeID)
        if lintSuggestions.count < 10_000 { lintSuggestions[cacheKey] = found ?? "" }
        return found
    }

    private func findObjectiveCSpelling(_ name: String, typeID: Int) -> String? {
        guard let first = name.first, first.isLowercase else { return nil }
        let swift = Self.objectiveCRenamed[name] ?? (name.hasPrefix("is") ? nil : "is" + first.uppercased() + name.dropFirst())
        guard let swift else { return nil }
        if UIKitSurface.models(Substring(swift), binding: typeID) {
            return "`\(name)` is the Objective-C spelling of `\(swift)`, which Nestbox uses (docs/api-conventions.md)"
        }
        guard let owner = refusal(typeID, swift) else { return nil }
        return owner.contains(" ") ? "`\(name)` is the Objective-C spelling of `\(swift)`: \(owner)"
            : "`\(name)` is the Objective-C spelling of \(owner).\(swift), which Nestbox does not model (docs/coverage.md)"
    }

    /// L19: `name`, a field of the script's own on a controller, is a settable property
    /// of UIView the controller's type has not (`window` or `subviews`, read-only there,
    /// are fair names for a field): the classic slip of `vc.backgroundColor` for
    /// `vc.view.backgroundColor`, which UIKit never reads.
    func viewPropertyOnController(_ name: String, _ obj: SimObject, typeID: Int) -> String? {
        guard obj is ViewController, !UIKitSurface.models(Substring(name), binding: typeID),
              let view = LuaTypes.all.firstIndex(where: { $0.name == "View" }),
              let id = Self.tables.propertyIDs[view].first(where: { $0.0 == name })?.1,
              Self.tables.properties[id].set != nil else { return nil }     // one a script could set
        return "is a property of UIView, not of UIViewController: set it on the controller's view (`.view.\(name)`)"
    }

    /// The containment members whose Objective-C names Swift changed, as an iOS developer
    /// who learned them there types them.
    static let objectiveCRenamed: [String: String] = [
        "parentViewController": "parent", "childViewControllers": "children",
        "addChildViewController": "addChild", "removeFromParentViewController": "removeFromParent",
        "willMoveToParentViewController": "willMove", "didMoveToParentViewController": "didMove",
        "presentViewController": "present", "dismissViewControllerAnimated": "dismiss",
        "popViewControllerAnimated": "popViewController", "transitionFromViewController": "transition",
        "willMoveToSuperview": "willMove", "didMoveToSuperview": "didMove",
        "willMoveToWindow": "willMove", "didMoveToWindow": "didMove",
        "viewWillTransitionToSize": "viewWillTransition", "willTransitionToTraitCollection": "willTransition",
        "isMovingToParentViewController": "isMovingToParent", "isMovingFromParentViewController": "isMovingFromParent",
        "showViewController": "show", "convertPoint": "convert", "convertRect": "convert",
        "childViewControllerForStatusBarStyle": "childForStatusBarStyle",
        "childViewControllerForStatusBarHidden": "childForStatusBarHidden",
        "childViewControllerForHomeIndicatorAutoHidden": "childForHomeIndicatorAutoHidden",
        "childViewControllerForScreenEdgesDeferringSystemGestures": "childForScreenEdgesDeferringSystemGestures",
        "targetViewControllerForAction": "targetViewController", "popToRootViewControllerAnimated": "popToRootViewController",
        "viewControllerForKey": "viewController", "viewForKey": "view",
        "overrideTraitCollectionForChildViewController": "overrideTraitCollection",
        // UIContentContainer's, also as Nestbox spells a method's labels (sizeForChildContentContainer).
        "preferredContentSizeDidChangeForChildContentContainer": "preferredContentSizeDidChange",
        "systemLayoutFittingSizeDidChangeForChildContentContainer": "systemLayoutFittingSizeDidChange",
        "overrideTraitCollectionForChild": "overrideTraitCollection",
        "drawRect": "draw", "pointInside": "point",
        // Deprecated ones, refused under their Swift names (Catalogue+Deprecated.swift).
        "willRotateToInterfaceOrientation": "willRotate", "didRotateFromInterfaceOrientation": "didRotate",
        "willAnimateRotationToInterfaceOrientation": "willAnimateRotation",
        "dismissModalViewControllerAnimated": "dismissModalViewController",
        "shouldAutorotateToInterfaceOrientation": "shouldAutorotate", "drawTextInRect": "drawText",
    ]

    /// Whether the lint about `name` at the running script line is the first there (L15,
    /// L18: a loop setting a field says it once).
    func firstAtPlace(_ name: String) -> Bool {
        let place = "\(name)@\(scriptPosition() ?? "")"
        if lintsByPlace == nil { lintsByPlace = [] }
        guard (lintsByPlace?.count ?? 0) < 10_000 else { return false }
        return lintsByPlace?.insert(place).inserted == true
    }

    /// L12 for a class made with `extend` (the class at 1, the key at 2): the hooks and
    /// properties are those of the bound class it derives from.
    func lintClassField() {
        guard let key = L.string(at: 2), let typeID = boundType(ofClassAt: 1) else { return }
        let top = L.top
        defer { L.settop(top) }
        let bound = LuaTypes.all[typeID].name
        var className = bound
        if lua_getmetatable(L, 1) != 0, L.rawField(-1, "__name") == LUA_TSTRING, let n = L.string(at: -1) { className = n }
        // L15 for a method a subclass defines: `function VC:willMoveToParentViewController()`
        // is a Swift override's Objective-C name, which UIKit never calls under it.
        if let objc = objectiveCSpelling(key, typeID: typeID) {
            simulation.lint(name: className, "\(objc) (defined on class \(className))", rule: .formerName)
            return
        }
        guard let near = suggestion(for: key, typeID: typeID) else { return }
        simulation.lint(name: className,
                        "`\(key)` set on class \(className) is not a property or hook of \(bound): did you mean `\(near)`?",
                        rule: .fieldTypo)
    }

}

/// The names a script may set on each bound type without a typo lint, and the near
/// misses worth a suggestion: its properties and the hooks UIKit calls on it. Read from
/// the binding registry (`BindingSurface.all`) and `Override` only here.
enum LintNames {
    /// Per binding: every name that is part of the API (methods too, and `init`), and
    /// the properties and hooks a near miss is compared with.
    static let byType: [(exact: Set<String>, near: [String])] = BindingSurface.names.enumerated().map { i, s in
        // The hooks of the type and of the types it derives from, as the registry has them.
        var hooks: [String] = []
        var next: Int? = i
        while let k = next {
            hooks += LuaTypes.all[k].hooks.map(\.name)
            next = LuaRuntime.tables.parents[k]
        }
        let near = s.properties + hooks
        return (Set(near + s.methods + ["init", "extend"]), near)
    }

    static func suggestion(for key: String, typeID: Int) -> String? {
        guard byType.indices.contains(typeID), key.utf8.count <= 80 else { return nil }
        let names = byType[typeID]
        if names.exact.contains(key) { return nil }
        return nearest(key, in: names.near)
    }

    /// The name of `names` within two edits of `key` (and a third of its length), the
    /// closest first; a plural of a name is a list of them, not a typo.
    static func nearest(_ key: String, in names: [String]) -> String? {
        let k = Array(key.lowercased().unicodeScalars)
        var best: (String, Int)?
        // The API's names are ASCII: a name's length in bytes is its length in scalars, so
        // the names too long or short are passed over before anything is made of them.
        for name in names where abs(name.utf8.count - k.count) <= 2 {
            if key.utf8.count == name.utf8.count + 1, key.hasSuffix("s"), key.hasPrefix(name) { continue }
            let n = Array(name.lowercased().unicodeScalars)
            guard abs(n.count - k.count) <= 2 else { continue }
            let d = editDistance(k, n, limit: 2)
            if d <= 2, d <= n.count / 3, d < (best?.1 ?? 3) { best = (name, d) }
        }
        return best?.0
    }

    /// Damerau-Levenshtein distance (optimal string alignment: a swap of two neighbours
    /// counts as one edit, as in `viewWilAppear` or `tilte`), or `limit + 1` as soon as a
    /// row's least value passes `limit`: no later row can come back under it (a row's
    /// least is at most the one before's plus one, and a swap adds one to the row before
    /// that), and most names are far from a key within a few letters.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max - 1) -> Int {
        if a.isEmpty { return min(b.count, limit + 1) }
        if b.isEmpty { return min(a.count, limit + 1) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            if current.min()! > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit + 1)
    }
}

/// What `nestbox lint`, `run --lint` and the REPL's `:lint` print (README.md, `nestbox
/// lint`): one line per finding in the order made, `file:line: L3 message`, and a
/// closing count; or one JSON object per finding.
public struct LintReport {
    public let findings: [LintFinding]
    /// Findings past `Linter.maxFindings`, counted only.
    public let dropped: Int
    /// Named for a finding no script line made.
    public let script: String?

    public var count: Int { findings.count + dropped }

    /// File and line of a finding ("a.lua:3" → ("a.lua", 3)); the script and no line
    /// when none was recorded.
    func place(_ f: LintFinding) -> (file: String, line: Int?) {
        guard let loc = f.location, let colon = loc.lastIndex(of: ":"),
              let line = Int(loc[loc.index(after: colon)...]) else { return (f.location ?? script ?? "?", nil) }
        return (String(loc[..<colon]), line)
    }

    public var text: String { text(stoppedBy: .ok) }

    /// The lines, and a count that says when the script stopped before its end (an
    /// error, a limit): its lints are then those it made before, not a clean bill. A
    /// run that failed after its script's end (on a hook error the script caught) has
    /// all its lints, and the count says the run failed.
    public func text(stoppedBy outcome: RunOutcome, ranToEnd: Bool = false) -> String {
        var out = ""
        for f in findings {
            let (file, line) = place(f)
            out += "\(file)\(line.map { ":\($0)" } ?? ""): \(f.rule.id) \(f.message)\n"
        }
        if dropped > 0 { out += "… and \(dropped) more\n" }
        switch count {
        case 0: out += "no lints"
        case 1: out += "1 lint"
        default: out += "\(count) lints"
        }
        if outcome == .ok { return out + "\n" }
        return out + (ranToEnd ? "; the run failed\n" : " before the script stopped\n")
    }

    public var jsonLines: String { jsonLines(stoppedBy: .ok) }

    /// One object per line: id, file, line (null when unknown), message, object; a
    /// `{"more":N}` when findings were dropped; and last, when the script stopped before
    /// its end, why: `{"stopped":{"kind", "file", "line", "message", "exit"}}`, so that an
    /// editor reading the lines can show the error where it happened.
    public func jsonLines(stoppedBy outcome: RunOutcome, file: String? = nil) -> String {
        var out = ""
        for f in findings {
            let (file, line) = place(f)
            out += "{\"id\":\(jsonString(f.rule.id)),\"file\":\(jsonString(file)),\"line\":\(line.map(String.init) ?? "null")"
                + ",\"message\":\(jsonString(f.message)),\"object\":\(jsonString(f.object))}\n"
        }
        if dropped > 0 { out += "{\"more\":\(dropped)}\n" }
        if let stop = Self.stop(outcome, script: file ?? script) {
            out += "{\"stopped\":\(Self.json(stop, exit: outcome.exitStatus))}\n"
        }
        return out
    }

    /// A stop as JSON, as `lint --json` and `explore --json` write it.
    package static func json(_ stop: (kind: String, file: String, line: Int?, message: String), exit: ExitStatus) -> String {
        "{\"kind\":\(jsonString(stop.kind)),\"file\":\(jsonString(stop.file)),\"line\":\(stop.line.map(String.init) ?? "null"),"
            + "\"message\":\(jsonString(stop.message)),\"exit\":\(exit.rawValue)}"
    }

    /// Why and where a run stopped: an error's `file:line: ` prefix, or a limit's
    /// closing ` at file:line`, taken off the message; the script and no line when
    /// neither. A place counts only where it names a chunk: a `.lua` file, `stdin`, or
    /// the script (also as Lua shortens a long path, `...tail.lua`), so that a message's
    /// own colons are not taken for one.
    package static func stop(_ outcome: RunOutcome, script: String?) -> (kind: String, file: String, line: Int?, message: String)? {
        let kind: String, message: String
        switch outcome {
        case .ok: return nil
        case .scriptError(let m, _): (kind, message) = ("error", m)
        case .expectationFailed(let m): (kind, message) = ("expectation", m)
        case .limitExceeded(let m): (kind, message) = ("limit", m)
        case .unreadable(let m): (kind, message) = ("unreadable", m)
        }
        func chunk(_ place: Substring) -> (String, Int)? {
            guard let colon = place.lastIndex(of: ":"), let line = Int(place[place.index(after: colon)...]) else { return nil }
            let file = String(place[..<colon])
            if let script, file == script { return (file, line) }
            if let script, file.hasPrefix("..."), script.hasSuffix(file.dropFirst(3)) { return (script, line) }
            return file.hasSuffix(".lua") || file == "stdin" ? (file, line) : nil
        }
        // The first line, by bytes: "\r\n" is one Character, and a message may end its
        // lines either way.
        let end = message.utf8.firstIndex(of: 10) ?? message.endIndex
        var first = message[..<end]
        if first.hasSuffix("\r") { first = first.dropLast() }
        let rest = message[end...]
        // "file:line: text", as Lua writes an error
        if let sep = first.firstRange(of: ": "), let (file, line) = chunk(first[..<sep.lowerBound]) {
            return (kind, file, line, String(message[sep.upperBound...]))
        }
        // "… at file:line", as a limit's message ends
        if case .limitExceeded = outcome, let at = first.ranges(of: " at ").last, let (file, line) = chunk(first[at.upperBound...]) {
            return (kind, file, line, String(first[..<at.lowerBound]) + rest)
        }
        return (kind, script ?? "?", nil, message)
    }
}
