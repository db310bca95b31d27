import CLua

/// The delegate and data source tables a script hands a bound object (`t.delegate = {…}`):
/// their keys are UIKit's protocol methods by short name (docs/api-conventions.md, Names),
/// so a key that is another member of the protocol would never be called. Such a key is
/// refused where the table is set; a key one or two edits from a method Nestbox calls is
/// lint L12 (a table of the script's may keep helpers and state under other names).
extension UIKitSurface {
    /// The delegating object's name that starts each member of the protocol `cls` (the
    /// `tableView` of `tableView(_:didSelectRowAt:)`), for the protocols whose tables a
    /// binding holds; nil for any other list.
    static func delegatePrefix(of cls: UIKitClass) -> String? {
        guard cls.isProtocol, delegateProtocol(named: cls.name) != nil else { return nil }
        var stem = Substring(cls.name.dropFirst(2))
        for suffix in ["Delegate", "DataSource"] where stem.hasSuffix(suffix) { stem = stem.dropLast(suffix.count) }
        // UIAdaptivePresentationControllerDelegate's members name a presentation controller.
        if stem.hasPrefix("Adaptive") { stem = stem.dropFirst("Adaptive".count) }
        return stem.prefix(1).lowercased() + stem.dropFirst()
    }

    /// The binding and protocol whose table stands for UIKit's protocol `uikit` (`UI` and
    /// the protocol's name: `UITableViewDelegate` is the TableView's `TableViewDelegate`).
    static func delegateProtocol(named uikit: String) -> (binding: Int, protocol: LuaProtocol)? {
        for (i, t) in LuaTypes.all.enumerated() {
            if let p = t.delegates.first(where: { "UI" + $0.name == uikit }) { return (i, p) }
        }
        return nil
    }

    /// A protocol member's key in a script's table: the first label after the delegating
    /// object (`heightForRowAt` of `tableView(_:heightForRowAt:)`), or the rest of a base
    /// name that starts with it (`didScroll` of `scrollViewDidScroll(_:)`), or the base
    /// name; then without the words Swift's labels add and a Lua key has no use for:
    /// `At`, `InSection`, `For`, `With` at the end, `ToProposed…` (`numberOfRows`,
    /// `cellForRow`, `animationController`, `topColumnForCollapsing`).
    static func delegateKey(_ m: UIKitMember, prefix: String) -> String {
        var key = Substring(delegateLabel(m, prefix: prefix))
        var i = key.startIndex
        while i < key.endIndex {
            if key[i...].hasPrefix("ToProposed") { key = key[..<i]; break }
            i = key.index(after: i)
        }
        for suffix in ["InSection", "At", "For", "With"] where key.hasSuffix(suffix) && key.count > suffix.count {
            key = key.dropLast(suffix.count)
            break
        }
        return String(key)
    }

    /// The member's key before those words are taken off: Swift's label as it is
    /// (`heightForRowAt`), which a script copying the Swift name writes.
    static func delegateLabel(_ m: UIKitMember, prefix: String) -> String {
        let base = m.luaName
        let key: Substring
        let labels = m.swiftName.drop { $0 != "(" }.dropFirst().split(separator: ":")
        if base == prefix, labels.first == "_", labels.count > 1 {
            key = labels[1]
        } else if base.hasPrefix(prefix), base.count > prefix.count {
            let rest = base.dropFirst(prefix.count)
            key = Substring(rest.prefix(1).lowercased() + rest.dropFirst())
        } else {
            key = Substring(base)
        }
        return String(key)
    }

    /// The protocol `uikit`'s members and the ones it inherits, each with its key.
    static func delegateMembers(_ uikit: String) -> [(key: String, label: String, member: UIKitMember, cls: UIKitClass)] {
        var out: [(String, String, UIKitMember, UIKitClass)] = []
        var next = UIKitCatalogue.entry(uikit)
        while let cls = next, out.count < 1_000 {
            if let prefix = delegatePrefix(of: cls) {
                cls.forEachMember { m in
                    if m.kind.isInstanceMember { out.append((delegateKey(m, prefix: prefix), delegateLabel(m, prefix: prefix), m, cls)) }
                }
            }
            next = cls.inherits.flatMap(UIKitCatalogue.entry)
        }
        return out
    }

