import CLua
import CLuaShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM as a stop, not a death (README.md, `nestbox test` and the REPL):
/// inside `StopSignal.catching`, a signal marks every open Lua state as stopped, so the
/// script and the host's loops end as at a run limit, and the caller decides what to
/// keep. A second signal ends the process (Stop.c).
public enum StopSignal {
    /// Runs `body` with the signals caught (SIGTERM too when `terminate`); scopes nest,
    /// the outermost owns the signals. Returns the body's value and the signal that came.
    public static func catching<T>(terminate: Bool, _ body: () -> T) -> (T, Int32) {
        let caught = nb_stop_begin(terminate ? 1 : 0) != 0
        let value = body()
        return (value, caught ? nb_stop_end() : 0)
    }

    /// The signal that came in the current scope, or 0: a loop asks before each step.
    public static var received: Int32 { nb_stop_signal() }

    /// `body`'s status with SIGINT and SIGTERM caught, or the shell's 130 or 143 when one
    /// stopped it (`run`, `lint`: what was found is written first, as at a limit).
    public static func stopping(_ body: () -> ExitStatus) -> ExitStatus {
        let (code, signal) = catching(terminate: true, body)
        return signal == 0 ? code : status(signal)
    }

    /// The exit status of a run `signal` stopped.
    public static func status(_ signal: Int32) -> ExitStatus { signal == SIGTERM ? .terminated : .interrupted }

    /// The shell's code for a run a signal ended: 128 + its number (130, 143).
    public static func exitCode(_ signal: Int32) -> Int32 { 128 + signal }

    public static func name(_ signal: Int32) -> String { signal == SIGTERM ? "SIGTERM" : "SIGINT" }
}

extension LuaRuntime {
    /// A forked test's process (Q72) collects only when over the memory limit (the
    /// allocator's full collection): a collector's mark writes to every object of the
    /// loaded world, which would copy the whole heap into each child.
    public func collectOnlyWhenFull() {
        if state.pointee.limit > 0 { nb_gc_stop(L) }
    }

}
