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
    static let traitNames = ["horizontalSizeClass", "verticalSizeClass", "userInterfaceIdiom", "displayScale"]

    /// The catalogue lists binding `typeID` answers for, most derived first: its class
    /// and the classes (or protocols) it inherits from. Empty for a type with no entry
    /// (UIScreen, UITouch: outside the catalogue, docs/coverage.md).
    static func chain(ofBinding typeID: Int) -> [UIKitClass] {
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
        var names: [String] = []
        var next: Int? = typeID
        while let k = next {
            names += LuaTypes.all[k].hooks.map(\.name)
            names += LuaTypes.all[k].delegates.map(\.field).filter { !$0.isEmpty }
            next = LuaRuntime.tables.parents[k]
        }
        return names
    }

    /// Whether binding `typeID` models the instance member `name`.
    static func models(_ name: Substring, binding typeID: Int) -> Bool {
        let t = LuaRuntime.tables
        return t.methodIDs[typeID].contains { $0.0 == name } || t.propertyIDs[typeID].contains { $0.0 == name }
            || hostNames(ofBinding: typeID).contains { $0 == name }
    }
}

extension LuaRuntime {
    /// Puts in the member table at `members` (type `typeID`'s, its methods and
    /// properties already in) every instance member of its UIKit classes that it does
    /// not model, as name -> the declaring class's name: reading, setting or calling one
    /// is then an error naming it (CLuaShim's nb_index), at no cost to the names it does
    /// model. Made once per type, with its metatable.
    func addUnmodelled(_ typeID: Int, members: Int32) {
        let chain = UIKitSurface.chain(ofBinding: typeID)
        guard !chain.isEmpty else { return }
        let top = L.top
        defer { L.settop(top) }
        L.newTable()                                     // what the host models besides members
        let hosted = L.top
        for name in UIKitSurface.hostNames(ofBinding: typeID) {
            L.push(true)
            L.setRawField(hosted, name)
        }
        for cls in chain {
            let aliases = UIKitSurface.aliases(of: cls)
            L.push(cls.name)
            let owner = L.top
            cls.forEachInstanceName { name, swiftName in
                guard let base = name.baseAddress, name.count > 0 else { return }
                let key = L.top + 1
                _ = lua_pushlstring(L, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), name.count)
                lua_pushvalue(L, key)
                defer { L.settop(owner) }
                guard lua_rawget(L, members) == LUA_TNIL else { return }
                lua_pushvalue(L, key)
                guard lua_rawget(L, hosted) == LUA_TNIL else { return }
                lua_pushvalue(L, key)
                // Modelled under another spelling: the error names it.
                if !aliases.isEmpty, let alias = aliases.first(where: { $0.swiftName.utf8.elementsEqual(swiftName) }) {
                    L.push("\(cls.name).\(String(decoding: name, as: UTF8.self)) is \(alias.as) in Nestbox (docs/coverage.md)")
                } else {
                    lua_pushvalue(L, owner)
                }
                lua_rawset(L, members)
            }
        }
    }

    /// Puts in the refusals at `table` the class members (`class var`, `class func`) of
    /// type `typeID`'s UIKit classes: Nestbox models them as `ui` functions if at all.
    func addUnmodelledClassMembers(_ typeID: Int, into table: Int32) {
        let top = L.top
        defer { L.settop(top) }
        for cls in UIKitSurface.chain(ofBinding: typeID) {
            let aliases = UIKitSurface.aliases(of: cls)
            L.push(cls.name)
            let owner = L.top
            // Overloads share a name: one modelled under another spelling names it, so
            // those go first.
            for pass in 0..<2 {
                cls.forEachClassMemberName { name, swiftName in
                    guard let base = name.baseAddress, name.count > 0 else { return }
                    let alias = aliases.first { $0.swiftName.utf8.elementsEqual(swiftName) }
                    guard (pass == 0) == (alias != nil) else { return }
                    _ = lua_pushlstring(L, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), name.count)
                    let key = L.top
                    defer { L.settop(owner) }
                    lua_pushvalue(L, key)
                    guard lua_rawget(L, table) == LUA_TNIL else { return }
                    lua_pushvalue(L, key)
                    if let alias {
                        L.push("\(cls.name).\(String(decoding: name, as: UTF8.self)) is \(alias.as) in Nestbox (docs/coverage.md)")
                    } else {
                        lua_pushvalue(L, owner)
                    }
                    lua_rawset(L, table)
                }
            }
        }
    }
}
