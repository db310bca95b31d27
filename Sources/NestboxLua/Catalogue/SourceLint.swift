import Containment

/// The lints a script's text shows before it runs (docs/lints.md, L16 and L17): a
/// member read, set or called with `.name` or `:name` that is a UIKit member Nestbox
/// does not model, and a name read that is never set and is one or two edits from the
/// API's. The receiver's type is not known here, so a name the script sets anywhere
/// (a field, a key, a method of its own) is the script's and is not reported, and a
/// name some bound type models is not reported as unmodelled.
enum SourceLint {
    /// A name after `.` or `:` (a member use: read, called or set), or defined by the
    /// script (`function a:name(`, or a name before `=` that is no member: a key or a
    /// variable), with its line.
    struct Name {
        enum Use { case read, memberSet, defined }
        let text: String
        let line: Int
        let use: Use
        /// The name before the `.` or `:` (`self` in `self.view`), if a name is there.
        var receiver: String? = nil
        /// Reached with `:`, a method call.
        var viaColon = false
    }

    /// Bounded like any host loop a script can lengthen: a source past this many names
    /// is checked in part.
    static let maxNames = 200_000

    static func findings(source: String, file: String) -> [LintFinding] {
        let names = scan(Array(source.utf8))
        var defined: Set<String> = [], setAsMember: Set<String> = [], read: Set<String> = []
        for n in names {
            switch n.use {
            case .defined: defined.insert(n.text)
            case .memberSet: setAsMember.insert(n.text)
            case .read: read.insert(n.text)
            }
        }
        var out: [LintFinding] = []
        var reported: Set<String> = []
        var suggestions: [String: String] = [:]     // nearMiss per name, "" for none
        func suggestion(_ name: String) -> String? {
            if let known = suggestions[name] { return known.isEmpty ? nil : known }
            let found = nearMiss(name)
            suggestions[name] = found ?? ""
            return found
        }
        for n in names where n.use != .defined && !defined.contains(n.text) {
            // Which table a name is read from is not known before the run, and plain
            // tables (a module's, a parameter's, the trace's events) have fields of every
            // name. So a read is reported only from `self`; a set (`nav.x = …`) and a
            // method call (`v:x()`) are UIKit's business wherever they are. A name the
            // script both sets and reads as a member is taken for a field of its own.
            let fromSelf = n.receiver == "self"
            if let owner = unmodelled[n.text], fromSelf || n.use == .memberSet || n.viaColon,
               !(setAsMember.contains(n.text) && read.contains(n.text)) {
                guard reported.insert("\(n.text)@\(n.line)").inserted else { continue }
                let message = owner.contains(" ") ? "`\(n.text)` is \(owner)"
                    : "`\(n.text)` is \(owner).\(n.text), which Nestbox does not model (docs/coverage.md)"
                out.append(LintFinding(rule: .unmodelledMember, object: "script", message: message, location: "\(file):\(n.line)"))
            } else if n.use == .read, fromSelf, !setAsMember.contains(n.text), !knownNames.contains(n.text), n.text.utf8.count <= 80,
                      let near = suggestion(n.text) {
                guard reported.insert("\(n.text)@\(n.line)").inserted else { continue }
                out.append(LintFinding(rule: .readTypo, object: "script",
                                       message: "`\(n.text)` is used but never set, and is no name of the API: did you mean `\(near)`?",
                                       location: "\(file):\(n.line)"))
            }
            if out.count >= Linter.maxFindings { break }
        }
        return out
    }

