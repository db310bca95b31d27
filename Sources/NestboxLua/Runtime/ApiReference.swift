import Containment

/// A declared argument: `name: Type` (`?` marks it optional, `...` is varargs).
package struct LuaArgument: Equatable {
    package let name: String
    package let type: String
    package var isOptional: Bool { type.hasSuffix("?") }
    package init(name: String, type: String) { self.name = name; self.type = type }
}

/// A parsed signature: `"(view: View, index: integer?) -> boolean"`.
package struct LuaSignature: Equatable {
    package let arguments: [LuaArgument]
    /// The result types (empty: returns nothing).
    package let results: [String]

    /// Parses the registry's spelling; nil when it is malformed.
    package init?(_ text: String) {
        let t = text.trimmed
        guard t.hasPrefix("("), let close = Self.matching(t, from: t.startIndex) else { return nil }
        let inner = String(t[t.index(after: t.startIndex)..<close])
        let rest = t[t.index(after: close)...].trimmed
        var args: [LuaArgument] = []
        for part in Self.split(inner, on: ",") where !part.isEmpty {
            guard let colon = part.firstIndex(of: ":") else { return nil }
            let name = part[..<colon].trimmed
            let type = part[part.index(after: colon)...].trimmed
            guard !name.isEmpty, !type.isEmpty, Self.balanced(type) else { return nil }
            args.append(LuaArgument(name: name, type: type))
        }
        arguments = args
        if rest.isEmpty {
            results = []
        } else {
            guard rest.hasPrefix("->") else { return nil }
            results = Self.split(String(rest.dropFirst(2)), on: ",")
            guard !results.isEmpty, results.allSatisfy({ !$0.isEmpty && Self.balanced($0) }) else { return nil }
        }
    }

    /// The index of the bracket closing the one at `open`.
    static func matching(_ s: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var i = open
        while i < s.endIndex {
            switch s[i] {
            case "(", "{", "[": depth += 1
            case ")", "}", "]":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i = s.index(after: i)
        }
        return nil
    }

    static func balanced(_ s: String) -> Bool {
        var depth = 0
        for ch in s {
            if "({[".contains(ch) { depth += 1 }
            if ")}]".contains(ch) { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    /// `s` split on `separator` outside brackets, each part trimmed.
    static func split(_ s: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for ch in s {
            if "({[".contains(ch) { depth += 1 }
            if ")}]".contains(ch) { depth -= 1 }
            if ch == separator && depth == 0 {
                parts.append(current.trimmed)
                current = ""
            } else {
                current.append(ch)
            }
        }
        parts.append(current.trimmed)
        return parts == [""] ? [] : parts
    }
}

/// One documented entry of the registry, for the completeness test: where it is, its
/// signature (or a property's type) and its doc.
package struct RegistryEntry {
    package let path: String
    package let signature: String
    package let doc: String
    /// A function (its signature must parse), not a property's type.
    package let isFunction: Bool
}

/// Every bound type's names, for tests that call each binding with bad input
/// (generated from the registry, so new bindings are covered).
package struct BindingSurface {
    package let type: String
    package let methods: [String]
    package let properties: [String]
    package let constructible: Bool
    /// The declared arguments of each method (receiver left out).
    package let arguments: [String: [LuaArgument]]

    /// Each bound type's method and property names, in registry order, without parsing
    /// a signature: what the lints need at start-up (`all` parses every one).
    package static var names: [(methods: [String], properties: [String])] {
        let t = LuaRuntime.tables
        return LuaTypes.all.indices.map { (t.methodIDs[$0].map(\.0), t.propertyIDs[$0].map(\.0)) }
    }

    package static var all: [BindingSurface] {
        let t = LuaRuntime.tables
        return LuaTypes.all.enumerated().map { i, b in
            var args: [String: [LuaArgument]] = [:]
            for (name, id) in t.methodIDs[i] { args[name] = LuaSignature("\(t.methods[id].signature)")?.arguments ?? [] }
            return BindingSurface(type: b.name, methods: t.methodIDs[i].map(\.0), properties: t.propertyIDs[i].map(\.0),
                                  constructible: b.make != nil, arguments: args)
        }
    }

    /// The functions scripts reach, by their path (`ui.tap`, `ui.trace.text`, `print`).
    package static var functions: [(path: String, arguments: [LuaArgument])] {
        LuaTypes.namespaces.filter { !$0.isInternal }.flatMap { n in
            n.functions.map { f in
                (n.path == "_G" ? f.name : "\(n.path).\(f.name)", LuaSignature("\(f.signature)")?.arguments ?? [])
            }
        }
    }

    /// Every method, property, hook, delegate method and function of the registry.
    package static var entries: [RegistryEntry] {
        var out: [RegistryEntry] = []
        func hooks(_ owner: String, _ list: [LuaHook]) {
            for h in list { out.append(RegistryEntry(path: "\(owner).\(h.name)", signature: "\(h.signature)", doc: "\(h.doc)", isFunction: true)) }
        }
        for b in LuaTypes.all {
            out.append(RegistryEntry(path: b.name, signature: "()", doc: "\(b.doc)", isFunction: true))
            for m in b.methods { out.append(RegistryEntry(path: "\(b.name):\(m.name)", signature: "\(m.signature)", doc: "\(m.doc)", isFunction: true)) }
            for p in b.properties { out.append(RegistryEntry(path: "\(b.name).\(p.name)", signature: "\(p.type)", doc: "\(p.doc)", isFunction: false)) }
            hooks(b.name, b.hooks)
            for d in b.delegates { hooks(d.name, d.methods) }
        }
        for p in LuaTypes.protocols + [Prelude.documented] { hooks(p.name, p.methods) }
        for n in LuaTypes.namespaces {
            for f in n.functions {
                out.append(RegistryEntry(path: n.path.isEmpty ? f.name : "\(n.path).\(f.name)", signature: "\(f.signature)",
                                         doc: "\(f.doc)", isFunction: true))
            }
        }
        return out
    }
}

// MARK: - For the registry's tests

/// A bound type's place in the registry: its parent's ID and its is-a bits.
package struct BindingLayout {
    package let type: String
    package let parent: Int?
    package let tag: UInt32
}

extension BindingSurface {
    package static var layout: [BindingLayout] {
        let t = LuaRuntime.tables
        return LuaTypes.all.indices.map { BindingLayout(type: LuaTypes.all[$0].name, parent: t.parents[$0], tag: t.tags[$0]) }
    }

    /// What is wrong with the registry (empty: the runtime starts).
    package static var problems: [String] { LuaRuntime.tables.problems }

    /// What would be wrong with a registry binding these classes in this order.
    package static func problems(binding types: [(String, SimObject.Type)]) -> [String] {
        BindingTables(types.map { LuaBinding($0.0, $0.1, doc: "A test binding.") }, namespaces: []).problems
    }

    /// The hooks the bindings document, and the names the host caches hook bits for.
    package static var hooks: [String] { LuaTypes.all.flatMap { $0.hooks.map(\.name) } }
    package static var hostHookNames: [String] {
        Override.allCases.filter { !$0.isMethod }.map(\.name) + PresentationControllerBinding.hooks.map(\.name)
    }
    /// The bound methods a script's subclass may override.
    package static var overridableMethods: [String] {
        var seen: [String] = []
        for b in LuaTypes.all { for m in b.methods where m.overridable && !seen.contains(m.name) { seen.append(m.name) } }
        return seen
    }
    /// The methods of the delegate and data-source tables and of the animator.
    package static var delegateMethods: [String] {
        (LuaTypes.all.flatMap(\.delegates) + LuaTypes.protocols).flatMap { $0.methods.map(\.name) }
    }
    package static var protocols: [String] { (LuaTypes.all.flatMap(\.delegates) + LuaTypes.protocols).map(\.name) }
}
