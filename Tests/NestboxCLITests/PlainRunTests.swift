import Foundation
import Testing
@testable import NestboxCLI

/// A plain `nestbox run FILE` skips ArgumentParser (`Nestbox.plainRun`, docs/performance.md): for
/// every such command line it must do exactly what the full parse does.
@Suite struct PlainRunTests {
    func both(_ args: [String]) -> (plain: Captured, parsed: Captured) {
        func capture(_ body: (Output) -> Int32) -> Captured {
            var out = "", err = ""
            let code = body(Output(out: { out += $0 }, err: { err += $0 }))
            return Captured(code: code, out: out, err: err)
        }
        return (capture { Nestbox.dispatch(args, output: $0).code }, capture { Nestbox.parseAndDispatch(args, output: $0).code })
    }

    /// `test` reports each test's milliseconds, which differ from run to run.
    func expectSame(_ lines: [[String]]) {
        let milliseconds = try! Regex(#"\(\d+ ms\)"#)
        func timeless(_ s: String) -> String { s.replacing(milliseconds, with: "(ms)") }
        for args in lines {
            let (plain, parsed) = both(args)
            #expect(plain.code == parsed.code, "\(args)")
            #expect(timeless(plain.out) == timeless(parsed.out), "\(args)")
            #expect(plain.err == parsed.err, "\(args)")
        }
    }

    @Test("the same exit code and output as the full parse, for every kind of outcome")
    func equivalent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nb-plain-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func file(_ name: String, _ source: String) throws -> String {
            let path = folder + "/" + name
            try source.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let scripts = [
            try file("ok.lua", twoControllers),
            try file("error.lua", "local x = nil\nx.y = 1"),
            try file("hook.lua", "local vc = ui.ViewController{ viewDidLoad = function() error('boom') end }\nlocal _ = vc.view"),
            try file("memory.lua", "local t = {} for i = 1, 1e9 do t[i] = i end"),
            try file("warning.lua", "local p = ui.ViewController{}\np:addChild(p)"),
            try file("views.lua", "ui.window.rootViewController = ui.ViewController{}\nui.window:makeKeyAndVisible()\nprint(ui.window.rootViewController.view.frame.width)"),
            try file("help", "print('a script called help')"),
            try file("empty.lua", ""),
        ]
        let lines = scripts.map { ["run", $0] } + [
            ["run", "help"], ["run", ""], ["run", folder], ["run", folder + "/missing.lua"],
            // Not plain: the full parse reads them on both paths.
            ["run", "--help"], ["run", "-"], ["run"], ["run", scripts[0], "extra"], ["run", "--trace", "none", scripts[0]],
        ]
        expectSame(lines)
        #expect(lines.filter(Nestbox.isPlainRun).count == scripts.count + 4)
        // The outcomes differ from one another: the comparison above compared something.
        let codes = Set(scripts.map { both(["run", $0]).plain.code })
        #expect(codes == [0, 1, 3])
        #expect(both(["run", folder + "/missing.lua"]).plain.err == "nestbox: cannot open \(folder)/missing.lua\n")
        // `lint FILE` alone takes the same short cut.
        let typo = try file("typo.lua", "local V = ui.ViewController:extend('V')\nfunction V:viewDidLoad() self.tilte = 'x' print(self.titel) end\nlocal _ = V{}.view")
        let lints = (scripts + [typo, "help", folder + "/missing.lua"]).map { ["lint", $0] } + [["lint", "--json", scripts[0]], ["lint"]]
        expectSame(lints)
        #expect(lints.filter(Nestbox.isPlainLint).count == scripts.count + 3)
        // And `test PATH...` with no option.
        let spec = try file("plain_spec.lua", "it('passes', function() end)\nit('fails', function() check(false, 'no') end)\npending('later')")
        let ok = try file("ok_spec.lua", "it('passes', function() end)")
        let tests = [["test", spec], ["test", ok], ["test", spec, ok], ["test", folder + "/missing_spec.lua"], ["test", "--tap", spec]]
        expectSame(tests)
        #expect(tests.filter(Nestbox.isPlainTest).count == 4)
        #expect(Set(tests.map { both($0).plain.code }) == [0, 1, 2])
        #expect(Set(lints.map { both($0).plain.code }).isSuperset(of: [0, 1, 2, 3, 5]))
    }
}
