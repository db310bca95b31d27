import Containment
import NestboxFiles
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

/// `expect_golden` (README.md, `nestbox test`): a golden is one file beside its spec,
/// compared, or with `--record` written. A name belongs to one test: a recording goes
/// first to a file of its own (`<golden>.recording-<test>`, written where the test ran,
/// a child process when forking) and becomes the golden only when the runner, taking
/// the file's results in order, finds the name unclaimed. So a second test recording
/// the same name fails and leaves the first's golden as it was, whatever the jobs.
extension SpecRunner {
    /// A golden lives beside its spec: `golden/<spec name>/<name>.trace`.
    static func goldenPath(spec file: String, name: String) -> String {
        let folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
        var stem = String(file[(file.lastIndex(of: "/").map { file.index(after: $0) } ?? file.startIndex)...])
        if stem.hasSuffix(".lua") { stem.removeLast(4) }
        return "\(folder)golden/\(stem)/\(name).trace"
    }

    static let recordingMark = ".recording-"

    func compare(_ golden: SpecResult.Golden, file: String, test index: Int, into result: inout SpecCaseResult) {
        let path = Self.goldenPath(spec: file, name: golden.name)
        let text = golden.text + "\n"
        if record {
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let recording = "\(path)\(Self.recordingMark)\(index)"
            if let failure = Self.refusedGolden(path) ?? writeFile(text, to: recording) {
                result.failures.append("\(golden.location)cannot write \(path): \(failure)")
            } else {
                result.recorded.append(recording)
                result.recordedAt.append(golden.location)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            result.failures.append("\(golden.location)no golden '\(golden.name)' (\(path)); run nestbox test --record to write it")
            return
        }
        if let diff = unifiedDiff(expected: String(decoding: data, as: UTF8.self), actual: text) {
            result.failures.append("\(golden.location)trace differs from \(path) (- golden, + actual):\n\(diff)")
        }
    }

    /// A golden that is there but not a regular file is not replaced (writeFile's rule).
    static func refusedGolden(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK { return "not a regular file (a symbolic link)" }
        return info.st_mode & S_IFMT == S_IFREG ? nil : "not a regular file"
    }

    /// A test's recordings, taken in the file's order: each becomes its golden, or, when an
    /// earlier test recorded that name, is removed and fails the test.
    func claim(_ result: SpecCaseResult, recordedBy: inout [String: String]) -> SpecCaseResult {
        var r = result
        r.recorded = []
        for (k, recording) in result.recorded.enumerated() {
            var stem = Substring(recording)
            while let c = stem.last, c.isASCII, c.isNumber { stem.removeLast() }
            guard stem.hasSuffix(Self.recordingMark) else { continue }
            let path = String(stem.dropLast(Self.recordingMark.count))
            if let other = recordedBy[path] {
                unlink(recording)
                r.status = .failed
                let at = k < result.recordedAt.count ? result.recordedAt[k] : ""
                r.failures.append("\(at)\(path) was also recorded by '\(other)': give each test's expect_golden its own name")
            } else if rename(recording, path) != 0 {
                let why = String(cString: strerror(errno))
                unlink(recording)
                r.status = .failed
                r.failures.append("cannot write \(path): \(why)")
            } else {
                recordedBy[path] = r.name
                r.recorded.append(path)
            }
        }
        return r
    }

    /// Recordings of a test that a signal stopped before it was reported.
    static func discardRecordings(_ result: SpecCaseResult) {
        for recording in result.recorded { unlink(recording) }
    }
}
