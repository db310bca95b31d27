import CLua
import CLuaShim

/// Where the catalogue meets the binding registry: which UIKit class each bound type
/// stands for, which of its members the binding models, and the refusals the runtime
/// puts in a type's member table (docs/coverage.md).
enum UIKitSurface {
    /// The catalogue entry a binding stands for: `UI` + its name, but for the two
    /// protocols the model implements as classes.
    static func uikitName(ofBinding name: String) -> String {
        switch name {
        case "TransitionContext": "UIViewControllerContextTransitioning"
        case "TransitionCoordinator": "UIViewControllerTransitionCoordinator"
        default: "UI" + name
        }
    }

    /// The UITraitCollection members a trait table has (`LuaRuntime.push(TraitCollection)`).
    static let traitNames = ["horizontalSizeClass", "verticalSizeClass", "userInterfaceIdiom", "displayScale", "layoutDirection"]

    /// The catalogue lists binding `typeID` answers for, most derived first: its class
    /// and the classes (or protocols) it inherits from. Empty for a type with no entry
    /// (UIScreen, UITouch: outside the catalogue, docs/coverage.md).
    static func chain(ofBinding typeID: Int) -> [UIKitClass] {
        chains.indices.contains(typeID) ? chains[typeID] : []
    }

    /// Every binding's chain, found once per process.
    private static let chains: [[UIKitClass]] = LuaTypes.all.indices.map(findChain)

    private static func findChain(_ typeID: Int) -> [UIKitClass] {
        var out: [UIKitClass] = []
        var next = UIKitCatalogue.entry(uikitName(ofBinding: LuaTypes.all[typeID].name))
        while let c = next, out.count < 16 {
            out.append(c)
            next = c.inherits.flatMap(UIKitCatalogue.entry)
        }
        return out
    }

    /// The members of `cls` modelled under another spelling (`UIKitCatalogue.modelledAs`).
    static func aliases(of cls: UIKitClass) -> [(swiftName: String, as: String)] {
        UIKitCatalogue.modelledAs.compactMap { $0.cls == cls.name ? ($0.member, $0.as) : nil }
    }

    /// What is wrong with the table at `t` as a script's implementation of UIKit's
    /// protocol `uikit`, whose keys Nestbox calls are `modelled`: a key that is another
    /// member of the protocol, which nothing would call (raw reads, bounded by the
    /// protocol's size). Nil when none.
    static func unmodelledKey(_ L: LuaState, _ t: Int32, protocol uikit: String, modelled: [LuaHook]) -> String? {
        guard let cls = UIKitCatalogue.entry(uikit) else { return nil }
        let t = lua_absindex(L, t)
        let aliases = aliases(of: cls)
        var problem: String?
        cls.forEachMember { m in
            let name = m.luaName
            guard problem == nil, m.kind.isInstanceMember, !modelled.contains(where: { $0.name == name }) else { return }
            defer { L.pop() }
            guard L.rawField(t, String(name)) != LUA_TNIL else { return }
            let spelled = aliases.filter { $0.swiftName.hasPrefix(name + "(") }.map { "`\($0.as)`" }
            problem = spelled.isEmpty ? "\(uikit).\(name) is not modelled by Nestbox (docs/coverage.md)"
                : "\(uikit).\(name) is \(spelled.joined(separator: " or ")) in Nestbox (docs/coverage.md)"
        }
        return problem
    }

    /// Names binding `typeID` models besides its methods and properties: the hooks the
    /// host calls and the fields that hold its delegates, its parents' included.
    static func hostNames(ofBinding typeID: Int) -> [String] {
        bindingChain(typeID).flatMap { k in
            LuaTypes.all[k].hooks.map(\.name) + LuaTypes.all[k].delegates.map(\.field).filter { !$0.isEmpty }
        }
    }

    /// The hooks binding `typeID` and its parents declare.
    static func hooks(ofBinding typeID: Int) -> [String] {
        bindingChain(typeID).flatMap { LuaTypes.all[$0].hooks.map(\.name) }
    }

    /// Binding `typeID` and its bound parents, nearest first.
    static func bindingChain(_ typeID: Int) -> [Int] {
        var chain: [Int] = []
        var next: Int? = typeID
        while let k = next {
            chain.append(k)
            next = LuaRuntime.tables.parents[k]
        }
        return chain
    }

    /// The hooks and delegate fields of every binding whose chain has `cls`: names a
    /// type may host without a method or property of the name.
    static func hostedNames(of cls: UIKitClass) -> [String] {
        LuaTypes.all.indices.filter { chain(ofBinding: $0).contains { $0.name == cls.name } }.flatMap(hostNames(ofBinding:))
    }

    /// The argument labels of UIKit's initializers along binding `typeID`'s chain that
    /// name nothing the binding has (no property, method, hosted field, nor any member
    /// of the chain, which nb_refusal answers for), with the refusal each gets as a
    /// constructor key: kept as the script's own field it would do nothing, and an iOS
    /// developer types UIKit's label (`rootViewController`) first (docs/coverage.md).
    /// Read from the recorded table (UIKitSurface+Labels.swift): working it out from the
    /// catalogue's text parses every member of every chain, 330M instructions, which a
    /// script's first constructor with a field paid (docs/performance.md).
    /// A switch over names, not a dictionary: a dictionary of tuples cost 280k
    /// instructions of metadata at its first read.
    static func initializerLabels(ofBinding typeID: Int) -> [InitializerLabel] {
        guard LuaTypes.all.indices.contains(typeID) else { return [] }
        return recordedLabels(LuaTypes.all[typeID].name)
    }

