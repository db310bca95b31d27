import CLuaShim
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Policy Q72: with one file at a time, each test runs in a child process forked once
/// its file has loaded. The child's memory is the loaded world (copied on write), so
/// every test starts from the same fresh world, a file is loaded once whatever its
/// number of tests, and a test that crashes or is stuck in a C function fails alone.
extension SpecRunner {
    /// `NESTBOX_TEST_FORK=0` loads the file again for each test instead: a debugger or
    /// a profiler then sees every test in the one process.
    static var mayFork: Bool { Environment.value("NESTBOX_TEST_FORK") != "0" }

    /// A test running in a child: its process, the read end of its pipe and what came
    /// through it so far.
    struct Child {
        var pid: Int32, fd: Int32, bytes: [UInt8] = []
        var at: Int, test: SpecTest, start: ContinuousClock.Instant
        /// Past this (its own watchdog ends it before), the child is killed.
        var deadline: Double?
        var killed = false
    }

    /// Runs `tests` (their 1-based index in the file, the order they are said in), each
    /// in a child forked from `loaded`, one at a time: a process forks one child at a
    /// time, so `-j` shares a file's tests among workers (`runSharded`), each running
    /// this. `ended` hears each result in order. A pending test is skipped without a
    /// process.
    func runForked(_ tests: [(index: Int, test: SpecTest)], file: String, loaded: RunSession,
                   ended: (SpecCaseResult) -> Void) {
        // Results by position in `tests` (an array: a dictionary type's first use costs
        // a command's start-up 0.2 M instructions, docs/performance.md).
        var running: [Child] = [], done = [SpecCaseResult?](repeating: nil, count: tests.count)
        var next = 0, said = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 12)
        func settle(_ at: Int, _ result: SpecCaseResult) {
            done[at] = result
            while said < tests.count, let r = done[said] { done[said] = nil; ended(r); said += 1 }
        }
        func finish(_ child: Child) { settle(child.at, reap(child)) }
        while next < tests.count || !running.isEmpty {
            while running.isEmpty && next < tests.count && StopSignal.received == 0 {
                let at = next, t = tests[at]
                next += 1
                if t.test.isPending { settle(at, SpecCaseResult(name: t.test.name, status: .skipped, seconds: 0)); continue }
                var failure: SpecCaseResult?
                if let child = fork(t.test, index: t.index, at: at, file: file, loaded: loaded, failure: &failure) {
                    running.append(child)
                } else if let failure {
                    settle(at, failure)
                }
            }
            if running.isEmpty { break }
            var fds = running.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), 50)
            // A signal to the run stops every child; one far past its deadline is killed
            // (and reported when its pipe closes).
            let now = nb_monotonic_now()
            for k in running.indices where StopSignal.received != 0 || running[k].deadline.map({ now > $0 }) == true {
                kill(running[k].pid, SIGKILL)
                running[k].killed = true
            }
            if StopSignal.received != 0 {
                for c in running { close(c.fd); var status: Int32 = 0; while waitpid(c.pid, &status, 0) < 0 && errno == EINTR {} }
                // What finished is said, in order; what did not is not.
                for at in said..<tests.count { if let r = done[at] { ended(r) } }
                return
            }
            guard ready > 0 else { continue }
            for k in fds.indices.reversed() where fds[k].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(fds[k].fd, $0.baseAddress, $0.count) }
                if n > 0 { running[k].bytes += chunk[..<n]; continue }
                if n < 0 && errno == EINTR { continue }
                finish(running.remove(at: k))
            }
        }
    }

    /// Test `index` of the file loaded in `loaded`, started in a child; what the child
    /// finds comes back through a pipe. Nil, with the test's result in `failure`, when
    /// no process could be started.
    private func fork(_ test: SpecTest, index: Int, at: Int, file: String, loaded: RunSession,
                      failure: inout SpecCaseResult?) -> Child? {
        let start = ContinuousClock.now
        let result = SpecCaseResult(name: test.name, status: .passed, seconds: 0)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            failure = failed(result, "cannot make a pipe for the test's process", start)
            return nil
        }
        let pid = nb_fork_test()
        if pid == 0 {
            close(fds[0])
            var result = result
            let printed = PrintedOutput()
            printed.onKeep = { piece in _ = ChildReport.record(.printed, Array(piece.utf8)).withUnsafeBytes { writeAll(fds[1], $0) } }
            loaded.runtime.output = printed.append
            loaded.runtime.collectOnlyWhenFull()
            finish(&result, index: index, file: file, in: loaded, printed: printed, exitWhenStuck: true)
            _ = ChildReport.record(.report, ChildReport.encode(result)).withUnsafeBytes { writeAll(fds[1], $0) }
            nb_child_exit(0)
        }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            failure = failed(result, "cannot start the test's process", start)
            return nil
        }
        return Child(pid: pid, fd: fds[0], at: at, test: test, start: start, deadline: options.timeout.map { nb_monotonic_now() + $0 + 5 })
    }

    /// The result of a child whose pipe has closed (it ended, or was killed).
    private func reap(_ child: Child) -> SpecCaseResult {
        close(child.fd)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
        var result = SpecCaseResult(name: child.test.name, status: .passed, seconds: 0)
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        let (printed, report) = ChildReport.records(child.bytes)
        if exited && code == 0, let report, let found = ChildReport.decode(report, name: child.test.name) {
            result = found
        } else if exited && code == ExitStatus.limit.code || !exited && status & 0x7f == SIGKILL && child.killed {
            result = failed(result, "time limit exceeded (inside a library function that cannot be interrupted)", child.start)
        } else {
            result = failed(result, exited ? "the test's process ended with exit \(code)"
                                          : "the test's process ended by signal \(status & 0x7f)", child.start)
        }
        if result.printed.isEmpty { result.printed = printed }      // what it printed before it was cut off
        result.seconds = Self.seconds(since: child.start)
        return result
    }

    private func failed(_ result: SpecCaseResult, _ why: String, _ start: ContinuousClock.Instant) -> SpecCaseResult {
        var r = result
        r.status = .failed
        r.failures = [why]
        r.isError = true
        r.seconds = Self.seconds(since: start)
        return r
    }
}

