import InvariantChecking
import Testing
@testable import NestboxLua

/// `SourceLint.lookUp` answers for a script's names only (docs/performance.md). Here its
/// answers are compared with sets of every API name, built the plain way.
@Suite(.checksInvariants) struct SourceLintTests {
    /// Every name the API has.
    static var knownNames: Set<String> {
        var s = Set(BindingSurface.names.flatMap { $0.methods + $0.properties })
        s.formUnion(BindingSurface.hooks)
        s.formUnion(BindingSurface.delegateMethods)
        s.formUnion(LuaTypes.all.flatMap { $0.delegates.map(\.field) })
        s.formUnion(LuaTypes.namespaces.flatMap { $0.functions.map(\.name) })
        s.formUnion(Prelude.documented.methods.map { String($0.name.split(separator: ".").last ?? "") })
        for c in UIKitCatalogue.all {
            c.forEachInstanceName { name, _ in s.insert(String(decoding: name, as: UTF8.self)) }
            c.forEachClassMemberName { name, _ in s.insert(String(decoding: name, as: UTF8.self)) }
        }
        return s.union(SourceLint.geometryNames).union(SourceLint.luaLibraryNames).union(SourceLint.uiFields)
    }

    /// Unmodelled instance members, with the first class declaring each.
    static var unmodelled: [String: String] {
        var modelled: Set<String> = []
        for i in LuaTypes.all.indices {
            modelled.formUnion(LuaRuntime.tables.methodIDs[i].map(\.0))
            modelled.formUnion(LuaRuntime.tables.propertyIDs[i].map(\.0))
            modelled.formUnion(UIKitSurface.hostNames(ofBinding: i))
        }
        modelled.formUnion(UIKitSurface.traitNames + SourceLint.uiFields)
        modelled.formUnion(LuaTypes.namespaces.flatMap { $0.functions.map(\.name) })
        var out: [String: String] = [:]
        for a in UIKitCatalogue.modelledAs where UIKitCatalogue.entry(a.cls)?.isProtocol == false {
            let name = String(a.member.prefix { $0 != "(" })
            if out[name] == nil, !modelled.contains(name) { out[name] = "\(a.cls).\(name), which is \(a.as) in Nestbox (docs/coverage.md)" }
        }
        for c in UIKitCatalogue.all where !c.isProtocol || c.name.hasPrefix("UIViewControllerContext") {
            c.forEachInstanceName { bytes, _ in
                let name = String(decoding: bytes, as: UTF8.self)
                if !modelled.contains(name), out[name] == nil { out[name] = c.name }
            }
        }
        return out
    }

    @Test("the names of a script get the answers the full sets give")
    func lookUpMatchesTheFullSets() {
        let known = Self.knownNames, unmodelled = Self.unmodelled
        // Every API name, every unmodelled one, and names that are neither.
        let names = Array(known.union(unmodelled.keys)).sorted() + ["tilte", "viewWilAppear", "", "zzz", "addChildViewControllerX"]
        #expect(names.count > 1_000)
        let (isKnown, owner) = SourceLint.lookUp(names)
        for (i, n) in names.enumerated() {
            #expect(isKnown[i] == known.contains(n), "\(n)")
            #expect(owner[i] == unmodelled[n], "\(n)")
        }
        #expect(owner.compactMap { $0 }.count == unmodelled.count)
        // A few names at a time, as a script has them: the same answers.
        let few = ["view", "tilte", "presentationController", "viewWillAppear", "animate"]
        let (fewKnown, fewOwner) = SourceLint.lookUp(few)
        #expect(fewKnown == few.map(known.contains))
        #expect(fewOwner == few.map { unmodelled[$0] })
    }

    @Test("a probe finds each of its names by bytes, and no other")
    func probe() {
        let names = (0..<500).map { "name\($0)" } + ["", "a"]
        let probe = NameProbe(names)
        for (i, n) in names.enumerated() { #expect(probe.index(of: n) == i) }
        #expect(probe.index(of: "name500") == nil)
        #expect(probe.index(of: "b") == nil)
    }
}