    struct InitializerLabel: Equatable {
        let label: String
        let refusal: String
        init(_ label: String, _ refusal: String) { self.label = label; self.refusal = refusal }

        /// The refusal after its label: "it is a label of …, which …" (lint L18's end).
        var uikit: String { "it" + refusal.dropFirst(label.count + 2) }
    }

    /// The table as the catalogue and the registry give it, by binding name, for the
    /// test that records and checks UIKitSurface+Labels.swift.
    static func computedInitializerLabels() -> [String: [InitializerLabel]] {
        var all: [String: [InitializerLabel]] = [:]
        for typeID in LuaTypes.all.indices {
            let labels = computeLabels(typeID)
            if !labels.isEmpty { all[LuaTypes.all[typeID].name] = labels }
        }
        return all
    }

    private static func computeLabels(_ typeID: Int) -> [InitializerLabel] {
        let chain = chain(ofBinding: typeID)
        let members = chain.flatMap(\.members).filter { $0.kind.isInstanceMember }.map(\.luaName)
        var out: [InitializerLabel] = []
        for cls in chain {
            let aliases = aliases(of: cls)
            for m in cls.members where m.kind == .initializer {
                for label in m.labels where !members.contains(label) && !models(label, binding: typeID)
                    && !out.contains(where: { $0.label == label }) {
                    let uikit = "`\(label)` is a label of \(cls.name)'s \(m.swiftName)"
                    let refusal = aliases.first { $0.swiftName == m.swiftName }.map { "\(uikit), which is \($0.as) in Nestbox" }
                        ?? "\(uikit), which \(LuaTypes.all[typeID].name){…} does not take"
                    out.append(InitializerLabel(String(label), refusal + " (docs/coverage.md)"))
                }
            }
        }
        return out
    }

    /// Whether binding `typeID` models the instance member `name`.
    static func models(_ name: Substring, binding typeID: Int) -> Bool {
        let t = LuaRuntime.tables
        return t.methodIDs[typeID].contains { $0.0 == name } || t.propertyIDs[typeID].contains { $0.0 == name }
            || hostNames(ofBinding: typeID).contains { $0 == name }
    }
}

extension LuaRuntime {
    /// The refusal of `name` for type `typeID`, asked after the type's methods and
    /// properties missed it (CLuaShim's nb_refusal, which keeps the answer): the
    /// declaring UIKit class, or a whole message for a member modelled under another
    /// name; nil for a name that is no unmodelled member (the script's own, or a hook or
    /// delegate field some type derived from the class hosts). Looked up in the
    /// catalogue's bytes: no Lua string is made per catalogue member, so a run pays for
    /// the names it uses, not for UIKit's surface.
    func refusal(_ typeID: Int, _ name: String) -> String? {
        guard !name.isEmpty, name.utf8.count <= 100 else { return nil }
        // Read from a class (`W.frame`): a property is an object's, not the class's.
        if LuaRuntime.tables.propertyIDs[typeID].contains(where: { $0.0 == name }) {
            let type = LuaTypes.all[typeID].name
            return "'\(name)' is a property of \(type): read it on an object, not on the class (docs/api-conventions.md)"
        }
        let key = Array(name.utf8)
        let hash = UIKitNameEntry.hash(key)
        for cls in UIKitSurface.chain(ofBinding: typeID) {
            guard let index = UIKitCatalogue.all.firstIndex(where: { $0.name == cls.name }) else { continue }
            if catalogueIndex.isEmpty { catalogueIndex = Array(repeating: nil, count: UIKitCatalogue.all.count) }
            if catalogueIndex[index] == nil { catalogueIndex[index] = cls.nameIndex() }
            guard let names = catalogueIndex[index] else { continue }
            var overloads: [String] = []
            var text = cls.source
            text.withUTF8 { all in
                names.forEach(hash: hash) { e in
                    // Offsets into the same bytes (a list is a constant; checked, not trusted).
                    guard e.swiftName.upperBound <= all.count, all[e.name].elementsEqual(key) else { return }
                    overloads.append(String(decoding: all[e.swiftName], as: UTF8.self))
                }
            }
            guard !overloads.isEmpty else { continue }
            if UIKitSurface.hostedNames(of: cls).contains(name) { return nil }
            if let alias = UIKitSurface.aliases(of: cls).first(where: { overloads.contains($0.swiftName) }) {
                return "\(cls.name).\(name) is \(alias.as) in Nestbox (docs/coverage.md)"
            }
            return cls.name
        }
        // Not counted, but refused too: a deprecated member, with what replaced it.
        for cls in UIKitSurface.chain(ofBinding: typeID) {
            guard let why = UIKitCatalogue.deprecation(cls.name, name) else { continue }
            if UIKitSurface.hostedNames(of: cls).contains(name) { return nil }
            return "\(cls.name).\(name) is not modelled by Nestbox: \(why) (docs/coverage.md)"
        }
        return nil
    }
}
