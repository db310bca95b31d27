import NestboxFiles
import ArgumentParser
import Containment
import NestboxLua
import Rendering

/// `nestbox run`'s pictures (README.md, Pictures): `--snapshot` after the run or at
/// `--snapshot-at` times, `--filmstrip` every `--every` seconds. The run stops its clock
/// at those instants and records nothing there (policy Q31); the pictures are drawn
/// then and written after the report.
final class Pictures {
    struct Request {
        var snapshot: String?
        var times: [Double] = []
        var filmstrip: String?
        /// The filmstrip's instants; `open` when no `--to` bounds them (frames past the
        /// run's end are dropped then).
        var frameTimes: [Double] = []
        var open = false
        var scale = 1.0
        var overlays: Overlays = []

        var isEmpty: Bool { snapshot == nil && filmstrip == nil }
    }

    /// At most this many `--snapshot-at` times, and this many filmstrip frames.
    static let maxTimes = 1_000
    static let maxFrames = 100

    let request: Request
    private var shots: [(path: String, picture: DisplayList)] = []
    private var frames: [(time: Double, picture: DisplayList)] = []
    private var endOfRun: Double?
    /// Bytes the pictures hold, counted in the model's meter under `--max-memory`:
    /// 10,000 labels over 51 frames are 100 MB of shapes before a byte is written.
    private(set) var held = 0
    /// The memory limit was hit while the pictures held `held` bytes.
    private(set) var overMemory = false
    private var memoryLeft: () -> Int = { .max }

    init(_ request: Request) { self.request = request }

    /// Asks the run to stop at each instant a picture needs.
    func install(on sim: Simulation, memoryLeft: @escaping () -> Int) {
        self.memoryLeft = memoryLeft
        let shotTimes = Set(request.times), frameTimes = Set(request.frameTimes)
        var renderer = Renderer(overlays: request.overlays)
        // Weak: the simulation keeps this closure and may outlive the pictures.
        sim.stop(at: Array(shotTimes.union(frameTimes))) { [weak self] t in
            guard let self else { return }
            // An open strip ends with the run; a --snapshot-at time past the end still
            // shows the last state, with or without a strip (`finish`).
            let stripEnded = request.open && endOfRun.map { t > $0 + 1e-9 } == true
            let shot = shotTimes.contains(t) ? request.snapshot : nil
            let frame = frameTimes.contains(t) && !stripEnded
            guard shot != nil || frame, let picture = draw(sim, with: &renderer) else { return }
            if let path = shot { shots.append((picturePath(path, time: t), picture)) }
            if frame { frames.append((t, picture)) }
        }
    }

    /// Draws the screen within what the memory limit leaves, and holds the picture in
    /// the model's meter; nil (the limit marked) when it does not fit.
    private func draw(_ sim: Simulation, with renderer: inout Renderer) -> DisplayList? {
        renderer.maxBytes = memoryLeft()
        guard let picture = renderer.render(sim) else {
            if sim.isInterrupted() { overMemory = true }
            return nil
        }
        let bytes = picture.approximateBytes
        held += bytes
        sim.memory.hold(bytes)
        if sim.isInterrupted() { overMemory = true }
        return picture
    }

    /// After the run: the instants it never passed show its last state; a plain
    /// `--snapshot` is taken now.
    func finish(_ sim: Simulation) {
        endOfRun = sim.clock.now
        sim.finishStops()
        var renderer = Renderer(overlays: request.overlays)
        if let path = request.snapshot, request.times.isEmpty, !sim.isInterrupted(), let picture = draw(sim, with: &renderer) {
            shots.append((picturePath(path, time: sim.clock.now), picture))
        }
        frames.sort { $0.time < $1.time }
    }

    /// Writes the files; ok, or usage after the first that could not be drawn or written
    /// (limit when it would pass `maxBytes`, what the memory limit leaves).
    func write(output: Output, maxBytes: Int = .max) -> ExitStatus {
        var files = shots
        // An open strip whose first instant is past the run's end has no frame: said, as a
        // bad option is, not a missing file and exit 0.
        if request.filmstrip != nil, frames.isEmpty, request.open, let first = request.frameTimes.first, let end = endOfRun {
            output.err("nestbox: --from \(formatNumber(first)) is after the run's end (\(fixedPoint(end)) s): the filmstrip has no frame (give --to to draw the last state)\n")
            return .usage
        }
        if let path = request.filmstrip, !frames.isEmpty {
            if request.open, frames.count == Self.maxFrames, let end = endOfRun, let last = frames.last, last.time < end {
                output.err("nestbox: the filmstrip stops at \(Self.maxFrames) frames (\(fixedPoint(last.time)) s of a run that ended at \(fixedPoint(end)) s)\n")
            }
            // Too wide for one row, the strip wraps into a contact sheet, smaller if it
            // must be to stay within PNG's limits (the same layout for SVG).
            let frame = Size(width: frames.map(\.picture.size.width).max() ?? 0, height: frames.map(\.picture.size.height).max() ?? 0)
            let (columns, shrink) = DisplayList.sheetLayout(count: frames.count, frame: frame, scale: request.scale,
                                                            maxSide: PNG.maxSide, maxPixels: PNG.maxPixels)
            if columns < frames.count {
                let rows = (frames.count + columns - 1) / columns
                output.err("nestbox: the filmstrip's \(frames.count) frames are in \(rows) rows of \(columns)"
                           + (shrink < 1 ? ", drawn at \(formatNumber(shrink)) of their size to stay within \(PNG.maxPixels / 1_000_000) million pixels" : "") + "\n")
            }
            // The strip takes the frames' shapes as it places them: one copy, not two.
            files.append((path, DisplayList.filmstrip(consuming: &frames, columns: columns, shrink: shrink)))
        }
        for (path, picture) in files {
            let saved = Self.save(picture, to: path, scale: request.scale, maxBytes: maxBytes, output: output)
            if saved != .ok { return saved }
        }
        return .ok
    }

