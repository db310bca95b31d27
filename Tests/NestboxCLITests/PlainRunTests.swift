import Foundation
import Testing
@testable import NestboxCLI

/// The command lines `QuickParse` reads skip ArgumentParser (docs/performance.md): for every
/// such line Nestbox must do exactly what the full parse does, and each command's table must
/// name the options its ArgumentParser declaration has.
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
            ["run", "--trace", "none", scripts[0]], ["run", scripts[2], "--keep-going", "--trace", "jsonl", "--kinds", "lifecycle"],
            ["run", scripts[5], "--views", "--device", "iPad", "--timeout", "2", "--max-memory", "64", "--no-settle"],
            ["run", scripts[3], "--max-memory", "16"], ["run", scripts[0], "--max-instructions", "100"],
            // Usage errors and lines left to ArgumentParser: the same answers.
            ["run", "--help"], ["run", "-"], ["run"], ["run", scripts[0], "extra"], ["run", "--trace=none", scripts[0]],
            ["run", scripts[0], "--trace", "xml"], ["run", scripts[0], "--timeout", "-1"], ["run", scripts[0], "--timeout", "0"],
            ["run", scripts[0], "--kinds", "nonsense"], ["run", scripts[0], "--views", "--views"], ["run", scripts[0], "--trace"],
            ["run", scripts[0], "--device", "pager"], ["run", scripts[0], "--expect", "a", "--record", "b"], ["run", scripts[0], "--nope"],
            ["run", "--", scripts[0]], ["run", scripts[0], "--every", "x"],
        ]
        expectSame(lines)
        let quick = lines.filter { Nestbox.quickDispatch($0, output: Output(out: { _ in }, err: { _ in })) != nil }
        #expect(quick.count == scripts.count + 9)
        // The outcomes differ from one another: the comparison above compared something.
        let codes = Set(scripts.map { both(["run", $0]).plain.code })
        #expect(codes == [0, 1, 3])
        #expect(both(["run", folder + "/missing.lua"]).plain.err == "nestbox: cannot open \(folder)/missing.lua: No such file or directory\n")
        // `lint FILE` alone takes the same short cut.
        let typo = try file("typo.lua", "local V = ui.ViewController:extend('V')\nfunction V:viewDidLoad() self.tilte = 'x' print(self.titel) end\nlocal _ = V{}.view")
        let lints = (scripts + [typo, "help", folder + "/missing.lua"]).map { ["lint", $0] } + [["lint", "--json", scripts[0]], ["lint"]]
        expectSame(lints + [["lint", typo, "--json", "--timeout", "5"], ["lint", typo, "--max-memory", "0"]])
        // And `test PATH...` with no option.
        let spec = try file("plain_spec.lua", "it('passes', function() end)\nit('fails', function() check(false, 'no') end)\npending('later')")
        let ok = try file("ok_spec.lua", "it('passes', function() end)")
        let tests = [["test", spec], ["test", ok], ["test", spec, ok], ["test", folder + "/missing_spec.lua"], ["test", "--tap", spec],
                     ["test", spec, "--filter", "fails", "--device", "iPhone SE"], ["test", spec, "--filter", "nothing"],
                     ["test", "-j", "2", spec, ok], ["test", spec, "--junit"]]
        expectSame(tests)
        #expect(Set(tests.map { both($0).plain.code }) == [0, 1, 2])
        #expect(Set(lints.map { both($0).plain.code }).isSuperset(of: [0, 1, 2, 3, 5]))
    }

    /// ArgumentParser's own account of a command's options (`--experimental-dump-help`):
    /// each name, and whether it takes a value.
    func declared(_ command: String) throws -> [String: Bool] {
        var out = ""
        _ = Nestbox.parseAndDispatch([command, "--experimental-dump-help"], output: Output(out: { out += $0 }, err: { _ in }))
        let json = try #require(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let arguments = try #require((json["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        var names: [String: Bool] = [:]
        for a in arguments where a["kind"] as? String != "positional" {
            let name = try #require((a["names"] as? [[String: Any]])?.last?["name"] as? String)
            names[name] = a["kind"] as? String == "option"
        }
        return names
    }

    @Test("each QuickParse table names its command's declared options, flags as flags")
    func tablesMatchTheDeclarations() throws {
        func table<A>(_ options: [QuickOption<A>]) -> [String: Bool] {
            Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0.value != nil) })
        }
        let notQuick: [String: Bool] = ["help": false, "version": false]
        // `--matrix` (repeated) and `--verbose` are left to ArgumentParser.
        #expect(try declared("run") == table(RunArguments.quickOptions).merging(notQuick.merging(["matrix": true, "verbose": false]) { a, _ in a }) { a, _ in a })
        #expect(try declared("lint") == table(LintArguments.quickOptions).merging(notQuick) { a, _ in a })
        // `-j` is left to ArgumentParser (QuickParse.swift).
        #expect(try declared("test") == table(TestArguments.quickOptions).merging(notQuick.merging(["j": true]) { a, _ in a }) { a, _ in a })
        #expect(try declared("repl") == table(Limits.quickOptions).merging(notQuick) { a, _ in a })
    }
}
