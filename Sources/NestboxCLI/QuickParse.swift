import Containment
import NestboxLua

/// A command line of `run`, `lint`, `test` or `repl` read without ArgumentParser, whose
/// building of the command tree costs three quarters of a run's start-up with any option
/// (docs/performance.md). It reads only the lines ArgumentParser would read the same
/// way: `--name value` and `--name` flags, each at most once, positionals anywhere.
/// Anything else (`--name=value`, `--`, a short option it does not know, a repeated or
/// unknown option, a value that starts with `-`, a value that does not convert, a line
/// that fails validation, `--help`) is handed to ArgumentParser, which says what is
/// wrong in its own words. `PlainRunTests` check that each command's table names the
/// options its ArgumentParser declaration has, and that both paths answer alike.
struct QuickOption<Arguments> {
    let name: String
    /// Nil for a flag.
    let value: ((inout Arguments, String) -> Bool)?
    let flag: ((inout Arguments) -> Void)?

    static func value(_ name: String, _ set: @escaping (inout Arguments, String) -> Bool) -> Self {
        Self(name: name, value: set, flag: nil)
    }
    static func text(_ name: String, _ path: WritableKeyPath<Arguments, String?>) -> Self {
        value(name) { $0[keyPath: path] = $1; return true }
    }
    static func number(_ name: String, _ path: WritableKeyPath<Arguments, Double?>) -> Self {
        value(name) { a, v in Double(v).map { a[keyPath: path] = $0 } != nil }
    }
    static func flag(_ name: String, _ path: WritableKeyPath<Arguments, Bool>) -> Self {
        Self(name: name, value: nil, flag: { $0[keyPath: path] = true })
    }

    /// The same option on a part of a larger set of arguments (the limits of a run).
    func lifted<Whole>(_ path: WritableKeyPath<Whole, Arguments>) -> QuickOption<Whole> {
        QuickOption<Whole>(name: name, value: value.map { set in { set(&$0[keyPath: path], $1) } },
                           flag: flag.map { set in { set(&$0[keyPath: path]) } })
    }
}

enum QuickParse {
    /// Fills `arguments` from `line` (the words after the command's name); the
    /// positionals in order, or nil when ArgumentParser should read the line.
    static func read<A>(_ line: ArraySlice<String>, _ options: [QuickOption<A>], into arguments: inout A) -> [String]? {
        var positionals: [String] = []
        var seen: [String] = []
        var i = line.startIndex
        while i < line.endIndex {
            let word = line[i]
            i += 1
            guard word.hasPrefix("-") else { positionals.append(word); continue }
            guard word.hasPrefix("--"), let option = options.first(where: { $0.name.utf8.count + 2 == word.utf8.count && word.hasSuffix($0.name) }),
                  !seen.contains(option.name) else { return nil }
            seen.append(option.name)
            if let flag = option.flag { flag(&arguments); continue }
            guard i < line.endIndex, !line[i].hasPrefix("-"), option.value?(&arguments, line[i]) == true else { return nil }
            i += 1
        }
        return positionals
    }
}

extension Limits {
    /// `LimitOptions`' options, as `QuickParse` reads them.
    static let quickOptions: [QuickOption<Limits>] = [
        .value("device") { $0.device = $1; return true },
        .value("timeout") { a, v in Double(v).map { a.timeout = $0 } != nil },
        .value("max-memory") { a, v in Int(v).map { a.maxMemory = $0 } != nil },
        .value("max-instructions") { a, v in Int(v).map { a.maxInstructions = $0 } != nil },
    ]
}

extension RunArguments {
    /// `Run`'s options, as `QuickParse` reads them.
    static let quickOptions: [QuickOption<RunArguments>] = [
        .value("trace") { a, v in OutputFormat(rawValue: v).map { a.trace = $0 } != nil },
        .text("kinds", \.kinds), .flag("views", \.views), .text("expect", \.expect),
        .text("record", \.record), .flag("frames", \.frames),
        .text("snapshot", \.snapshot), .text("snapshot-at", \.snapshotAt), .text("filmstrip", \.filmstrip),
        .number("every", \.every), .number("from", \.from), .number("to", \.to), .text("report", \.report),
        .value("scale") { a, v in Double(v).map { a.scale = $0 } != nil },
        .text("overlays", \.overlays), .flag("keep-going", \.keepGoing), .flag("no-settle", \.noSettle),
        .flag("lint", \.lint),
    ] + Limits.quickOptions.map { $0.lifted(\.limits) }
}

/// `lint`'s and `test`'s command lines, as `QuickParse` reads them.
struct LintArguments {
    var json = false
    var limits = Limits()
    static let quickOptions: [QuickOption<Self>] = [.flag("json", \.json)] + Limits.quickOptions.map { $0.lifted(\.limits) }
}

struct TestArguments {
    var filter: String?
    var tap = false
    var junit: String?
    var record = false
    var limits = Limits()
    static let quickOptions: [QuickOption<Self>] = [
        .text("filter", \.filter), .flag("tap", \.tap), .text("junit", \.junit), .flag("record", \.record),
    ] + Limits.quickOptions.map { $0.lifted(\.limits) }
}

extension Nestbox {
    /// The command a line asks for, read by `QuickParse`; nil when ArgumentParser
    /// should read it.
    static func quickDispatch(_ arguments: [String], output: Output) -> ExitStatus? {
        guard let command = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch command {
        case "run":
            var a = RunArguments(file: "")
            guard let files = QuickParse.read(rest, RunArguments.quickOptions, into: &a), files.count == 1 else { return nil }
            a.file = files[0]
            guard (try? a.validate()) != nil else { return nil }
            return a.execute(output: output)
        case "lint":
            var a = LintArguments()
            guard let files = QuickParse.read(rest, LintArguments.quickOptions, into: &a), files.count == 1,
                  (try? a.limits.validate()) != nil else { return nil }
            return Lint.lint(file: files[0], json: a.json, limits: a.limits, output: output)
        case "test":
            // `-j N` is left to ArgumentParser: a run of several files pays for it once.
            var a = TestArguments()
            guard let paths = QuickParse.read(rest, TestArguments.quickOptions, into: &a),
                  (try? a.limits.validate()) != nil else { return nil }
            return Test.test(paths, filter: a.filter, tap: a.tap, junit: a.junit, record: a.record, limits: a.limits, output: output)
        case "repl":
            var limits = Limits()
            guard let files = QuickParse.read(rest, Limits.quickOptions, into: &limits), files.count <= 1,
                  (try? limits.validate()) != nil else { return nil }
            return Repl.start(file: files.first, limits: limits, output: output)
        default:
            return nil
        }
    }
}
