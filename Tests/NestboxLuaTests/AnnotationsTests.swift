import Foundation
import Testing
import NestboxLua
import InvariantChecking

/// scripts/examples/types/nestbox.lua is `nestbox annotations`' output, and it covers
/// the whole registry. `NESTBOX_RECORD=1 swift test --filter Annotations` rewrites it
/// (and fails once).
@Suite(.checksInvariants) struct AnnotationsTests {
    static let shipped = repositoryRoot.appendingPathComponent("scripts/examples/types/nestbox.lua")

    @Test func shippedCopyIsCurrent() throws {
        let text = LuaAnnotations.text
        if ProcessInfo.processInfo.environment["NESTBOX_RECORD"] != nil {
            try text.write(to: Self.shipped, atomically: true, encoding: .utf8)
            Issue.record("recorded \(Self.shipped.lastPathComponent); run again without NESTBOX_RECORD")
            return
        }
        let current = try String(contentsOf: Self.shipped, encoding: .utf8)
        #expect(current == text, "scripts/examples/types/nestbox.lua is stale: NESTBOX_RECORD=1 swift test --filter Annotations")
    }

    @Test("every registry entry is in the definition file")
    func everyEntry() {
        let text = LuaAnnotations.text
        for e in BindingSurface.entries {
            // "View:addSubview" → a method; "View.frame" → a field; "ui.tap" → a function.
            // Internal entries (metamethods, the prelude's helper) are not for scripts.
            if e.path.hasPrefix("__") || e.path.hasPrefix("ui._") { continue }
            var path = e.path
            for prefix in ["prelude.", "_G."] where path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
            let found: Bool
            if let colon = path.firstIndex(of: ":") {
                found = text.contains("function \(path[..<colon]):\(path[path.index(after: colon)...])(")
            } else if !e.isFunction, let dot = path.lastIndex(of: ".") {
                found = text.contains("---@field \(path[path.index(after: dot)...]) ")
            } else if let dot = path.lastIndex(of: "."), e.isFunction {
                let owner = path[..<dot], name = path[path.index(after: dot)...]
                found = text.contains("function \(path)(") || text.contains("function \(owner):\(name)(")
                    || text.contains("---@field \(name) (fun(") || text.contains("TransformFunctions.\(name)(")
            } else {
                found = text.contains("---@class \(path)") || text.contains("function \(path)(")
            }
            #expect(found, "\(path) is missing")
        }
        #expect(text.contains("---@class ViewController.Init"))
        #expect(text.contains("function it(name, body) end"))
    }
}
