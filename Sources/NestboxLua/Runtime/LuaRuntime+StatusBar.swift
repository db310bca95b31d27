import CLua
import Containment

extension LuaRuntime {
    /// One of the status bar's questions (policy Q79) answered by the script's override,
    /// called with the controller: `preferredStatusBarStyle` gives a style's name,
    /// `prefersStatusBarHidden` a boolean, the two `childFor…` a controller or nil. An
    /// answer of another kind is the override's error at the line defining it, and UIKit's
    /// answer is used, as for `sizeForChildContentContainer`.
    func runStatusBarQuestion(_ question: Override, of controller: ViewController) -> StatusBarAnswer? {
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
        default:
            if L.isNoneOrNil(-1) { return .child(nil) }
            if let c = object(at: -1) as? ViewController { return .child(c) }
            expected = "a ViewController or nil"
        }
        let answer = L.type(-1) == LUA_TSTRING ? "\"\(L.string(at: -1) ?? "")\""
            : L.isNoneOrNil(-1) ? "nil" : (object(at: -1)?.objectDescription ?? "a \(L.typeName(at: -1))")
        L.settop(ud)
        let position = pushHook(ud, question.name) ? definitionPosition(of: L.top) : ""
        reportHookError(object: controller, hook: question.name,
                        text: "\(position)\(question.name)() returned \(answer): \(expected) is expected")
        return nil
    }
}
