import NestboxFiles
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua
import Rendering

/// `nestbox repl [FILE]`: lua.c's loop (read, try `return <line>`, continue on `<eof>`,
/// call with a traceback, print) in a live world, plus commands that start with `:`.
public final class REPL {
    /// Each line and command runs under the limits afresh, as each test does: a session
    /// fed from a pipe has nobody to press Ctrl-C. The memory limit is the session's. A
    /// hook's error stays in the trace, since the line that caused it has returned.
    let session: RunSession
    public var runtime: LuaRuntime { session.runtime }
    let reader: LineReader
    let output: Output
    /// Settle after each line and after `:load`.
    public var autosettle: Bool {
        get { session.options.settle }
        set { session.options.settle = newValue }
    }
    let interactive: Bool

    public init(reader: LineReader, output: Output, interactive: Bool, limits: Limits = Limits()) throws {
        self.reader = reader
        self.output = output
        self.interactive = interactive
        var options = RunSession.Options()
        limits.apply(to: &options)
        options.hookErrors = .record
        // `:lint` lists what the session did wrong so far: the rules are always on here.
        options.lint = true
        session = try RunSession(options: options, output: output)
        reader.completer = { [weak self] word in self?.runtime.completions(for: word) ?? [] }
    }

    /// Runs FILE (if any), then reads until the end of input. Returns the exit code.
    public func run(file: String?) -> ExitStatus {
        if interactive { output.out("Nestbox REPL: Lua 5.4 in a live UIKit model. :help lists the commands.\n") }
        if let file {
            // A script that cannot be read is a usage error, as for `run`: no session
            // starts (one whose script fails to run goes on, to be explored).
            var outcome = RunOutcome.ok
            stoppable { limited { outcome = session.run(file: file) }; session.printOutcome(outcome) }
            if case .unreadable = outcome { return .usage }
        }
        var buffer = ""
        while let line = reader.readLine(prompt: buffer.isEmpty ? "> " : ">> ") {
            if reader.wasInterrupted { buffer = ""; continue }    // Ctrl-C drops the statement too
            // Lua reads a NUL as an unexpected symbol, but inside an unfinished string
            // or comment it would keep the statement open and swallow every later line.
            if line.utf8.contains(0) {
                output.err("stdin: a line with a NUL byte cannot be run\(buffer.isEmpty ? "" : " (the statement is dropped)")\n")
                buffer = ""
                continue
            }
            if buffer.isEmpty {
                let trimmed = line.trimmed
                if trimmed.isEmpty { continue }
                if trimmed.hasPrefix(":") {
                    reader.addHistory(trimmed)
                    stoppable { command(trimmed) }
                    continue
                }
            }
            let source = buffer.isEmpty ? line : buffer + "\n" + line
            var incomplete = false
            stoppable {
                limited {
                    incomplete = evaluate(source)
                    if !incomplete && StopSignal.received == 0 { afterLine() }
                }
            }
            if incomplete { buffer = source; continue }
            buffer = ""
            reader.addHistory(source)
        }
        if interactive { output.out("\n") }
        return .ok
    }

    /// Evaluates and prints; true when the statement is incomplete.
    @discardableResult
    func evaluate(_ source: String) -> Bool {
        switch runtime.evaluate(source) {
        case .incomplete:
            return true
        case .values(let text):
            if let text { output.out(text + "\n") }
        case .failure(let message, let traceback):
            session.printOutcome(.scriptError(message: message, traceback: traceback))
        }
        return false
    }

    /// Ctrl-C or a limit ends the line's or the command's work and keeps the world as
    /// it stands (README.md, the REPL): what fired is taken back before the next prompt.
    func stoppable(_ body: () -> Void) {
        let (_, signal) = StopSignal.catching(terminate: false, body)
        if signal != 0 || runtime.limitHit { runtime.clearLimit() }
    }

    /// Script code in this world (a line, FILE, `:load`, the inputs), under limits of
    /// its own. The host's commands (`:tree`, `:test`, `:snapshot`, ...) run no script
    /// code here and take none: a watchdog with nothing to stop would end the process.
    func limited(_ body: () -> Void) {
        runtime.clearLimit()
        session.withLimits(naming: "stdin", body)
    }

    /// After each line the run loop turns, and pending work settles unless turned off.
    func afterLine() {
        guard autosettle else { return runtime.simulation.turn() }
        // What stopped the settle is said (Ctrl-C, a limit, 100,000 turns that never settle).
        let settled = runtime.settle(after: "the line", skip: ":autosettle off skips it")
        if settled != .ok {
            session.printOutcome(settled)
        } else if let broken = runtime.checkDeclaredInvariants() {
            // The world at rest: the script's invariants must hold (`ui.invariant`).
            session.printOutcome(broken)
        }
    }

    func load(_ path: String) {
        session.printOutcome(session.run(file: path))
    }