    /// Draws and writes one picture (any path, as `--record` writes any path); usage
    /// (limit when over `maxBytes`) with the one-line reason said when it could not.
    @discardableResult
    static func save(_ picture: DisplayList, to path: String, scale: Double, maxBytes: Int = .max, output: Output) -> ExitStatus {
        guard let format = PictureFormat(path: path) else {
            output.err("nestbox: \(path) is not a .svg or .png file\n")
            return .usage
        }
        switch format.encode(picture, scale: scale, maxBytes: maxBytes) {
        case .failure(let e):
            output.err("nestbox: cannot draw \(path): \(e)\n")
            return e.isOverMemory ? .limit : .usage
        case .success(let bytes):
            if let failure = writeFile(bytes, to: path) {
                output.err("nestbox: cannot write \(path): \(failure)\n")
                return .usage
            }
            return .ok
        }
    }
}

extension RunArguments {
    /// The pictures the options ask for, or why they make no sense (a usage error).
    func pictureRequest() throws -> Pictures.Request {
        var r = Pictures.Request()
        r.scale = scale
        if !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be a number above 0 and at most 16") }
        switch Overlays.parse((overlays ?? "").split(separator: ",").map(String.init)) {
        case .success(let o): r.overlays = o
        case .failure(let e): throw ValidationError("--overlays: \(e)")
        }
        func checkFormat(_ option: String, _ path: String) throws {
            if PictureFormat(path: path) == nil { throw ValidationError("\(option) must name a .svg or .png file (got \(path))") }
        }
        func time(_ option: String, _ v: Double?) throws -> Double? {
            guard let v else { return nil }
            guard v.isFinite, v >= 0 else { throw ValidationError("\(option) must be a finite number of seconds >= 0") }
            return v
        }
        if let path = snapshot {
            try checkFormat("--snapshot", path)
            r.snapshot = path
        }
        if let list = snapshotAt {
            guard r.snapshot != nil else { throw ValidationError("--snapshot-at needs --snapshot PATH") }
            let words = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed }
            var times: [Double] = [], written: [Double: String] = [:]
            for w in words {
                guard let v = Double(w), v.isFinite, v >= 0 else {
                    throw ValidationError("--snapshot-at takes times in seconds >= 0, separated by commas (got '\(w)')")
                }
                times.append(v)
                written[v] = written[v] ?? String(w)
            }
            times = Array(Set(times)).sorted()
            if times.count > Pictures.maxTimes { throw ValidationError("--snapshot-at takes at most \(Pictures.maxTimes) times") }
            if times.count > 1, let path = r.snapshot, !path.contains("%t") {
                throw ValidationError("--snapshot needs %t in its path for more than one --snapshot-at time (e.g. out-%t.png)")
            }
            // %t writes three decimals: two times that round alike would share one file.
            if let path = r.snapshot {
                for (a, b) in zip(times, times.dropFirst()) where picturePath(path, time: a) == picturePath(path, time: b) {
                    throw ValidationError("--snapshot-at times \(written[a] ?? "") and \(written[b] ?? "") both name \(picturePath(path, time: a)) (%t is written to the millisecond)")
                }
            }
            r.times = times
        }
        let from = try time("--from", self.from), to = try time("--to", self.to)
        guard let path = filmstrip else {
            if every != nil || from != nil || to != nil { throw ValidationError("--every, --from and --to need --filmstrip PATH") }
            return r
        }
        try checkFormat("--filmstrip", path)
        guard let every, every.isFinite, every > 0 else { throw ValidationError("--filmstrip needs --every SECONDS, a finite number above 0") }
        let start = from ?? 0
        if let to, to < start { throw ValidationError("--to must not be before --from") }
        // Each instant from the start, not a running sum, so 0.05 steps do not drift.
        var count: Int?
        if let to {
            let steps = ((to - start) / every + 1e-9).rounded(.down)
            guard steps < Double(Pictures.maxFrames) else {
                throw ValidationError("--filmstrip makes at most \(Pictures.maxFrames) frames (this asks for \(formatNumber(steps + 1)))")
            }
            count = Int(steps) + 1
        }
        r.filmstrip = path
        r.open = to == nil
        r.frameTimes = (0..<(count ?? Pictures.maxFrames)).map { start + Double($0) * every }
        return r
    }
}
