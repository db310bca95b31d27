import NestboxLua
import NestboxFiles
import Containment
import Rendering

extension RunArguments {
    /// Writes `--report`'s page (any path, as `--snapshot` writes any path); ok, or usage with
    /// the one-line reason said when it could not.
    static func writeReport(_ recorder: ReportRecorder, to path: String, output: Output) -> ExitStatus {
        let sim = recorder.simulation
        if let note = recorder.report.note { output.err("nestbox: \(note)\n") }
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
}