/// What a test's process sends: records of a kind byte, a 32-bit length and the
/// bytes, each piece of printed output as it is printed, then the report.
extension ChildReport {
    enum Kind: UInt8 { case printed = 1, report = 2 }

    static func record(_ kind: Kind, _ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [kind.rawValue]
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { out += $0 }
        return out + bytes
    }

    /// The printed output and the report (nil when none came whole) in `bytes`.
    static func records(_ bytes: [UInt8]) -> (printed: String, report: [UInt8]?) {
        var printed: [UInt8] = [], report: [UInt8]?
        var at = 0
        while at + 5 <= bytes.count {
            let length = Int(UInt32(bytes[at + 1]) | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3]) << 16 | UInt32(bytes[at + 4]) << 24)
            guard at + 5 + length <= bytes.count else { break }
            let body = bytes[(at + 5)..<(at + 5 + length)]
            if bytes[at] == Kind.printed.rawValue { printed += body } else if bytes[at] == Kind.report.rawValue { report = Array(body) }
            at += 5 + length
        }
        return (String(decoding: printed, as: UTF8.self), report)
    }
}

/// A test's result as the child sends it: its status, then counted lists of strings
/// (failures, what it printed, goldens recorded, a skipped test's reason, where each
/// golden was asked for), each a 32-bit length and UTF-8.
enum ChildReport {
    static func encode(_ r: SpecCaseResult) -> [UInt8] {
        // 3: failed by a runtime error (JUnit's <error>).
        var out: [UInt8] = [r.status == .passed ? 0 : r.status == .failed ? (r.isError ? 3 : 1) : 2]
        func put(_ n: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: n).littleEndian) { out += $0 } }
        func put(_ list: [String]) {
            put(list.count)
            for s in list { put(s.utf8.count); out += s.utf8 }
        }
        put(r.failures); put([r.printed]); put(r.recorded); put([r.reason]); put(r.recordedAt)
        return out
    }

    static func decode(_ bytes: [UInt8], name: String) -> SpecCaseResult? {
        var at = 1
        func int() -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            defer { at += 4 }
            return Int(UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        func list() -> [String]? {
            guard let n = int() else { return nil }
            var out: [String] = []
            for _ in 0..<n {
                guard let length = int(), at + length <= bytes.count else { return nil }
                out.append(String(decoding: bytes[at..<at + length], as: UTF8.self))
                at += length
            }
            return out
        }
        guard let first = bytes.first, first < 4, let failures = list(), let printed = list()?.first,
              let recorded = list(), let reason = list()?.first, let recordedAt = list(), at == bytes.count else { return nil }
        let status: SpecCaseResult.Status = first == 0 ? .passed : first == 1 || first == 3 ? .failed : .skipped
        return SpecCaseResult(name: name, status: status, seconds: 0, failures: failures, printed: printed, recorded: recorded,
                              recordedAt: recordedAt, isError: first == 3, reason: reason)
    }
}
