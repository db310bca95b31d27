import NestboxFiles
import CLua
import CLuaShim
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One Lua state bound to one Simulation. It owns the state, registers the `ui` API,
/// runs scripts, and is the host the core calls for hooks and object lifetimes.
public final class LuaRuntime {
    public let simulation: Simulation
    /// The thread Swift talks to: the main state, or the coroutine whose call into a
    /// binding is running (hooks must run on the calling thread, never on a thread
    /// suspended in a resume). Kept in the C state too, for the hooks' hot path (LuaHost.run).
    var L: LuaState { didSet { state.pointee.thread = L } }
    let mainState: LuaState
    let state: UnsafeMutablePointer<nb_state>

    /// Registry refs: the weak identity table, the strong anchor table, metatables
    /// and class tables per binding, the Transform metatable.
    var objectsRef: Int32 = LUA_NOREF
    var anchorsRef: Int32 = LUA_NOREF
    var classMasksRef: Int32 = LUA_NOREF
    var hookSetRef: Int32 = LUA_NOREF
    /// What the script declared with `ui.invariant` and `ui.action` (Explore+Lua.swift).
    var invariants: [DeclaredFunction] = []
    var actions: [DeclaredFunction] = []
    /// The name of the declared invariant `checkDeclaredInvariants` last found failing.
    public internal(set) var lastFailedInvariant: String?
    var traitMetaRef: Int32 = LUA_NOREF
    /// Per type: the box its class's __index reads refusals through (nb_pushclassindex).
    var classBoxRefs: [Int32] = []
    /// Per catalogue class: its name index, once a name was looked up in it (`refusal`).
    var catalogueIndex: [UIKitNameIndex?] = []
    /// Lints of the script's text (SourceLint), reported before the run's own.
    var sourceLints: [LintFinding] = []
    /// The modules whose text `sourceLints` has: each is read once, however often a
    /// script retries a `require` that fails.
    var lintedModules: Set<String> = []
    /// The files `require` loaded, in order (at most 1,000): outputs must not name them.
    public internal(set) var modulePaths: [String] = []
    var metatableRefs: [Int32] = []    // LUA_NOREF until the type's first object
    /// Per type, its methods and properties tables (setup's), for its metatable.
    var typeTablesRef: Int32 = LUA_NOREF
    var classRefs: [Int32] = []
    /// Whether a type's tables and class are made (`makeTypeTables`); `ui` itself.
    var typeTablesMade: [Bool] = []
    var uiRef: Int32 = LUA_NOREF
    /// Class names a script set in `ui` before the class was made: they keep its value.
    var uiNamesTaken: [Bool] = []
    /// Lua's `next`, as the libraries opened it (`pairs(ui)`).
    var nextRef: Int32 = LUA_NOREF
    var transformRef: Int32 = LUA_NOREF
    var prettyRef: Int32 = LUA_NOREF
    /// Override names by ordinal + 1, interned once (runHook).
    var hookNamesRef: Int32 = LUA_NOREF
    /// Each hook's name's registry ref, by `Override.ordinal` (LuaHost.run).
    var hookNameRefs: [Int32] = []
    /// The spec library's table while a spec file is loaded (`nestbox test`).
    var specRef: Int32 = LUA_NOREF
    /// The number of tests the last spec file loaded registers, kept or not.
    public internal(set) var specCount = 0

