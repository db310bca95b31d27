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

/// `-j N` from the command line (Q72): each file in a worker process of its own, forked
/// by a parent whose only other thread is the signal watcher (Q72), so the worker may fork
/// each test as `-j 1` does.
/// A worker sends each test's result as it ends; the parent keeps the files' order.
extension SpecRunner {
    func runInWorkers(files: [String], jobs: Int, ended: (SpecFileResult) -> Void) -> [SpecFileResult] {
        struct Worker { var pid: Int32; var fd: Int32; var file: Int; var bytes: [UInt8] }
        var results: [Int: SpecFileResult] = [:]
        var workers: [Worker] = []
        nb_adopt_orphans()
        defer { nb_reap_orphans() }
        var next = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 12)
        var said = 0       // the files whose results `ended` has heard, in order
        func sayFinished() {
            while said < files.count, let r = results[said] { ended(r); said += 1 }
        }
        while (next < files.count || !workers.isEmpty) && StopSignal.received == 0 {
            sayFinished()
            while workers.count < jobs && next < files.count {
                if let w = startWorker(files[next]) {
                    workers.append(Worker(pid: w.pid, fd: w.fd, file: next, bytes: []))
                } else {
                    results[next] = SpecFileResult(file: files[next], cases: [
                        SpecCaseResult(name: "(loading \(files[next]))", status: .failed, seconds: 0, failures: ["cannot start a worker process"])])
                }
                next += 1
            }
            var fds = workers.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 50) > 0 else { continue }
            for k in fds.indices.reversed() where fds[k].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(fds[k].fd, $0.baseAddress, $0.count) }
                if n > 0 { workers[k].bytes += chunk[..<n]; continue }
                if n < 0 && errno == EINTR { continue }
                let w = workers.remove(at: k)
                close(w.fd)
                results[w.file] = finished(w.pid, files[w.file], w.bytes)
            }
        }
        for w in workers {          // stopped by a signal: what finished is kept
            kill(w.pid, SIGKILL)
            close(w.fd)
            var status: Int32 = 0
            while waitpid(w.pid, &status, 0) < 0 && errno == EINTR {}
            let done = ChildReport.frames(w.bytes)
            if !done.isEmpty { results[w.file] = SpecFileResult(file: files[w.file], cases: done) }
        }
        sayFinished()
        // A file after one a signal cut short is said too: what finished is not lost.
        for i in files.indices where i >= said { if let r = results[i] { ended(r) } }
        return files.indices.compactMap { results[$0] }
    }

    private func startWorker(_ file: String) -> (pid: Int32, fd: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        let pid = nb_fork_test()
        if pid == 0 {
            close(fds[0])
            _ = run(file: file) { result in
                if !ChildReport.frame(result).withUnsafeBytes({ writeAll(fds[1], $0) }) { _exit(1) }
            }
            _exit(0)
        }
        close(fds[1])
        guard pid > 0 else { close(fds[0]); return nil }
        return (pid, fds[0])
    }

    /// The worker's results; a worker that ended otherwise than by finishing its file
    /// (a crash) is one more failure, after the tests it reported.
    private func finished(_ pid: Int32, _ file: String, _ bytes: [UInt8]) -> SpecFileResult {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        var cases = ChildReport.frames(bytes)
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        if !(exited && code == 0) {
            cases.append(SpecCaseResult(name: "(running \(file))", status: .failed, seconds: 0, failures: [
                exited ? "the worker process ended with exit \(code)" : "the worker process ended by signal \(status & 0x7f)"]))
        }
        return SpecFileResult(file: file, cases: cases)
    }
}

extension ChildReport {
    /// A test's result as a worker sends it: its length, its name, its seconds (the
    /// bits of a Double), then `encode`'s bytes.
    static func frame(_ r: SpecCaseResult) -> [UInt8] {
        var body: [UInt8] = []
        func put(_ v: UInt64, _ bytes: Int) { for i in 0..<bytes { body.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) } }
        put(UInt64(r.name.utf8.count), 4); body += r.name.utf8
        put(r.seconds.bitPattern, 8)
        body += encode(r)
        var out: [UInt8] = []
        for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: body.count >> (8 * i))) }
        return out + body
    }

    /// The whole frames in `bytes`, in order (a cut last one is dropped).
    static func frames(_ bytes: [UInt8]) -> [SpecCaseResult] {
        var out: [SpecCaseResult] = []
        var at = 0
        func int(_ from: Int, _ count: Int) -> UInt64 {
            (0..<count).reduce(UInt64(0)) { $0 | UInt64(bytes[from + $1]) << (8 * UInt64($1)) }
        }
        while at + 4 <= bytes.count {
            let length = Int(int(at, 4))
            guard at + 4 + length <= bytes.count, length >= 12 else { break }
            let body = at + 4
            let nameLength = Int(int(body, 4))
            guard body + 4 + nameLength + 8 <= body + length else { break }
            let name = String(decoding: bytes[body + 4 ..< body + 4 + nameLength], as: UTF8.self)
            let seconds = Double(bitPattern: int(body + 4 + nameLength, 8))
            let report = Array(bytes[body + 12 + nameLength ..< body + length])
            guard var r = decode(report, name: name) else { break }
            r.seconds = seconds
            out.append(r)
            at = body + length
        }
        return out
    }
}