    /// Per protocol, each key of a member Nestbox does not call under it, with its
    /// refusal: worked out from the catalogue here, and read at run time from the table
    /// recorded from it (UIKitSurface+DelegateKeys.swift; parsing the catalogue's lines
    /// at a table's set cost 6 M instructions, docs/performance.md).
    static func computedDelegateRefusals() -> [String: [(key: String, refusal: String)]] {
        var out: [String: [(key: String, refusal: String)]] = [:]
        for cls in UIKitCatalogue.all {
            guard let proto = delegateProtocol(named: cls.name)?.protocol else { continue }
            let modelled = Set(proto.methods.map(\.name))
            var seen: Set<String> = []
            for (key, label, m, owner) in delegateMembers(cls.name) {
                let alias = aliases(of: owner).first { $0.swiftName == m.swiftName }
                if !modelled.contains(key), seen.insert(key).inserted {
                    let refusal = if let alias {
                        "key '\(key)' is \(owner.name)'s \(m.swiftName), which is `\(alias.as)` in Nestbox (docs/coverage.md)"
                    } else {
                        "key '\(key)' is \(owner.name)'s \(m.swiftName), which Nestbox does not model (docs/coverage.md)"
                    }
                    out[cls.name, default: []].append((key, refusal))
                }
                // Swift's whole label, or the method's whole name (`scrollViewDidScroll`),
                // names the same member: refused with where it is.
                // (Not the bare delegating object's name, `tableView`: a fair name for a field.)
                let whole = String(m.luaName) == delegatePrefix(of: owner) ? label : String(m.luaName)
                for label in [label, whole] where label != key && !modelled.contains(label) && seen.insert(label).inserted {
                    let refusal = if modelled.contains(key) {
                        "key '\(label)' is \(owner.name)'s \(m.swiftName), whose key is `\(key)` (docs/api-conventions.md)"
                    } else if let alias {
                        "key '\(label)' is \(owner.name)'s \(m.swiftName), which is `\(alias.as)` in Nestbox (docs/coverage.md)"
                    } else {
                        "key '\(label)' is \(owner.name)'s \(m.swiftName), which Nestbox does not model (docs/coverage.md)"
                    }
                    out[cls.name, default: []].append((label, refusal))
                }
            }
        }
        return out
    }

    /// What is wrong with the table at `t` as a table of UIKit's protocol `uikit`: its
    /// first string key (in name order, at most 1,000 keys read) that is a member Nestbox
    /// does not call under that key. Nil when none.
    static func unmodelledDelegateKey(_ L: LuaState, _ t: Int32, uikit: String) -> String? {
        let t = lua_absindex(L, t)
        var keys: [String] = []
        L.pushNil()
        while lua_next(L, t) != 0 {
            if L.type(-2) == LUA_TSTRING, let k = L.string(at: -2) { keys.append(k) }
            L.pop()
            if keys.count >= 1_000 { L.pop(); break }
        }
        for key in keys.sorted() { if let refusal = recordedDelegateRefusal(uikit, key) { return refusal } }
        return nil
    }

    /// The function keys of the table at `t` (in name order, at most 1,000 keys read)
    /// that are no method of `proto` but one or two edits from one, each with that method.
    static func delegateTypos(_ L: LuaState, _ t: Int32, _ proto: LuaProtocol) -> [(key: String, near: String)] {
        let t = lua_absindex(L, t)
        let names = proto.methods.map(\.name)
        var keys: [String] = []
        L.pushNil()
        while lua_next(L, t) != 0 {
            if L.type(-1) == LUA_TFUNCTION, let k = L.type(-2) == LUA_TSTRING ? L.string(at: -2) : nil { keys.append(k) }
            L.pop()
            if keys.count >= 1_000 { L.pop(); break }
        }
        return keys.sorted().compactMap { key in
            names.contains(key) ? nil : LintNames.nearest(key, in: names).map { (key, $0) }
        }
    }
}