    static let help = """
        Lua statements and expressions run in the current world; expressions print.
          :tree                 the controller hierarchy
          :views                the view hierarchy
          :trace [kinds]        the trace so far (e.g. :trace lifecycle,containment)
          :tap TARGET           tap a title, or a point "x y"
          :advance SECONDS      move virtual time
          :settle               run until nothing is pending
          :rotate ORIENTATION   portrait, landscapeLeft, landscapeRight, portraitUpsideDown
          :device NAME          a device id (iphone-16, ipad-11, ...) or name
          :reset                a fresh world
          :load FILE            run a script here
          :record FILE          write the trace so far as a golden file
          :test PATH            run the specs in a file or folder, each in a fresh world
          :snapshot FILE        write a picture of the screen (.svg or .png)
          :lint                 the lints so far (docs/lints.md)
          :autosettle on|off    settle after each line (on)
          :help                 this list
        Ctrl-C (or a limit) ends the running line or command and keeps the world; Ctrl-D leaves.
        """

    func command(_ line: String) {
        let parts = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let arg = parts.count > 1 ? parts[1].trimmed : ""
        let sim = runtime.simulation
        // The commands that take nothing say so when given something, rather than drop it.
        if !arg.isEmpty, ["tree", "views", "settle", "reset", "lint", "help"].contains(name) {
            output.err(":\(name) takes no argument (got \(arg))\n")
            return
        }
        switch name {
        case "tree": output.out(sim.hierarchyDescription() + "\n")
        case "views": output.out(sim.window.recursiveDescription() + "\n")
        case "trace":
            switch TraceFilter.parse(arg.isEmpty ? "all" : arg) {
            case .success(let f): output.out(sim.trace.events.filter(f.accepts).map(\.text).joined(separator: "\n") + "\n")
            case .failure(let e): output.err("\(e)\n")
            }
        case "tap":
            guard !arg.isEmpty else { output.err(":tap needs a title or two finite numbers x y\n"); return }
            let numbers = arg.split(separator: " ").compactMap { Double($0) }
            // Swift reads "1e309" as inf and "nan" as NaN, which Lua source cannot spell.
            if numbers.count == 2, !numbers.allSatisfy(\.isFinite) {
                output.err(":tap needs a title or two finite numbers x y (got \(arg))\n"); return
            }
            let target = numbers.count == 2 ? "{ \(numbers[0]), \(numbers[1]) }" : luaString(arg)
            limited { evaluate("ui.tap(\(target))"); afterLine() }
        case "advance":
            guard let s = Double(arg), s.isFinite, s >= 0 else {
                output.err(":advance needs a finite number of seconds >= 0 (got \(arg.isEmpty ? "nothing" : arg))\n"); return
            }
            limited { evaluate("ui.advance(\(s))") }
        case "settle": limited { evaluate("ui.settle()") }
        case "rotate":
            guard !arg.isEmpty else { output.err(":rotate needs an orientation (portrait, landscapeLeft, landscapeRight, portraitUpsideDown)\n"); return }
            limited { evaluate("ui.rotate(\(luaString(arg)))"); afterLine() }
        case "device":
            guard !arg.isEmpty else { output.err(":device needs a device id (iphone-16, ipad-11, ...) or name\n"); return }
            limited { evaluate("ui.setDevice(\(luaString(arg)))"); afterLine() }
        case "reset":
            do {
                try session.reset()
                output.out("a fresh world\n")
            } catch {
                output.err("nestbox: \(error)\n")
            }
        case "load":
            guard !arg.isEmpty else { output.err(":load needs a file\n"); return }
            limited { load(arg) }
        case "record":
            guard !arg.isEmpty else { output.err(":record needs a file\n"); return }
            if let failure = writeFile(runtime.report, to: arg) {
                output.err("nestbox: cannot write \(arg): \(failure)\n")
            } else {
                output.out("recorded \(sim.trace.events.count) events to \(arg)\n")
            }
        case "test":
            guard !arg.isEmpty else { output.err(":test needs a spec file or folder\n"); return }
            // The specs run in worlds of their own, each test under this session's
            // limits; the REPL's world is left as it is.
            var runner = SpecRunner(options: session.options, filter: nil, record: false)
            runner.forks = output.ownsProcess && SpecRunner.mayFork
            _ = Test.run([arg], runner: runner, jobs: 1, printer: TestPrinter(tap: false, output: output), output: output)
        case "snapshot":
            guard !arg.isEmpty else { output.err(":snapshot needs a .svg or .png file\n"); return }
            guard let picture = Renderer(overlays: []).render(sim) else { return }
            if Pictures.save(picture, to: arg, scale: 1, output: output) == .ok {
                output.out("wrote \(arg) (\(formatNumber(picture.size.width)) × \(formatNumber(picture.size.height)) points at \(fixedPoint(sim.clock.now)) s)\n")
            }
        case "autosettle":
            guard arg == "on" || arg == "off" else { output.err(":autosettle on|off\n"); return }
            autosettle = arg == "on"
        case "lint": output.out(runtime.lintReport().text)
        case "help": output.out(Self.help + "\n")
        default: output.err("unknown command :\(name) (:help lists them)\n")
        }
    }

    func luaString(_ s: String) -> String {
        "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