    /// Every name the API has: the bindings' methods, properties, hooks and delegate
    /// fields, the `ui` functions, the catalogue's members, the geometry's fields and
    /// Lua's own libraries.
    static let knownNames: Set<String> = {
        var s = Set(BindingSurface.names.flatMap { $0.methods + $0.properties })
        s.formUnion(BindingSurface.hooks)
        s.formUnion(BindingSurface.delegateMethods)
        s.formUnion(LuaTypes.all.flatMap { $0.delegates.map(\.field) })
        s.formUnion(LuaTypes.namespaces.flatMap { $0.functions.map(\.name) })
        s.formUnion(Prelude.documented.methods.map { String($0.name.split(separator: ".").last ?? "") })
        // The byte-wise walk: a Character-wise parse of the catalogue was most of a lint's start.
        for c in UIKitCatalogue.all {
            c.forEachInstanceName { name, _ in s.insert(String(decoding: name, as: UTF8.self)) }
            c.forEachClassMemberName { name, _ in s.insert(String(decoding: name, as: UTF8.self)) }
        }
        s.formUnion(["x", "y", "width", "height", "minX", "maxX", "minY", "maxY", "midX", "midY", "origin", "size",
                     "top", "left", "bottom", "right", "a", "b", "c", "d", "tx", "ty", "identity", "extend", "init",
                     "idiom", "horizontalSizeClass", "verticalSizeClass", "displayScale", "userInterfaceIdiom"])
        s.formUnion(luaLibraryNames)
        s.formUnion(uiFields)
        return s
    }()

    /// The fields of `ui` that are no function: the classes, the window and screen, the
    /// namespaces.
    static var uiFields: [String] {
        LuaTypes.all.map(\.name) + ["window", "screen", "Transform", "trace"]
    }

    /// The functions of Lua's standard tables (`string.format`, `table.insert`, …) and
    /// the string methods (`s:upper()`), which a script reads constantly.
    static let luaLibraryNames: [String] = [
        "byte", "char", "dump", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack", "packsize", "rep",
        "reverse", "sub", "unpack", "upper", "concat", "insert", "move", "remove", "sort", "abs", "ceil", "cos", "deg",
        "exp", "floor", "fmod", "huge", "log", "max", "maxinteger", "min", "mininteger", "modf", "pi", "rad", "random",
        "randomseed", "sin", "sqrt", "tan", "tointeger", "type", "ult", "clock", "date", "difftime", "getenv", "time",
        "close", "create", "isyieldable", "resume", "running", "status", "wrap", "yield", "charpattern", "codes",
        "codepoint", "offset", "traceback", "getinfo", "sethook", "gethook", "getlocal", "write", "read", "lines",
    ]

    /// Unmodelled instance members by name, with the first class declaring each; names
    /// some bound type models (under any class) are left out.
    static let unmodelled: [String: String] = {
        var modelled: Set<String> = []
        for i in LuaTypes.all.indices {
            let t = LuaRuntime.tables
            modelled.formUnion(t.methodIDs[i].map(\.0))
            modelled.formUnion(t.propertyIDs[i].map(\.0))
            modelled.formUnion(UIKitSurface.hostNames(ofBinding: i))
        }
        modelled.formUnion(UIKitSurface.traitNames)
        modelled.formUnion(uiFields)
        modelled.formUnion(LuaTypes.namespaces.flatMap { $0.functions.map(\.name) })

        var out: [String: String] = [:]
        // Modelled under another name: the finding names it ("UIView.animate, which is ui.animate …").
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
    }()

    /// The API's names within two edits (LintNames' rule).
    static func nearMiss(_ key: String) -> String? { LintNames.nearest(key, in: nearNames) }

    static let nearNames: [String] = {
        var seen: Set<String> = []
        return (BindingSurface.names.flatMap { $0.properties + $0.methods } + BindingSurface.hooks).filter { seen.insert($0).inserted }.sorted()
    }()

