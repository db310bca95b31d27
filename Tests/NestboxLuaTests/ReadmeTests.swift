import Foundation
import Testing
import NestboxLua
import InvariantChecking

/// The README's Lua stays true: its snippets run.
@Suite(.checksInvariants) struct ReadmeTests {
    static let readme = (try? String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    static func luaBlocks(in text: Substring) -> [String] {
        text.components(separatedBy: "```lua\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    @Test func theShortScriptRuns() throws {
        let start = try #require(Self.readme.range(of: "A script in a few lines:"))
        let block = try #require(Self.luaBlocks(in: Self.readme[start.upperBound...]).first)
        let (outcome, out, _) = try runLua(block)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.hasPrefix("red appears\tfalse\n<MenuController: menu>, state: appeared"))
    }

    @Test("the container of 'Writing your own container' works as described")
    func writingYourOwnContainer() throws {
        let start = try #require(Self.readme.range(of: "## Writing your own container"))
        let end = try #require(Self.readme.range(of: "## `nestbox run`"))
        let code = Self.luaBlocks(in: Self.readme[start.upperBound..<end.lowerBound]).joined(separator: "\n")
        let (outcome, _, _) = try runLua(code + """

            local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
            local c = Container{ name = "c" }
            ui.window.rootViewController = c
            ui.window:makeKeyAndVisible()
            ui.trace.mark()
            c:show(a)
            ui.expectTrace [[
              a.willMove(toParent: c)
              a.loadView()
              a.viewDidLoad()
              a.viewWillAppear(animated: false)
              a.viewIsAppearing(animated: false)
              a.viewDidAppear(animated: false)
              a.didMove(toParent: c)
            ]]
            c:swap(a, b)
            ui.settle()
            assert(c.children[1] == b and #c.children == 1 and a.view.superview == nil)
            c:hide(b)
            assert(#c.children == 0 and b.appearanceState == "disappeared")
            local x = ui.ViewController{ name = "x" }
            container.current = x
            container:addChild(x); container.view:addSubview(x.view); x:didMove(container)
            ui.window.rootViewController = container
            assert(x.appearanceState == "appeared")
            """)
        #expect(outcome == .ok, "\(outcome)")
    }

    /// Development's layout: one `Type+Lua.swift` per bound type. Each file that declares
    /// a binding declares one, named as the file is; the gesture recognizers share one
    /// binding, named by `LuaTypes`, in `GestureRecognizer+Lua.swift`.
    @Test func oneBindingFilePerBoundType() throws {
        let dir = repositoryRoot.appendingPathComponent("Sources/NestboxLua/Bindings")
        func text(_ file: String) throws -> String {
            try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
        }
        func quoted(after marker: String, in text: String) -> [String] {
            text.components(separatedBy: marker).dropFirst().compactMap { $0.components(separatedBy: "\"").first }
        }
        let gestures = quoted(after: "GestureBinding.binding(\"", in: try text("LuaTypes.swift"))
        #expect(gestures == ["TapGestureRecognizer", "PanGestureRecognizer", "ScreenEdgePanGestureRecognizer"])
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix("+Lua.swift") {
            let source = try text(file)
            let declared = source.components(separatedBy: "LuaBinding(").count - 1
            guard declared > 0 else { continue }
            let stem = String(file.dropLast("+Lua.swift".count))
            #expect(declared == 1, "\(file) declares \(declared) bindings")
            let named = stem == "GestureRecognizer" ? gestures : quoted(after: "name: \"", in: source)
            #expect(stem == "GestureRecognizer" || named == [stem], "\(file) binds \(named)")
            names += named
        }
        let listed = try text("LuaTypes.swift").components(separatedBy: "Binding.binding").count - 1
        #expect(listed == 21 && names.count == listed, "\(names.count) bound types in files, \(listed) in LuaTypes")
    }
}
