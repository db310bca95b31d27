import ArgumentParser
import Containment
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NestboxLua
import Rendering

/// `nestbox run FILE --matrix devices=… --matrix orientations=…` (README.md, `nestbox
/// run`): the script once per cell, each in a fresh world on that device, started in that
/// orientation; one line per cell saying how its report (trace, controller and view
/// hierarchies, as `--views` prints them) differs from the first cell's; with `--snapshot`, the cells' last screens in a labelled grid.
/// Layout bugs live in the differences: a short screen, a wide one, landscape.
struct Matrix {
    struct Cell {
        let device: Device
        let orientation: String
        /// nil when the matrix has no `directions` axis (the label leaves it out).
        let direction: String?
        var label: String { "\(device.id) \(orientation)" + (direction.map { " " + $0 } ?? "") }
    }

    /// The layout directions a cell may name (Q74).
    static let directions = ["ltr": "leftToRight", "rtl": "rightToLeft", "leftToRight": "leftToRight", "rightToLeft": "rightToLeft"]

    /// The orientations a cell may name; `landscape` is landscapeLeft.
    static let orientations = ["portrait": "portrait", "landscape": "landscapeLeft", "portraitUpsideDown": "portraitUpsideDown",
                               "landscapeLeft": "landscapeLeft", "landscapeRight": "landscapeRight"]

    let cells: [Cell]

    /// The axes as given (`devices=a,b`, `orientations=portrait,landscape`), or a usage
    /// error. An axis not given is the run's device, or portrait.
    init(_ axes: [String], device: String?) throws {
        var devices: [Device]?, orientations: [String]?, directions: [String]?
        for axis in axes {
            guard let eq = axis.firstIndex(of: "=") else {
                throw ValidationError("--matrix takes AXIS=VALUE,VALUE (devices, orientations, directions), not '\(axis.prefix(80))'")
            }
            let name = String(axis[..<eq])
            let values = axis[axis.index(after: eq)...].split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
            guard !values.isEmpty else { throw ValidationError("--matrix \(name)= needs at least one value") }
            switch name {
            case "devices":
                guard devices == nil else { throw ValidationError("--matrix devices is given twice") }
                devices = try values.map { v in
                    guard let d = Device.named(v) else { throw ValidationError("unknown device '\(v.prefix(80))' (\(Device.choices))") }
                    return d
                }
            case "orientations":
                guard orientations == nil else { throw ValidationError("--matrix orientations is given twice") }
                orientations = try values.map { v in
                    guard Self.orientations[v] != nil else {
                        throw ValidationError("unknown orientation '\(v.prefix(80))' (portrait, landscape, landscapeLeft, landscapeRight, portraitUpsideDown)")
                    }
                    return v
                }
            case "directions":
                guard directions == nil else { throw ValidationError("--matrix directions is given twice") }
                directions = try values.map { v in
                    guard Self.directions[v] != nil else {
                        throw ValidationError("unknown direction '\(v.prefix(80))' (ltr, rtl, leftToRight, rightToLeft)")
                    }
                    return v
                }
            default:
                throw ValidationError("unknown --matrix axis '\(name.prefix(80))' (devices, orientations, directions)")
            }
        }
        let ds = devices ?? [device.flatMap(Device.named) ?? .iPhone15]
        let os = orientations ?? ["portrait"]
        let dirs: [String?] = directions ?? [nil]
        cells = ds.flatMap { d in os.flatMap { o in dirs.map { Cell(device: d, orientation: o, direction: $0) } } }
        guard cells.count <= 100 else { throw ValidationError("--matrix makes at most 100 cells (this asks for \(cells.count))") }
    }

    /// Runs every cell; exit 0 when every cell ran (differences are what it reports), or
    /// the first failing cell's code.
    func execute(_ arguments: RunArguments, output: Output) -> ExitStatus {
        var first: [String]?
        var code = ExitStatus.ok
        var screens: [(time: Double, picture: DisplayList)] = []
        var labels: [String] = []
        var reports: [(label: String, report: Report, events: [TraceEvent])] = []
        for cell in cells {
            var a = arguments
            a.limits.device = cell.device.id
            guard var options = a.sessionOptions(output: output) else { return .usage }
            options.echoWarnings = false
            // The view hierarchy with its frames is where a layout differs.
            options.views = true
            var said = ""
            let cellOutput = Output(out: { _ in }, err: { said += $0 })
            guard let session = try? RunSession(options: options, output: cellOutput) else {
                output.err("nestbox: cannot make a world for \(cell.label)\n")
                return .failure
            }
            _ = session.runtime.simulation.start(in: Self.orientations[cell.orientation] ?? "portrait")
            if let d = cell.direction { _ = session.runtime.simulation.start(direction: Self.directions[d] ?? "leftToRight") }
            // One page for every cell: each gets its share of the report's text cap (Q33).
            let recorder = arguments.report.map { _ in
                ReportRecorder(title: "\(a.file) — \(cell.label)", maxBytes: ReportRecorder.maxBytes / max(1, cells.count),
                               drawsTicks: Environment.reportDrawsTicks)
            }
            recorder?.install(on: session.runtime.simulation)
            let result = session.execute(file: a.file) { recorder?.finish(session.runtime.simulation) }
            if let recorder, result.code == .ok || result.code == .failure || result.code == .expectation {
                reports.append((cell.label, recorder.report, Array(session.runtime.simulation.trace.events)))
            }
            if case .unreadable = result.outcome { output.err(said); return .usage }
            let lines = diffLines(result.report ?? "")
            var line = "cell \(cell.label): "
            if result.code != .ok {
                line += "exit \(result.code.code): \(said.split(separator: "\n").first ?? "")"
                if code == .ok { code = result.code }
            } else if let first {
                let changed = changedLineCount(first, lines)
                line += changed == 0 ? "same trace as the first cell" : changed.map { "\($0) line\($0 == 1 ? "" : "s") differ" } ?? "too different to count"
                if arguments.verbose, changed != 0 {
                    line += "\n" + unifiedDiff(first, lines).map { "    " + $0 }.joined(separator: "\n")
                }
            } else {
                line += "the first cell (\(lines.count) lines)"
            }
            if first == nil, result.code == .ok { first = lines }
            output.out(line + "\n")
            if arguments.snapshot != nil, result.code == .ok || result.code == .failure || result.code == .expectation {
                let renderer = Renderer(overlays: (try? arguments.pictureRequest().overlays) ?? [])
                if let picture = renderer.render(session.runtime.simulation) {
                    screens.append((0, picture))
                    labels.append(cell.label)
                }
            }
        }
        if let path = arguments.report, !reports.isEmpty {
            let saved = RunArguments.writeReport(title: arguments.file, cells: reports, to: path, output: output)
            if saved != .ok, code == .ok { code = saved }
        }
        if let path = arguments.snapshot, !screens.isEmpty {
            let columns = max(1, Set(cells.map { $0.orientation + ($0.direction ?? "") }).count)
            let frame = Size(width: screens.map(\.picture.size.width).max() ?? 0, height: screens.map(\.picture.size.height).max() ?? 0)
            let size = DisplayList.sheetSize(count: screens.count, columns: columns, frame: frame)
            let shrink = DisplayList.fit(size, scale: arguments.scale, maxSide: PNG.maxSide, maxPixels: PNG.maxPixels)
            let grid = DisplayList.filmstrip(consuming: &screens, columns: columns, shrink: shrink, captions: labels)
            let saved = Pictures.save(grid, to: path, scale: arguments.scale, output: output)
            if saved != .ok, code == .ok { code = saved }
        }
        return code
    }
}
