import Foundation
import Testing
import Containment
import NestboxLua

/// Every bound method, property and `ui` function called with nil, odd numbers, strings,
/// tables, booleans and objects of the wrong kind, generated from the binding registry
/// so new bindings are covered. Errors are expected; the host must not crash, and the
/// run must end normally.
@Suite struct HostileArgumentTests {
    static let values = ["nil", "0", "-1", "1e300", "-1e300", "0/0", "1/0", "math.mininteger", "'s'", "{}",
                         "{1, 2}", "{ x = 'a' }", "true", "ui.View{}", "ui.ViewController{}", "function() end"]

    /// Lua that makes an instance of a binding, or nil when scripts cannot get one simply.
    static func instance(_ type: String, constructible: Bool) -> String? {
        switch type {
        case "Window": return "ui.window"
        case "Screen": return "ui.screen"
        case "NavigationItem": return "ui.ViewController{}.navigationItem"
        case "NavigationController": return "ui.NavigationController{ root = ui.ViewController{} }"
        default: return constructible ? "ui.\(type){}" : nil
        }
    }

    @Test(arguments: BindingSurface.all.map(\.type))
    func binding(_ type: String) throws {
        let surface = try #require(BindingSurface.all.first { $0.type == type })
        guard let make = Self.instance(type, constructible: surface.constructible) else { return }
        var lua = "local values = { \(Self.values.joined(separator: ", ")) }\nlocal n = \(Self.values.count)\n"
        lua += "local root = ui.ViewController{}\nui.window.rootViewController = root\nui.window:makeKeyAndVisible()\n"
        lua += "local calls = 0\n"
        for m in surface.methods {
            lua += """
                for i = 1, n do
                  for j = 1, n do
                    local o = \(make)
                    pcall(o.\(m), o, values[i], values[j])
                    pcall(o.\(m), values[i])
                    calls = calls + 2
                  end
                end

                """
        }
        for p in surface.properties {
            lua += """
                for i = 1, n do
                  local o = \(make)
                  pcall(function() return o.\(p) end)
                  pcall(function() o.\(p) = values[i] end)
                  calls = calls + 2
                end

                """
        }
        lua += "ui.settle()\nprint(calls)\n"
        let (outcome, out, rt) = try runLua(lua)
        #expect(outcome == .ok, "\(type): \(outcome)")
        #expect(Int(out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0)
        _ = rt
    }

    @Test func uiFunctions() throws {
        var lua = "local values = { \(Self.values.joined(separator: ", ")) }\nlocal n = \(Self.values.count)\n"
        lua += "local root = ui.ViewController{}\nui.window.rootViewController = root\nui.window:makeKeyAndVisible()\n"
        for f in BindingSurface.functions where f != "_G.print" {
            let path = f.hasPrefix("trace.") ? "ui.trace.\(f.dropFirst(6))" : "ui.\(f)"
            lua += "for i = 1, n do for j = 1, n do pcall(\(path), values[i], values[j]) end end\n"
        }
        lua += "print('survived')\n"
        let (outcome, out, _) = try runLua(lua)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasSuffix("survived\n"))
    }
}