    /// Where `print` and the printers write (the CLI passes its stdout; tests capture).
    public var output: (String) -> Void = { writeAll(1, $0) }
    /// With `--keep-going`, a hook's error is reported but does not stop the run.
    public var keepGoing = false
    /// Hook errors in order: message (with `file:line:`) and traceback.
    public internal(set) var hookErrors: [(message: String, traceback: String)] = []
    /// A hook error not yet passed back to the Lua code whose call caused it.
    var pendingHookError: String?
    /// The last hook error passed back to the Lua code that called (NB_PASSON).
    var passedOnError: String?
    var expectationFailed = false
    /// Whether the last protected call of a chunk returned: a run that fails on a hook
    /// error its script caught ran to its end, where an error or a limit stopped it.
    public internal(set) var ranToEnd = false
    var closing = false
    /// The folder `require` reads modules from, and the script being run.
    public internal(set) var scriptDirectory: String?
    public internal(set) var scriptPath: String?
    /// The folder `ui.snapshot` writes under (policy Q32): the current directory, or a
    /// test's own.
    public var pictureDirectory = "."
    /// What objects hold to reach this runtime (see LuaHost).
    private(set) lazy var host = LuaHost(runtime: self)
    /// The typo lints' answers by type and name ("" for none): a loop setting one field
    /// asks once (LuaRuntime+Lint.swift).
    var lintSuggestions: [String: String] = [:]
    /// L15 and L18 findings made, by name and position: each is said once (at most
    /// 10,000 kept; `firstAtPlace`). Made on the first: a set made with every runtime
    /// was measurable at start-up.
    var lintsByPlace: Set<String>?
    /// While linting, "file:line\0name" of each field of the script's own set on a bound
    /// object (at most 10,000): L16 read the name from the text and took it for UIKit's.
    var ownFieldPlaces: Set<String> = []
    /// The names of the L16 findings in `sourceLints` (made again when it grows): only a
    /// set of one of these is worth its place.
    var sourceL16Names: (count: Int, names: Set<String>) = (0, [])
    /// Bumped whenever a class table changes, so cached hook masks are recomputed. It is
    /// the simulation's `hostGeneration`, which the core reads to skip callbacks no
    /// hook wants (`SimObject.notify`).
    var classGeneration: UInt32 {
        get { simulation.hostGeneration }
        set { simulation.hostGeneration = newValue }
    }
    /// Swift copies of strings Lua holds (LuaRuntime+Strings.swift).
    var strings = StringCache()

    static let tables = BindingTables(LuaTypes.all, namespaces: LuaTypes.namespaces)
    /// Instance copies of the tables: no lazy-global check on the hot path, and in
    /// plain buffers, so a trampoline reads one accessor without retaining an array's
    /// storage or copying the whole descriptor. Freed in deinit, after the state closes.
    let methods = UnsafeMutableBufferPointer<LuaMethod>.copy(LuaRuntime.tables.methods)
    let properties = UnsafeMutableBufferPointer<LuaProperty>.copy(LuaRuntime.tables.properties)
    let tags = LuaRuntime.tables.tags
    let typeIndex = LuaRuntime.tables.typeIndex
    /// The is-a bits the hottest checks test (`ViewBinding.check`,
    /// `ViewControllerBinding.check`), from the registry.
    let viewTag = LuaTypes.tag(of: View.self)
    let viewControllerTag = LuaTypes.tag(of: ViewController.self)

    /// Whether the prelude was loaded from its recorded bytecode (PrecompiledChunk).
    package internal(set) var preludeFromBytecode = false

    /// - Parameter memoryLimit: bytes Lua code may allocate (0: no limit).
    public convenience init(simulation: Simulation = Simulation(), memoryLimit: Int = 0) throws {
        try self.init(simulation: simulation, memoryLimit: memoryLimit, prelude: .prelude)
    }

