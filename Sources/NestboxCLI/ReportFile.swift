import NestboxLua
import NestboxFiles
import Containment
import Rendering

extension RunArguments {
    /// A message's first `count` lines, and how many more there were.
    static func firstLines(_ text: String?, _ count: Int = 40) -> String? {
        guard let text else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.prefix(count).joined(separator: "\n") + (lines.count > count ? "\n… \(lines.count - count) more lines" : "")
    }

    /// Writes `--report`'s page (any path, as `--snapshot` writes any path); ok, or usage with
    /// the one-line reason said when it could not.
    static func writeReport(_ recorder: ReportRecorder, to path: String, memoryLeft: Int = .max, output: Output) -> ExitStatus {
        let sim = recorder.simulation
        if let note = recorder.report.note { output.err("nestbox: \(note)\n") }
        // The page is built whole before it is written: it must fit in what the limit leaves.
        let needed = recorder.report.estimatedPageBytes(events: sim?.trace.events.count ?? 0)
        if needed > memoryLeft {
            let size = { (n: Int) in n >= 1 << 20 ? "\(n >> 20) MiB" : "\(n >> 10) KiB" }
            output.err("nestbox: cannot write \(path): the page needs about \(size(needed)), more than the "
                       + "\(size(memoryLeft)) --max-memory leaves (a shorter run, or a larger --max-memory)\n")
            return .limit
        }
        guard let bytes = recorder.report.html(events: sim.map { Array($0.trace.events) } ?? [], interrupted: sim?.isInterrupted ?? { false }) else {
            output.err("nestbox: cannot write \(path): time limit exceeded\n")
            return .usage
        }
        if let failure = writeFile(bytes, to: path) {
            output.err("nestbox: cannot write \(path): \(failure)\n")
            return .usage
        }
        return .ok
    }

    /// A matrix's page: every cell that ran (README.md, A device matrix).
    static func writeReport(title: String, cells: [(label: String, report: Report, events: [TraceEvent])], to path: String,
                            output: Output) -> ExitStatus {
        for cell in cells { if let note = cell.report.note { output.err("nestbox: \(cell.label): \(note)\n") } }
        guard let bytes = Report.html(title: title, cells: cells) else {
            output.err("nestbox: cannot write \(path): time limit exceeded\n")
            return .usage
        }
        if let failure = writeFile(bytes, to: path) {
            output.err("nestbox: cannot write \(path): \(failure)\n")
            return .usage
        }
        return .ok
    }
}
