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
        // The manual forwarding hooks it points to are in docs/containment.md.
        let containment = (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/containment.md"), encoding: .utf8)) ?? ""
        let manual = try #require(containment.range(of: "forwards by hand from its own four hooks:"))
        let hooks = try #require(containment[manual.upperBound...].components(separatedBy: "```lua\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let code = (Self.luaBlocks(in: Self.readme[start.upperBound..<end.lowerBound]) + [hooks]).joined(separator: "\n")
        let (outcome, _, _) = try runLua(code + """

            local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
            local c = Container{ name = "c" }
            ui.window.rootViewController = c
            ui.window:makeKeyAndVisible()
            ui.trace.mark()
            c:embed(a)
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
            c:unembed(b)
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
    /// a binding declares one, named as the file is; the gesture recognizers' base and
    /// its three kinds share `GestureRecognizer+Lua.swift`. Every binding is listed in
    /// `LuaTypes.all`.
    @Test func oneBindingFilePerBoundType() throws {
        let dir = repositoryRoot.appendingPathComponent("Sources/NestboxLua/Bindings")
        func text(_ file: String) throws -> String {
            try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
        }
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix("+Lua.swift") {
            let source = try text(file)
            let named = source.components(separatedBy: "LuaBinding(").dropFirst().compactMap {
                $0.drop { $0 == " " || $0 == "\n" }.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
            }
            guard !named.isEmpty else { continue }
            let stem = String(file.dropLast("+Lua.swift".count))
            if stem == "GestureRecognizer" {
                #expect(named == ["GestureRecognizer", "TapGestureRecognizer", "PanGestureRecognizer", "ScreenEdgePanGestureRecognizer"])
            } else if stem == "PresentationController" {
                #expect(named == ["PresentationController", "SheetPresentationController"])
            } else {
                #expect(named == [stem], "\(file) binds \(named)")
            }
            names += named
        }
        let listed = BindingSurface.all.map(\.type)
        #expect(listed.count == 28 && Set(names) == Set(listed), "\(names.count) bound types in files, \(listed.count) in LuaTypes")
    }
}
