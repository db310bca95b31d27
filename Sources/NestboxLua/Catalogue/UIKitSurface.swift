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
    static func aliases(of cls: UIKitClass) -> [(swiftName: Substring, as: String)] {
        UIKitCatalogue.modelledAs.compactMap { entry in
            let parts = entry.member.split(separator: ".", maxSplits: 1)
            return parts.count == 2 && parts[0] == cls.name ? (parts[1], entry.as) : nil
        }
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
            cls.forEachMember { m in
                guard m.kind.isInstanceMember else { return }
                // Modelled under another spelling: the error names it.
                if !aliases.isEmpty, let alias = aliases.first(where: { $0.swiftName == m.swiftName }) {
                    L.push(String(m.luaName))
                    lua_pushvalue(L, -1)
                    if lua_rawget(L, members) == LUA_TNIL {
                        L.pop()
                        L.push("\(cls.name).\(m.luaName) is \(alias.as) in Nestbox (docs/coverage.md)")
                        lua_rawset(L, members)
                    }
                    L.settop(owner)
                    return
                }
                let name = m.luaName
                let pushed: Void? = name.utf8.withContiguousStorageIfAvailable { buf in
                    _ = lua_pushlstring(L, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
                }
                if pushed == nil { L.push(String(name)) }
                let key = L.top
                lua_pushvalue(L, key)
                if lua_rawget(L, members) == LUA_TNIL {
                    lua_pushvalue(L, key)
                    if lua_rawget(L, hosted) == LUA_TNIL {
                        lua_pushvalue(L, key)
                        lua_pushvalue(L, owner)
                        lua_rawset(L, members)
                    }
                }
                L.settop(owner)
            }
        }
    }
}