    /// The names in `src`, skipping comments and strings (long brackets included).
    static func scan(_ src: [UInt8]) -> [Name] {
        var out: [Name] = []
        var i = 0, line = 1
        let n = src.count
        func isStart(_ c: UInt8) -> Bool { (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 }
        func isPart(_ c: UInt8) -> Bool { isStart(c) || (c >= 48 && c <= 57) }
        /// The level of a long bracket `[==[` at `j`, or nil.
        func longOpen(_ j: Int) -> Int? {
            guard j < n, src[j] == 91 else { return nil }
            var k = j + 1, level = 0
            while k < n, src[k] == 61 { level += 1; k += 1 }
            return k < n && src[k] == 91 ? level : nil
        }
        func skipLong(_ level: Int) {
            // i is at the opening `[`; move past the matching `]==]`.
            i += level + 2
            while i < n {
                if src[i] == 10 { line += 1 }
                if src[i] == 93 {
                    var k = i + 1, l = 0
                    while k < n, src[k] == 61 { l += 1; k += 1 }
                    if l == level, k < n, src[k] == 93 { i = k + 1; return }
                }
                i += 1
            }
        }
        var previous: UInt8 = 0     // the last significant character before a name
        var beforePrevious: UInt8 = 0
        var lastName: String?       // the name just before, while only `.` or `:` follows it
        while i < n, out.count < maxNames {
            let c = src[i]
            if c == 10 { line += 1; i += 1; continue }
            if c == 32 || c == 9 || c == 13 { i += 1; continue }
            if c == 45, i + 1 < n, src[i + 1] == 45 {                      // a comment
                i += 2
                if let level = longOpen(i) { skipLong(level) } else { while i < n, src[i] != 10 { i += 1 } }
                continue
            }
            if c == 34 || c == 39 {                                        // a quoted string
                i += 1
                while i < n, src[i] != c, src[i] != 10 {
                    if src[i] == 92, i + 1 < n {                           // an escape
                        i += 1
                        if src[i] == 10 { line += 1 }                      // `\` before a line break
                        if src[i] == 122 {                                 // `\z` skips white space, breaks too
                            while i + 1 < n, [32, 9, 13, 10].contains(src[i + 1]) { i += 1; if src[i] == 10 { line += 1 } }
                        }
                    }
                    i += 1
                }
                i += 1
                previous = 0
                lastName = nil
                continue
            }
            if let level = longOpen(i) { skipLong(level); previous = 0; lastName = nil; continue }
            if isStart(c) {
                let start = i
                while i < n, isPart(src[i]) { i += 1 }
                let text = String(decoding: src[start..<i], as: UTF8.self)
                var j = i
                while j < n, src[j] == 32 || src[j] == 9 { j += 1 }
                let assigned = j < n && src[j] == 61 && !(j + 1 < n && src[j + 1] == 61)
                // `a.b`, not `a..b`; `a:b`, not the label `::b::`.
                let member = (previous == 46 && beforePrevious != 46) || (previous == 58 && beforePrevious != 58)
                // `function a:name(` and `function a.name(` define the name.
                let defines = member && j < n && src[j] == 40 && lastKeywordIsFunction(src, before: start)
                let use: Name.Use? = defines || (!member && assigned) ? .defined : member ? (assigned ? .memberSet : .read) : nil
                if let use {
                    out.append(Name(text: text, line: line, use: use, receiver: member ? lastName : nil, viaColon: member && previous == 58))
                }
                lastName = text
                beforePrevious = previous
                previous = 0
                continue
            }
            if c != 46 && c != 58 { lastName = nil }
            beforePrevious = previous
            previous = c
            i += 1
        }
        return out
    }

    /// Whether the text before a member name at `start` is `function a.b` or `function a:b`.
    static func lastKeywordIsFunction(_ src: [UInt8], before start: Int) -> Bool {
        var k = start - 1
        // Back over the dotted name (`a.b.c:`), at most a few hundred characters.
        let floor = max(0, start - 300)
        while k >= floor, src[k] != 10, src[k] != 40, src[k] != 61 {
            if k >= floor + 8, src[k - 8..<k] == ArraySlice("function".utf8), src[k] == 32 { return true }
            k -= 1
        }
        return false
    }
}
