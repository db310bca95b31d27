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
    static var mayFork: Bool { ProcessInfo.processInfo.environment["NESTBOX_TEST_FORK"] != "0" }

    /// Test `index` of the file loaded in `loaded`, run in a child; what the child found
    /// comes back through a pipe.
    func runForked(_ test: SpecTest, index: Int, file: String, loaded: RunSession) -> SpecCaseResult {
        let start = ContinuousClock.now
        var result = SpecCaseResult(name: test.name, status: .passed, seconds: 0)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return failed(result, "cannot make a pipe for the test's process", start) }
        let pid = nb_fork_test()
        if pid == 0 {
            close(fds[0])
            let printed = PrintedOutput()
            loaded.runtime.output = printed.append
            loaded.runtime.collectOnlyWhenFull()
            finish(&result, index: index, file: file, in: loaded, printed: printed, exitWhenStuck: true)
            let bytes = ChildReport.encode(result)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                if n <= 0 { if n < 0 && errno == EINTR { continue }; break }
                sent += n
            }
            _exit(0)
        }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            return failed(result, "cannot start the test's process", start)
        }
        let bytes = collect(from: fds[0], child: pid)
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        if exited && code == 0, let found = ChildReport.decode(bytes, name: test.name) {
            result = found
        } else if exited && code == ExitStatus.limit.code {
            result = failed(result, "time limit exceeded (inside a library function that cannot be interrupted)", start)
        } else {
            result = failed(result, exited ? "the test's process ended with exit \(code)"
                                          : "the test's process ended by signal \(status & 0x7f)", start)
        }
        result.seconds = Self.seconds(since: start)
        return result
    }

    /// Reads the child's report to its end. A signal to the run stops the child; a child
    /// past its deadline and a few seconds more (its own watchdog ends it before) is killed.
    private func collect(from fd: Int32, child: Int32) -> [UInt8] {
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 12)
        let deadline = options.timeout.map { nb_monotonic_now() + $0 + 5 }
        while true {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 50)
            if StopSignal.received != 0 || deadline.map({ nb_monotonic_now() > $0 }) == true {
                kill(child, SIGKILL)
                return []
            }
            guard ready > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { bytes += chunk[..<n] } else if n == 0 || errno != EINTR { return bytes }
        }
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

/// A test's result as the child sends it: its status, then counted lists of strings
/// (failures, what it printed, goldens recorded), each a 32-bit length and UTF-8.
enum ChildReport {
    static func encode(_ r: SpecCaseResult) -> [UInt8] {
        // 3: failed by a runtime error (JUnit's <error>).
        var out: [UInt8] = [r.status == .passed ? 0 : r.status == .failed ? (r.isError ? 3 : 1) : 2]
        func put(_ n: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: n).littleEndian) { out += $0 } }
        func put(_ list: [String]) {
            put(list.count)
            for s in list { put(s.utf8.count); out += s.utf8 }
        }
        put(r.failures); put([r.printed]); put(r.recorded)
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
              let recorded = list(), at == bytes.count else { return nil }
        let status: SpecCaseResult.Status = first == 0 ? .passed : first == 1 || first == 3 ? .failed : .skipped
        return SpecCaseResult(name: name, status: status, seconds: 0, failures: failures, printed: printed, recorded: recorded,
                              isError: first == 3)
    }
}