    /// `prelude`: tests hand over damaged bytecode to check the fallback to the source.
    package init(simulation: Simulation, memoryLimit: Int, prelude: PrecompiledChunk) throws {
        // A registry mistake (a child before its parent, a class bound twice) would
        // renumber or mistype objects: refuse to start instead (docs/extending.md).
        if let problem = Self.tables.problems.first { throw LuaRuntimeError.registry(problem) }
        self.simulation = simulation
        state = .allocate(capacity: 1)
        state.initialize(to: nb_state())
        state.pointee.limit = memoryLimit
        state.pointee.in_host = 1
        guard let L = nb_newstate(state) else {
            state.deallocate()
            throw LuaRuntimeError.cannotCreateState
        }
        self.L = L
        self.mainState = L
        state.pointee.thread = L
        state.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        // What the model holds counts toward the memory limit (the meter outlives the
        // state: the simulation is ours until deinit closes the state).
        state.pointee.host_bytes = UnsafePointer(simulation.memory.bytes)
        // Long host operations (settle, printing) stop once a limit is hit, the memory
        // limit included: the model grows in them without Lua allocating.
        // The closure holds the state's pointer, not the runtime (a cycle otherwise);
        // deinit replaces it before the state closes.
        let main = L
        simulation.isInterrupted = { nb_interrupted(main) != 0 }
        openLibraries()
        registerBindings()
        try runPrelude(prelude)
    }

    deinit {
        // Finalizers run inside lua_close and release every Swift object Lua held;
        // the core must not call back into a closing state.
        closing = true
        host.isOpen = false
        nb_watchdog_stop(state)
        simulation.isInterrupted = { false }
        simulation.linter?.locate = { nil }
        nb_close(mainState)
        state.deallocate()
        methods.deinitialize().deallocate()
        properties.deinitialize().deallocate()
        strings.free()
        simulation.discardPendingWork()
    }

    /// The runtime of a state, O(1) through the extra space.
    @inline(__always)
    static func from(_ L: LuaState) -> LuaRuntime? {
        guard let st = nb_getstate(L), let host = st.pointee.host else { return nil }
        return Unmanaged<LuaRuntime>.fromOpaque(host).takeUnretainedValue()
    }

    /// Bytes currently allocated by the Lua state, and the peak.
    public var memoryInUse: Int { Int(state.pointee.used) }
    public var peakMemory: Int { Int(state.pointee.peak) }

    // MARK: - Running

    /// Runs a script file: the main chunk, then (unless `settle` is false) the run
    /// loop until nothing is pending.
    public func run(file path: String, settle: Bool = true) -> RunOutcome {
        // `-` is standard input, named `stdin` in messages as `lua -` names it.
        let stdin = path == "-"
        guard let data = stdin ? Self.standardInput() : FileManager.default.contents(atPath: path) else {
            return .unreadable(stdin ? "cannot read standard input (at most 64 MiB)" : "cannot open \(path): \(Self.whyUnreadable(path))")
        }
        scriptDirectory = stdin ? "" : parentFolder(path)
        scriptPath = stdin ? "stdin" : path
        // The text's own lints (L16, L17), made before it runs: bounded by the source's
        // size, which the file gave.
        if simulation.linter != nil { sourceLints = SourceLint.findings(source: String(decoding: data, as: UTF8.self), file: path) }
        // The bytes as they are: a String would repair bad UTF-8 ("\xff" in a literal).
        return data.withUnsafeBytes { run(status: L.loadScript($0, chunkName: stdin ? "=stdin" : "@" + path), settle: settle) }
    }

