import NestboxFiles
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

/// Start-up: `nestbox run` of an empty script against a Swift hello-world built the
/// same way (the HelloWorld target, beside this binary in the same build folder).
extension Bench {
    func startupRows() throws -> [Row] {
        let folder = Self.executableFolder()
        let nestbox = folder + "/nestbox", hello = folder + "/HelloWorld"
        guard FileManager.default.isExecutableFile(atPath: nestbox),
              FileManager.default.isExecutableFile(atPath: hello) else {
            // Built with `--product nestbox` alone: say what is missing rather than guess.
            return [Row(name: "startup (skipped: build the HelloWorld product)", value: .nan, unit: "ms")]
        }
        let script = FileManager.default.temporaryDirectory.path + "/nestbox-bench-empty-\(getpid()).lua"
        if let failure = writeFile("", to: script) { throw BenchError(message: "cannot write \(script): \(failure)") }
        defer { try? FileManager.default.removeItem(atPath: script) }
        let runs = quick ? 5 : 31
        var ours: [Double] = [], theirs: [Double] = []
        for _ in 0..<runs {      // interleaved, so both see the same machine
            ours.append(try Self.spawnAndWait(nestbox, ["run", script]))
            theirs.append(try Self.spawnAndWait(hello, []))
        }
        let (a, b) = (Self.median(ours) * 1e3, Self.median(theirs) * 1e3)
        var ratio = Row(name: "startup-ratio", value: a / b, unit: "x")
        ratio.judge(a / b, atMost: 1.5, "<= 1.5x")
        return [Row(name: "startup-nestbox-run-empty", value: a, unit: "ms", spread: Self.spread(ours)),
                Row(name: "startup-swift-hello-world", value: b, unit: "ms", spread: Self.spread(theirs)),
                ratio]
    }

    /// The folder of the running binary (under `swift test`, the build folder too).
    public static func executableFolder() -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return parentFolder(exe)
    }

    /// Wall time of one run of `path` with no input and output discarded.
    static func spawnAndWait(_ path: String, _ args: [String]) throws -> Double { try spawn(path, args).seconds }

    /// The same, with the child's process ID and its peak resident memory in KB.
    static func spawn(_ path: String, _ args: [String], exitZero: Bool = false) throws -> (seconds: Double, pid: Int32, peakKB: Int) {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
            throw BenchError(message: "cannot start \(path)")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError(message: "cannot wait for \(path)") }
        }
        // A measure of a run that failed measures nothing: exit 0 is asked for where
        // the command should succeed (WIFEXITED and WEXITSTATUS, macros Swift does not import).
        if exitZero, status & 0x7f != 0 || (status >> 8) & 0xff != 0 {
            throw BenchError(message: "\(path) \(args.joined(separator: " ")) failed (wait status \(status))")
        }
        return (seconds(ContinuousClock.now - start), pid, usage.ru_maxrss)
        #else
        throw BenchError(message: "start-up is measured on Linux only")
        #endif
    }
}
