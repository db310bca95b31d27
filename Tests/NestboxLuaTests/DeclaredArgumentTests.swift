import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// Each declared argument type is checked: every method and `ui` function, called with
/// a value of the wrong type at each argument the registry types (the ones before it
/// valid), fails with Lua's `bad argument #n to 'name' (T expected, got X)` naming the
/// declared type. Flags (`boolean?`) take Lua's truthiness, so they are not checked;
/// unions and spec tables check their own fields.
@Suite(.checksInvariants) struct DeclaredArgumentTests {
    static let types = Set(BindingSurface.all.map(\.type))
    static let shapes = ["Rect": "rect", "Point": "point", "Size": "size", "Insets": "insets", "Transform": "transform"]

    /// The word the error names for a declared type, or nil when the type is not
    /// checked by one test (a union, a spec table, a flag, `any`).
    static func expectedWord(_ declared: String) -> String? {
        let t = declared.hasSuffix("?") ? String(declared.dropLast()) : declared
        if t.contains("|") || t.hasPrefix("{") || t.hasSuffix("[]") || t == "any" { return nil }
        if declared == "boolean?" { return nil }
        switch t {
        case "number", "integer": return "number"
        case "string", "boolean", "table": return t
        default:
            if t.hasPrefix("fun(") { return "function" }
            if let s = shapes[t] { return s }
            return types.contains(t) ? t : nil
        }
    }

    /// A value of the declared type that passes the check, or nil.
    static func validValue(_ declared: String) -> String? {
        let t = declared.hasSuffix("?") ? String(declared.dropLast()) : declared
        switch t {
        case "number", "integer": return "1"
        case "string": return "'portrait'"
        case "boolean": return "true"
        case "Rect": return "{ 0, 0, 10, 10 }"
        case "Point": return "{ 0, 0 }"
        case "Size": return "{ 10, 10 }"
        default:
            if t.hasPrefix("fun(") { return "function() end" }
            if types.contains(t) { return "ui.\(t){}" }
            return nil
        }
    }

    /// Arguments the implementation reads leniently, as it always has: `present` and
    /// `dismiss` ignore a completion that is not a function.
    static let lenient: Set = ["present#3", "dismiss#2"]

    /// Lua that checks one call; `call` is the call with `ARGS` for its arguments.
    static func cases(_ call: String, name: String, _ args: [LuaArgument]) -> [String] {
        var out: [String] = []
        for (k, arg) in args.enumerated() where !lenient.contains("\(name)#\(k + 1)") {
            guard let word = expectedWord(arg.type) else { continue }
            let before = args[..<k].map { validValue($0.type) }
            guard before.allSatisfy({ $0 != nil }) else { continue }
            let wrong = word == "string" ? "{}" : (["table", "rect", "point", "size", "insets", "transform"].contains(word) ? "'s'" : "{}")
            let got = wrong == "{}" ? "table" : "string"
            let list = (before.compactMap { $0 } + [wrong]).joined(separator: ", ")
            let expected = "bad argument #\(k + 1) to '\(name)' (\(word) expected, got \(got))"
            out.append("""
                do
                  local ok, e = pcall(function() return \(call.replacing("ARGS", with: list)) end)
                  if ok or not tostring(e):find(\(luaQuoted(expected)), 1, true) then
                    print(\(luaQuoted(call.replacing("ARGS", with: list))) .. ': ' .. tostring(e))
                  end
                  checked = checked + 1
                end

                """)
        }
        return out
    }

    static func luaQuoted(_ s: String) -> String {
        "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    @Test func everyDeclaredArgumentIsChecked() throws {
        var lua = "local checked = 0\nlocal root = ui.ViewController{}\nui.window.rootViewController = root\nui.window:makeKeyAndVisible()\n"
        for surface in BindingSurface.all {
            guard let make = HostileArgumentTests.instance(surface.type, constructible: surface.constructible) else { continue }
            for m in surface.methods where m != "extend" {
                lua += "do local o = \(make)\n"
                lua += Self.cases("o:\(m)(ARGS)", name: m, surface.arguments[m] ?? []).joined()
                lua += "end\n"
            }
        }
        for f in BindingSurface.functions where f.path != "print" {
            let name = String(f.path.split(separator: ".").last ?? "")
            lua += Self.cases("\(f.path)(ARGS)", name: name, f.arguments).joined()
        }
        lua += "print('checked', checked)\n"
        let (outcome, out, _) = try runLua(lua)
        #expect(outcome == .ok, "\(outcome)")
        let lines = out.split(separator: "\n")
        #expect(lines.count == 1, "calls whose error does not name the declared type:\n\(lines.dropLast().joined(separator: "\n"))")
        let count = Int(lines.last?.split(separator: "\t").last ?? "") ?? 0
        #expect(count > 60, "\(count) arguments checked")
    }
}
