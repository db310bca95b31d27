import CLuaShim
import Containment
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

/// The explorer's children (docs/explore.md, Speed): each sequence runs in a process forked
/// from the settled design, as `nestbox test` forks a test (Q72), so every sequence starts
/// from the same world without building it again, and one that crashes or hangs fails
/// alone. A child streams each step before making it, so a crash still leaves its steps.
struct ChildPool {
    struct Child {
        let pid: Int32
        let fd: Int32
        let job: Int
        let started: Double
        var bytes: [UInt8] = []
        var timedOut = false
    }

    /// A finished child: its report decoded, or what ended it.
    struct Finished {
        let job: Int
        let result: SequenceResult
    }

    private(set) var running: [Child] = []
    /// Seconds a child may run: the run's `--timeout`, for each sequence.
    let deadline: Double

    init(timeout: Double) { deadline = timeout }

    var count: Int { running.count }

    /// Forks a child that runs `body` with a function that sends text to the parent,
    /// then ends. False when no process could be made.
    mutating func start(job: Int, _ body: (_ send: @escaping (String) -> Void) -> Void) -> Bool {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        let pid = nb_fork_test()
        if pid == 0 {
            close(fds[0])
            body { text in Self.send(fds[1], text) }
            _exit(0)
        }
        close(fds[1])
        guard pid > 0 else { close(fds[0]); return false }
        running.append(Child(pid: pid, fd: fds[0], job: job, started: nb_monotonic_now()))
        return true
    }

    /// All of `text` to the pipe (named apart from the C library's `write` it calls).
    private static func send(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buf in
            var sent = 0
            while sent < buf.count {
                let n = write(fd, buf.baseAddress! + sent, buf.count - sent)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                sent += n
            }
        }
    }

    /// Waits up to `milliseconds` for output; returns the children that ended.
    mutating func collect(milliseconds: Int32) -> [Finished] {
        guard !running.isEmpty else { return [] }
        var polls = running.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&polls, nfds_t(polls.count), milliseconds)
        var finished: [Finished] = []
        var k = 0
        let now = nb_monotonic_now()
        while k < running.count {
            var ended = now - running[k].started > deadline
            if ended {
                kill(running[k].pid, SIGKILL)
                running[k].timedOut = true
            }
            if !ended, ready > 0, polls[k].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 1 << 14)
                let n = chunk.withUnsafeMutableBytes { read(running[k].fd, $0.baseAddress, $0.count) }
                if n > 0 { running[k].bytes += chunk[..<n] } else if n == 0 || errno != EINTR { ended = true }
            }
            if ended {
                let child = running.remove(at: k)
                polls.remove(at: k)
                finished.append(Finished(job: child.job, result: Self.reap(child)))
            } else {
                k += 1
            }
        }
        return finished
    }

    /// Kills every child still running (a failure made their sequences moot, or a signal).
    mutating func stop(where unwanted: (Int) -> Bool = { _ in true }) {
        running.removeAll { child in
            guard unwanted(child.job) else { return false }
            kill(child.pid, SIGKILL)
            close(child.fd)
            var status: Int32 = 0
            while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
            return true
        }
    }

    /// The child's report; a child that did not finish its report crashed, was stuck
    /// past its deadline in a C function, or was killed: a failure after its last step.
    private static func reap(_ child: Child) -> SequenceResult {
        close(child.fd)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: child.bytes, as: UTF8.self)
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        if exited, code == 0, let r = ExploreCoding.decode(text) { return r }
        // The steps it streamed before it ended.
        let steps = text.split(separator: "\n").compactMap { ExploreCoding.step($0.split(separator: "\t", omittingEmptySubsequences: false)) }
        let after = steps.count { $0.input != nil }
        let failure: ExploreFailure
        if child.timedOut {
            failure = ExploreFailure(kind: "limit", name: "time", message: "time limit exceeded", after: after)
        } else {
            let how = exited ? "exit \(code)" : "signal \(status & 0x7f)"
            failure = ExploreFailure(kind: "crash", name: how, message: "the sequence's process ended with \(how)", after: after)
        }
        return SequenceResult(steps: steps, failure: failure)
    }
}
