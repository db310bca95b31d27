import CLua
import Containment

extension LuaRuntime {
    /// One of the questions UIKit asks a controller, answered by the script's override,
    /// called with the controller. The status bar's (policy Q79): `preferredStatusBarStyle`
    /// gives a style's name, `prefersStatusBarHidden` a boolean, the two `childFor…` a
    /// controller or nil. The interface orientations' (Q82): `supportedInterfaceOrientations`
    /// a mask's name or a list of them (not empty: UIKit's "must not be 0"),
    /// `preferredInterfaceOrientationForPresentation` an orientation's name. An answer of
    /// another kind is the override's error at the line defining it, and UIKit's answer is
    /// used, as for `sizeForChildContentContainer`.
    func runQuestion(_ question: Override, of controller: ViewController) -> ControllerAnswer? {
        guard !closing, hookMask(controller) & HostCache.bit(question) != 0 else { return nil }
        let top = L.top
        defer { L.settop(top) }
        guard pushExisting(controller) else { return nil }
        let ud = L.top
        guard pushHook(ud, question.name) else { return nil }
        lua_pushvalue(L, ud)
        guard docall(nargs: 1, nresults: 1, object: controller, context: question.name) else { return nil }
        let expected: String
        switch question {
        case .preferredStatusBarStyle:
            if L.type(-1) == LUA_TSTRING, let s = L.string(at: -1), let style = StatusBarStyle(rawValue: s) { return .style(style) }
            expected = "one of " + StatusBarStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        case .prefersStatusBarHidden:
            if L.type(-1) == LUA_TBOOLEAN { return .hidden(L.bool(at: -1)) }
            expected = "a boolean"
        case .supportedInterfaceOrientations:
            if let mask = orientationMask(at: L.top), !mask.isEmpty { return .orientations(mask) }
            expected = "a mask's name (" + InterfaceOrientationMask.names.map(\.0).joined(separator: ", ") + ") or a non-empty list of them"
        case .preferredInterfaceOrientationForPresentation:
            if L.type(-1) == LUA_TSTRING, let s = L.string(at: -1), Simulation.orientations.contains(s) { return .orientation(s) }
            expected = "one of " + Simulation.orientations.map { "\"\($0)\"" }.joined(separator: ", ")
        default:
            if L.isNoneOrNil(-1) { return .child(nil) }
            if let c = object(at: -1) as? ViewController { return .child(c) }
            expected = "a ViewController or nil"
        }
        let answer = L.type(-1) == LUA_TSTRING ? "\"\(L.string(at: -1)?.prefix(80) ?? "")\""
            : L.isNoneOrNil(-1) ? "nil" : L.type(-1) == LUA_TTABLE ? listAnswer(at: L.top)
            : (object(at: -1)?.objectDescription ?? "a \(L.typeName(at: -1))")
        L.settop(ud)
        let position = pushHook(ud, question.name) ? definitionPosition(of: L.top) : ""
        reportHookError(object: controller, hook: question.name,
                        text: "\(position)\(question.name)() returned \(answer): \(expected) is expected")
        return nil
    }
}

extension LuaRuntime {
    /// A wrong table answer, as a message shows it: `{}`, the list's first entry that is
    /// not a mask's name, or "a table" (a list past 64 entries, or none a name misses).
    func listAnswer(at i: Int32) -> String {
        let n = lua_rawlen(L, i)
        if n == 0 { return "{}" }
        guard n <= 64 else { return "a table" }
        for k in 1...Int(n) {
            lua_rawgeti(L, i, lua_Integer(k))
            defer { L.pop() }
            let name = L.type(-1) == LUA_TSTRING ? L.string(at: -1) : nil
            if let name, InterfaceOrientationMask.names.contains(where: { $0.0 == name }) { continue }
            return "a list holding " + (name.map { "\"\($0.prefix(80))\"" } ?? "a \(L.typeName(at: -1))")
        }
        return "a table"
    }

    /// UIKit's exception about a controller's answer, at the end of a turn (Q82): an error
    /// as a failing hook's, at the line of the class's override when it has one.
    func raiseQuestionError(_ error: ContainmentError, from question: Override, of controller: ViewController) {
        let top = L.top
        defer { L.settop(top) }
        var position = ""
        if hookMask(controller) & HostCache.bit(question) != 0, pushExisting(controller), pushHook(L.top, question.name) {
            position = definitionPosition(of: L.top)
        }
        reportHookError(object: controller, hook: question.name, text: position + "\(error)")
    }

    /// A UIInterfaceOrientationMask as a script writes it: a member's name (`"portrait"`,
    /// `"allButUpsideDown"`) or a list of them; nil for anything else.
    func orientationMask(at i: Int32) -> InterfaceOrientationMask? {
        func member(_ name: String?) -> InterfaceOrientationMask? {
            name.flatMap { n in InterfaceOrientationMask.names.first { $0.0 == n }?.1 }
        }
        if L.type(i) == LUA_TSTRING { return member(L.string(at: i)) }
        guard L.type(i) == LUA_TTABLE else { return nil }
        var mask: InterfaceOrientationMask = []
        let n = lua_rawlen(L, i)
        // A list longer than every name written out is not a mask (bounded: the script
        // sets its length).
        guard n <= 64 else { return nil }
        for k in 0..<Int(n) {
            lua_rawgeti(L, i, lua_Integer(k + 1))
            defer { L.pop() }
            guard L.type(-1) == LUA_TSTRING, let m = member(L.string(at: -1)) else { return nil }
            mask.formUnion(m)
        }
        return mask
    }
}
