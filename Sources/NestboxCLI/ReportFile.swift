import Containment
import Rendering

extension Run {
    /// Writes `--report`'s page (any path, as `--snapshot` writes any path); 0, or 2 with
    /// the one-line reason said when it could not.
    static func writeReport(_ recorder: ReportRecorder, to path: String, output: Output) -> Int32 {
        let sim = recorder.simulation
        if let note = recorder.report.note { output.err("nestbox: \(note)\n") }
        guard let bytes = recorder.report.html(events: sim.map { Array($0.trace.events) } ?? [], interrupted: sim?.isInterrupted ?? { false }) else {
            output.err("nestbox: cannot write \(path): time limit exceeded\n")
            return 2
        }
        if let failure = bytes.withUnsafeBytes({ writeFile($0, to: path) }) {
            output.err("nestbox: cannot write \(path): \(failure)\n")
            return 2
        }
        return 0
    }
}
