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

/// `-j N` with one file (Q72): its tests shared among N worker processes forked from the
/// loaded file, each forking its tests one at a time as `-j 1` does. A process forks
/// one child at a time, and a fork costs about as much as a trivial test, so one
/// process forking for N children kept the run on one core; N forking processes keep
/// N. A worker takes the next test when it is free (positions on a pipe all workers
/// read, four bytes a read), so a slow test holds up no other; the results come back
/// framed with their position and are said in the file's order.
extension SpecRunner {
    func runSharded(_ tests: [(index: Int, test: SpecTest)], file: String, loaded: RunSession,
                    ended: (SpecCaseResult) -> Void) {
        // Positions, written whole before any worker starts: a slice's 2,000 tests are
        // 8 KB, within every pipe's capacity.
        var work: [Int32] = [-1, -1]
        guard tests.count <= SpecRunner.slice, pipe(&work) == 0 else { return runForked(tests, file: file, loaded: loaded, ended: ended) }
        var positions: [UInt8] = []
        for at in tests.indices { withUnsafeBytes(of: UInt32(at).littleEndian) { positions += $0 } }
        let written = positions.withUnsafeBytes { write(work[1], $0.baseAddress, $0.count) }
        close(work[1])
        guard written == positions.count else {
            close(work[0])
            return runForked(tests, file: file, loaded: loaded, ended: ended)
        }
        struct Worker { var pid: Int32; var fd: Int32; var bytes: [UInt8] = [] }
        var workers: [Worker] = []
        nb_adopt_orphans()
        defer { nb_reap_orphans() }
        for _ in 0..<min(testJobs, tests.count) {
            var out: [Int32] = [-1, -1]
            guard pipe(&out) == 0 else { break }
            let pid = nb_fork_test()
            if pid == 0 {
                close(out[0])
                for w in workers { close(w.fd) }
                while let at = Self.take(work[0]), at < tests.count {
                    runForked([tests[at]], file: file, loaded: loaded) { r in
                        let frame = ChildReport.frame(r, at: at)
                        _ = frame.withUnsafeBytes { writeAll(out[1], $0) }
                    }
                }
                nb_child_exit(0)
            }
            close(out[1])
            if pid > 0 { workers.append(Worker(pid: pid, fd: out[0])) } else { close(out[0]) }
        }
        close(work[0])
        guard !workers.isEmpty else { return runForked(tests, file: file, loaded: loaded, ended: ended) }
        var done = [SpecCaseResult?](repeating: nil, count: tests.count)
        var said = 0, ends: [String] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while !workers.isEmpty && StopSignal.received == 0 {
            var fds = workers.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 50) > 0 else { continue }
            for k in fds.indices.reversed() where fds[k].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(fds[k].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    workers[k].bytes += chunk[..<n]
                    for (at, r) in ChildReport.positionedFrames(&workers[k].bytes) where at < tests.count { done[at] = r }
                    while said < tests.count, let r = done[said] { done[said] = nil; ended(r); said += 1 }
                    continue
                }
                if n < 0 && errno == EINTR { continue }
                let w = workers.remove(at: k)
                close(w.fd)
                var status: Int32 = 0
                while waitpid(w.pid, &status, 0) < 0 && errno == EINTR {}
                let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
                if !(exited && code == 0) {
                    ends.append(exited ? "the process that ran it ended with exit \(code)" : "the process that ran it ended by signal \(status & 0x7f)")
                }
            }
        }
        for w in workers {          // stopped by a signal: a test that did not finish is not reported
            kill(w.pid, SIGKILL)
            close(w.fd)
            var status: Int32 = 0
            while waitpid(w.pid, &status, 0) < 0 && errno == EINTR {}
        }
        // Stopped by a signal: what finished is said, in order; what did not is not.
        if StopSignal.received != 0 {
            for at in said..<tests.count { if let r = done[at] { ended(r) } }
            return
        }
        // A test a worker took and never reported (the worker died): failed, in order.
        for at in said..<tests.count {
            if let r = done[at] { ended(r); continue }
            ended(SpecCaseResult(name: tests[at].test.name, status: .failed, seconds: 0,
                                 failures: [ends.first ?? "the process that ran it ended"], isError: true))
        }
    }

    /// The next position from the work pipe, or nil at its end.
    private static func take(_ fd: Int32) -> Int? {
        var word: UInt32 = 0
        while true {
            let n = withUnsafeMutableBytes(of: &word) { read(fd, $0.baseAddress, 4) }
            if n == 4 { return Int(UInt32(littleEndian: word)) }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }
}

/// Writes all of `bytes` to `fd`; false when it could not.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var sent = 0
    while sent < bytes.count {
        let n = write(fd, bytes.baseAddress! + sent, bytes.count - sent)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return false }
        sent += n
    }
    return true
}

extension ChildReport {
    /// A result with its position in the file's chosen tests: four bytes, then `frame`.
    static func frame(_ r: SpecCaseResult, at position: Int) -> [UInt8] {
        var out: [UInt8] = []
        withUnsafeBytes(of: UInt32(position).littleEndian) { out += $0 }
        return out + frame(r)
    }

    /// The whole positioned frames at the start of `bytes`, removed from it.
    static func positionedFrames(_ bytes: inout [UInt8]) -> [(Int, SpecCaseResult)] {
        var out: [(Int, SpecCaseResult)] = []
        var at = 0
        func word(_ i: Int) -> Int { Int(UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24) }
        while at + 8 <= bytes.count {
            let length = word(at + 4)
            guard at + 8 + length <= bytes.count, let r = frames(Array(bytes[(at + 4)..<(at + 8 + length)])).first else { break }
            out.append((word(at), r))
            at += 8 + length
        }
        if at > 0 { bytes.removeFirst(at) }
        return out
    }
}