    /// Why `path` could not be read, in the system's words ("No such file or directory",
    /// "Is a directory", "Permission denied").
    public static func whyUnreadable(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return String(cString: strerror(EISDIR)) }
        if access(path, R_OK) != 0 { return String(cString: strerror(errno)) }
        return "it cannot be read"
    }

    /// Standard input to its end, at most 64 MiB; nil past that or on a read error.
    static func standardInput() -> Data? {
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return Data(bytes) }
            bytes += chunk[..<n]
            if bytes.count > 64 << 20 { return nil }
        }
    }

    /// Runs Lua source; `chunkName` follows lua_load's convention ("@file" or "=name").
    public func run(source: String, chunkName: String = "=(script)", settle: Bool = true) -> RunOutcome {
        run(status: L.load(source, chunkName: chunkName), settle: settle)
    }

    /// Runs the chunk just loaded with `status` (its function or message on top).
    private func run(status: Int32, settle: Bool) -> RunOutcome {
        let top = L.top - 1
        defer { L.settop(top) }
        if status != LUA_OK {
            return .scriptError(message: L.string(at: -1) ?? "syntax error", traceback: "")
        }
        if let failure = call(nargs: 0) { return failure }
        guard settle else { return .ok }
        // The world at rest: the script's invariants must hold (`ui.invariant`).
        let settled = self.settle()
        return settled == .ok ? checkDeclaredInvariants() ?? .ok : settled
    }

    /// Limits for the next runs (README.md, `nestbox run`): seconds of wall time from now, and a
    /// number of VM instructions. The memory cap is the init's `memoryLimit`.
    /// The timeout is a watchdog thread, so a script pays nothing for it until the
    /// deadline; only an instruction limit keeps a counting hook on.
    /// - Parameter exitWhenStuck: a hook cannot interrupt a C function (a backtracking
    ///   `string.find`); given the script's name, a run still going a second after the
    ///   deadline ends the process with the limit's line and exit 3. For the command
    ///   line only: an embedding keeps its process.
    public func setLimits(timeout: Double?, maxInstructions: Int?, exitWhenStuck script: String? = nil) {
        nb_watchdog_stop(state)
        reportDeadline = nil
        if let timeout {
            _ = nb_watchdog_start(state, timeout, script == nil ? 0 : 1, script ?? "")
            reportDeadline = nb_monotonic_now() + timeout + Self.reportGrace
        }
        // Each run (each test) counts its own instructions.
        state.pointee.instructions = 0
        state.pointee.max_instructions = Int64(maxInstructions ?? 0)
        nb_limits_install(L)
    }

    /// When the report after a run under a timeout must be done (monotonic seconds):
    /// 0.3 s past the deadline, so a run ends within its timeout plus one second,
    /// report included, with time left to write it out and exit.
    public private(set) var reportDeadline: Double?
    static let reportGrace = 0.3

    /// Whether the report's deadline has passed (nil: a run with no timeout), for
    /// `RunReport.render`.
    public var reportPastDeadline: (() -> Bool)? {
        reportDeadline.map { deadline in { nb_monotonic_now() > deadline } }
    }

    /// The script is done: the watchdog stops (the report keeps its own deadline).
    public func endLimits() {
        nb_watchdog_stop(state)
    }

    /// Whether a limit or a signal ended the last run.
    public var limitHit: Bool { nb_limit_status(state) != 0 }

    /// The REPL goes on after a limit or Ctrl-C ended a line, and each line has limits
    /// of its own: what fired is taken back and the instruction count starts again.
    public func clearLimit() { nb_limit_clear(mainState) }

    /// Whether a hook is installed on the main thread: a timeout alone installs none
    /// until its deadline (tests check that a script pays nothing for it).
    package var hasLimitHook: Bool { lua_gethook(mainState) != nil }

    /// The limit that ended the run, as one line naming it and where it stopped.
    var limitOutcome: RunOutcome? {
        let which = nb_limit_status(state)
        guard which != 0 else { return nil }
        let where_ = withUnsafeBytes(of: state.pointee.where) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        // A limit hit while no Lua function was on the stack: the script is all we know.
        let at = !where_.isEmpty ? " at \(where_)" : scriptPath.map { " in \($0)" } ?? ""
        switch which {
        case NB_LIMIT_MEMORY:
            return .limitExceeded("memory limit of \(Int(state.pointee.limit) / (1024 * 1024)) MiB exceeded\(at)")
        case NB_LIMIT_TIME:
            return .limitExceeded("time limit exceeded\(at)")
        case NB_LIMIT_STOPPED:
            return .limitExceeded("\(nb_stop_signal() == SIGTERM ? "terminated" : "interrupted")\(at)")
        default:
            return .limitExceeded("instruction limit of \(state.pointee.max_instructions) exceeded\(at)")
        }
    }

    /// Runs the run loop until idle and reports a hook error that happened meanwhile.
    /// The settle no line of the script called: after `after` (the script, a REPL line),
    /// and `skip` says how to go without it.
    public func settle(after: String = "the script", skip: String = "--no-settle skips this settle") -> RunOutcome {
        if let limit = limitOutcome { return limit }
        if !simulation.settle() {
            return .scriptError(message: "the run did not come to rest after \(after): still busy after 100000 run-loop "
                                + "turns (a timer that schedules another for ever?); \(skip)", traceback: "")
        }
        return limitOutcome ?? hookOutcome() ?? .ok
    }

    /// Calls the function below `nargs` arguments; nil when it succeeds.
    func call(nargs: Int32) -> RunOutcome? {
        let base = L.top - nargs - 1
        // An expectation that failed in an earlier call says nothing about this one.
        expectationFailed = false
        let status = nb_pcall(L, nargs, 0)
        ranToEnd = status == LUA_OK && limitOutcome == nil
        defer { checkBalance(base, after: "main chunk") }
        if let limit = limitOutcome { L.settop(base); pendingHookError = nil; return limit }
        if status == LUA_OK {
            pendingHookError = nil
            return hookOutcome()
        }
        let (message, traceback) = splitTraceback(L.string(at: -1) ?? "(error object is not a string)")
        L.pop()
        pendingHookError = nil
        if expectationFailed { return .expectationFailed(message: message) }
        // An error that started in a hook: report the hook's own traceback.
        if passedOn(message), let hook = hookErrors.last(where: { $0.message == message }) {
            return .scriptError(message: hook.message, traceback: hook.traceback)
        }
        return .scriptError(message: message, traceback: traceback)
    }

    func hookOutcome() -> RunOutcome? {
        guard !keepGoing, let first = hookErrors.first else { return nil }
        return .scriptError(message: first.message, traceback: first.traceback)
    }

    func splitTraceback(_ text: String) -> (String, String) {
        guard let r = text.firstRange(of: "\nstack traceback:") else { return (text, "") }
        return (String(text[..<r.lowerBound]), String(text[r.lowerBound...].dropFirst()))
    }

    // MARK: - Dispatch

    /// Runs a binding body for a trampoline and turns its outcome into a status.
    @inline(__always)
    func invoke(_ L: LuaState, name: @autoclosure () -> String, _ body: () throws -> Int32) -> Int32 {
        do {
            let n = try body()
            if let message = pendingHookError {
                pendingHookError = nil
                passedOnError = message
                setPassingWhere(message)
                L.push(message)
                return NB_PASSON
            }
            return n
        } catch let failure as LuaFailure {
            switch failure {
            case .argument(let index, let message):
                state.pointee.errarg = index
                // luaL_argerror formats with %s, which ends at a NUL: a script's
                // string shown in the message keeps its NULs as `\0`.
                L.push(message.replacing("\0", with: "\\0"))
                L.push(name())
                return NB_ARGERROR
            case .message(let message):
                L.push(message)
                return NB_ERROR
            case .raw(let message):
                L.push(message)
                return NB_RAWERROR
            }
        } catch let error as ContainmentError {
            L.push(error.description)
            return NB_ERROR
        } catch {
            L.push(String(describing: error))
            return NB_ERROR
        }
    }
}

extension UnsafeMutableBufferPointer {
    /// A new buffer holding copies of `elements` (the caller frees it).
    static func copy(_ elements: [Element]) -> Self {
        let buffer = allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return buffer
    }
}

public enum LuaRuntimeError: Error, CustomStringConvertible {
    case cannotCreateState
    case prelude(String)
    case registry(String)
    public var description: String {
        switch self {
        case .cannotCreateState: return "cannot create a Lua state"
        case .registry(let m): return "binding registry: \(m)"
        case .prelude(let m): return "prelude failed: \(m)"
        }
    }
}
