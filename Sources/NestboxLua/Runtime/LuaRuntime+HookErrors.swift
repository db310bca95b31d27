import CLua
import CLuaShim
import Containment

/// A hook's error: recorded as an `error` event once, and passed on to the Lua code whose
/// call ran the hook (README.md, "An error in a hook"; docs/policies.md, Other choices).
extension LuaRuntime {
    /// A hook failed: record an `error` event, remember it, and let the API call that
    /// caused it pass it on to the script (unless --keep-going).
    /// `afterCall`: the text is what a call under nb_msghandler failed with.
    func reportHookError(object: SimObject, hook: String, text: String, afterCall: Bool = false) {
        // A run limit is not the hook's fault: the run ends with the limit's own line.
        if nb_limit_status(state) != 0 { return }
        let (message, traceback) = splitTraceback(text)
        // The error passed on to this hook from one it ran, coming back out of it, is not
        // a second error; one of the same text that the hook raised itself is.
        if afterCall, passedOn(message) {
            if !keepGoing, pendingHookError == nil { pendingHookError = message }
            return
        }
        simulation.trace.record(.error, object.name, hook, message: message, traceback: traceback)
        hookErrors.append((message, traceback))
        if !keepGoing, pendingHookError == nil { pendingHookError = message }
    }

    /// The error a call just failed with is the hook error a binding passed on to it
    /// (nb_msghandler saw the binding raise it), not one of the same text raised anew.
    func passedOn(_ message: String) -> Bool {
        defer { state.pointee.error_passed_on = 0 }
        return state.pointee.error_passed_on != 0 && message == passedOnError
    }

    /// Where the hook error being passed on was raised: its traceback's first line in the
    /// script (not in a C function, the prelude or the spec library), for nb_passedonwhere_lua.
    func setPassingWhere(_ message: String) {
        let place = Self.raisingPlace(in: hookErrors.last(where: { $0.message == message })?.traceback ?? "")
        withUnsafeMutableBytes(of: &state.pointee.passing_where) { buffer in
            let bytes = Array(place.utf8.prefix(buffer.count - 1))
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
    }

    /// Where a traceback's error was raised in the script ("file:line: "; "" for none):
    /// its first line not in a C function, the prelude or the spec library.
    public static func raisingPlace(in traceback: String) -> String {
        let frame = traceback.split(separator: "\n").dropFirst().lazy.map { $0.drop { $0 == "\t" } }
            .first { !$0.hasPrefix("[C]") && !$0.hasPrefix("spec:") && !$0.hasPrefix("prelude:") }
        guard let frame, let r = frame.firstRange(of: #/:\d+: /#) else { return "" }
        return String(frame[..<r.upperBound])
    }

    /// A script error's message with the place it was raised, when it names none
    /// (`error(s, 0)`): a test's failure names its line (docs/policies.md, Other choices).
    public static func placed(_ message: String, traceback: String) -> String {
        if message.firstMatch(of: #/^[^\n]*?:\d+: /#) != nil { return message }
        return raisingPlace(in: traceback) + message
    }
}
