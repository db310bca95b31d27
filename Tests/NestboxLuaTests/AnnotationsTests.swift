import Foundation
import Testing
import NestboxLua
import Containment
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

    /// A language server reads the file as Lua: one that does not parse (a parameter
    /// written `name?`) is read up to the error, or not at all.
    @Test("the definition file is Lua that compiles")
    func compiles() throws {
        let text = LuaAnnotations.text
        var level = ""
        while text.contains("]" + level + "]") { level += "=" }
        let rt = try LuaRuntime(simulation: Simulation(), memoryLimit: 0)
        let outcome = rt.run(source: "assert(load([\(level)[\n" + text + "]\(level)], '=annotations', 't'))", chunkName: "=x")
        #expect(outcome == .ok, "\(outcome)")
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

    /// What language servers flagged in the examples: each function declared once per
    /// class, Transform's methods on a declared table, `extend` typed by its name, `init`
    /// declared, a controller's `view` never nil when read, geometry positional where a
    /// script gives it. (No language server is packaged here to run: README.md.)
    @Test("the definition file declares each name once and types what the examples write")
    func whatTheExamplesNeed() throws {
        let text = LuaAnnotations.text
        var seen: [String: Int] = [:]
        var classes: [String: Int] = [:]
        var cls = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("---@class ") { cls = String(line.dropFirst(10).split(separator: " ")[0]); classes[cls, default: 0] += 1 }
            if line.hasPrefix("function ") { seen[String(line.dropFirst(9).prefix { $0 != "(" }), default: 0] += 1 }
            if line.hasPrefix("---@field ") { seen[cls + "." + line.dropFirst(10).split(separator: " ")[0], default: 0] += 1 }
        }
        #expect(seen.filter { $0.value > 1 }.isEmpty, "declared twice: \(seen.filter { $0.value > 1 }.keys.sorted())")
        #expect(classes.filter { $0.value > 1 }.isEmpty)
        #expect(text.contains("---@field ty number\nlocal Transform = {}\n"))
        #expect(text.contains("---@generic T\n---@param name `T`\n---@return T\nfunction ViewControllerClass:extend(name) end"))
        #expect(seen["ViewController:init"] == 1 && seen["View:init"] == 1 && seen["Label:init"] == nil)
        #expect(text.contains("---@field view View The root view"))
        #expect(text.contains("---@field frame (Rect|number[]) The frame"))
        #expect(text.contains("---@param point (Point|number[])") || text.contains("(Point|number[])"))
        // Every subclass in the examples has its one line of type.
        let examples = repositoryRoot.appendingPathComponent("scripts/examples")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() where name.hasSuffix(".lua") {
            let lines = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line.contains(":extend(\"") {
                #expect(i > 0 && lines[i - 1].trimmingCharacters(in: .whitespaces).hasPrefix("---@class "), "\(name):\(i + 1) has no ---@class line above its extend")
            }
        }
    }
}
