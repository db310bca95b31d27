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
        /// The receiver was itself reached with `.` (`frame` in `v.frame.x`).
        var receiverIsMember = false
    }

    /// The API's geometry values (rects, points, sizes, insets, transforms) come back as
    /// fresh tables, as Swift's structs come back as copies: a field set on one
    /// (`v.frame.x = 50`) changes nothing the model sees (L20).
    static let valueProperties: Set<String> = [
        "frame", "bounds", "center", "transform", "safeAreaInsets", "additionalSafeAreaInsets", "layoutMargins",
        "contentOffset", "contentInset", "contentSize", "adjustedContentInset", "verticalScrollIndicatorInsets",
        "horizontalScrollIndicatorInsets",
    ]
    static let valueFields: Set<String> = [
        "x", "y", "width", "height", "top", "left", "bottom", "right", "a", "b", "c", "d", "tx", "ty", "origin", "size",
    ]

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
        var distinct: [String] = []
        var index: [String: Int] = [:]
        for n in names where n.use != .defined && index[n.text] == nil {
            index[n.text] = distinct.count
            distinct.append(n.text)
        }
        let (known, owners) = lookUp(distinct)
        for n in names where n.use == .memberSet && n.receiverIsMember {
            guard let r = n.receiver, valueProperties.contains(r), valueFields.contains(n.text),
                  reported.insert("\(r).\(n.text)@\(n.line)").inserted else { continue }
            out.append(LintFinding(rule: .fieldOfCopy, object: "script",
                                   message: "`\(r).\(n.text) = …` sets a field of a copy: `\(r)` is a value (as a Swift struct), so nothing changes; set the whole value (`local v = x.\(r); v.\(n.text) = …; x.\(r) = v`)",
                                   location: "\(file):\(n.line)"))
            if out.count >= Linter.maxFindings { return out }
        }
        for n in names where n.use != .defined && !defined.contains(n.text) {
            let i = index[n.text]!
            // Which table a name is read from is not known before the run, and plain
            // tables (a module's, a parameter's, the trace's events) have fields of every
            // name. So a read is reported only from `self`; a set (`nav.x = …`) and a
            // method call (`v:x()`) are UIKit's business wherever they are. A name the
            // script both sets and reads as a member is taken for a field of its own.
            let fromSelf = n.receiver == "self"
            if let owner = owners[i], fromSelf || n.use == .memberSet || n.viaColon,
               !(setAsMember.contains(n.text) && read.contains(n.text)) {
                guard reported.insert("\(n.text)@\(n.line)").inserted else { continue }
                let message = owner.contains(" ") ? "`\(n.text)` is \(owner)"
                    : "`\(n.text)` is \(owner).\(n.text), which Nestbox does not model (docs/coverage.md)"
                out.append(LintFinding(rule: .unmodelledMember, object: "script", message: message, location: "\(file):\(n.line)"))
            } else if n.use == .read, fromSelf, !setAsMember.contains(n.text), !known[i], n.text.utf8.count <= 80,
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

    /// What the API says of each of a script's names: whether it is a name the API has
    /// (the bindings' methods, properties, hooks and delegate fields, the `ui` functions,
    /// the catalogue's members, the geometry's fields, Lua's own libraries), and, for an
    /// unmodelled UIKit instance member, the first class declaring it (none for a name some
    /// bound type models, under any class). Only the script's names are looked up: building
    /// sets of every API name was a quarter of a lint (docs/performance.md), and
    /// `SourceLintTests` compare the answers with such sets.
    static func lookUp(_ names: [String]) -> (known: [Bool], owner: [String?]) {
        let probe = NameProbe(names)
        var known = [Bool](repeating: false, count: names.count)
        var modelled = known
        var owner = [String?](repeating: nil, count: names.count)
        func mark(_ list: [String], _ marks: inout [Bool]) { for n in list { if let i = probe.index(of: n) { marks[i] = true } } }
        for s in BindingSurface.names { mark(s.methods, &known); mark(s.properties, &known) }
        mark(BindingSurface.hooks, &known)
        mark(BindingSurface.delegateMethods, &known)
        for t in LuaTypes.all { mark(t.delegates.map(\.field), &known) }
        for ns in LuaTypes.namespaces { mark(ns.functions.map(\.name), &known); mark(ns.functions.map(\.name), &modelled) }
        mark(Prelude.documented.methods.map { String($0.name.split(separator: ".").last ?? "") }, &known)
        mark(geometryNames + luaLibraryNames + uiFields, &known)
        for i in LuaTypes.all.indices {
            let t = LuaRuntime.tables
            mark(t.methodIDs[i].map(\.0), &modelled)
            mark(t.propertyIDs[i].map(\.0), &modelled)
            mark(UIKitSurface.hostNames(ofBinding: i), &modelled)
        }
        mark(UIKitSurface.traitNames + uiFields, &modelled)
        // Modelled under another name: the finding names it ("UIView.animate, which is ui.animate …").
        for a in UIKitCatalogue.modelledAs where UIKitCatalogue.entry(a.cls)?.isProtocol == false {
            if let i = probe.index(of: String(a.member.prefix { $0 != "(" })), !modelled[i], owner[i] == nil {
                owner[i] = "\(a.cls).\(names[i]), which is \(a.as) in Nestbox (docs/coverage.md)"
            }
        }
        for c in UIKitCatalogue.all {
            let counts = !c.isProtocol || c.name.hasPrefix("UIViewControllerContext")
            c.forEachInstanceName { bytes, _ in
                guard let i = probe.index(of: bytes) else { return }
                known[i] = true
                if counts, !modelled[i], owner[i] == nil { owner[i] = c.name }
            }
            c.forEachClassMemberName { bytes, _ in if let i = probe.index(of: bytes) { known[i] = true } }
        }
        return (known, owner)
    }

    static let geometryNames = [
        "x", "y", "width", "height", "minX", "maxX", "minY", "maxY", "midX", "midY", "origin", "size",
        "top", "left", "bottom", "right", "a", "b", "c", "d", "tx", "ty", "identity", "extend", "init",
        "idiom", "horizontalSizeClass", "verticalSizeClass", "displayScale", "userInterfaceIdiom",
    ]

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
        var lastWasMember = false   // and whether it was reached with `.` or `:`
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
                    out.append(Name(text: text, line: line, use: use, receiver: member ? lastName : nil, viaColon: member && previous == 58,
                                    receiverIsMember: member && lastWasMember))
                }
                lastName = text
                lastWasMember = member
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

/// The index of a name among a few hundred, found from its bytes without making a
/// `String` or hashing with SipHash: FNV-1a into an open-addressing table twice the size.
struct NameProbe {
    private let names: [[UInt8]]
    private var slots: [Int32]
    private let mask: Int

    init(_ names: [String]) {
        self.names = names.map { Array($0.utf8) }
        var size = 16
        while size < names.count * 2 { size <<= 1 }
        mask = size - 1
        slots = [Int32](repeating: -1, count: size)
        for (i, n) in self.names.enumerated() {
            var s = Self.hash(n) & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(i)
        }
    }

    static func hash<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h)
    }

    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var s = Self.hash(bytes) & mask
        while slots[s] >= 0 {
            let i = Int(slots[s])
            if names[i].count == bytes.count, names[i].elementsEqual(bytes) { return i }
            s = (s + 1) & mask
        }
        return nil
    }

    func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { index(of: $0) }
    }
}
