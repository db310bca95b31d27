import NestboxFiles
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

/// The model at work, driven from Lua with tracing on: containment cycles, trees that
/// grow tenfold, many animations sampled at 60 Hz, and objects created and dropped.
extension Bench {
    // MARK: - Containment cycles

    static let cycleSetup = """
        parent = ui.ViewController{ name = "parent" }
        ui.window.rootViewController = parent
        ui.window:makeKeyAndVisible()
        child = ui.ViewController(HOOKS)
        local _ = child.view
        """

    /// Empty Lua functions on every lifecycle callback a cycle reaches.
    static let everyHook = """
        { name = "child",
          viewDidLoad = function() end, viewWillAppear = function() end, viewIsAppearing = function() end,
          viewDidAppear = function() end, viewWillDisappear = function() end, viewDidDisappear = function() end,
          viewWillLayoutSubviews = function() end, viewDidLayoutSubviews = function() end,
          willMove = function() end, didMove = function() end }
        """

    /// The events a cycle records after the first (whose safe-area change the later
    /// ones do not repeat); `BenchJSONTests` counts them.
    static let cycleEvents = 17.0

    /// addChild, addSubview, didMove, willMove(nil), removeFromSuperview, removeFromParent
    /// on a parent in the visible window: the child appears and disappears each time.
    static func cycleLoop(_ n: Int) -> String {
        """
        local parent, child = parent, child
        local pv, cv = parent.view, child.view
        for i = 1, \(n) do
          parent:addChild(child); pv:addSubview(cv); child:didMove(parent)
          child:willMove(nil); cv:removeFromSuperview(); child:removeFromParent()
        end
        """
    }

    /// The same cycle on the floor (Sources/CLuaShim/Floor.c): the cycle's semantics in
    /// lean C, driven by the same loop.
    static let floorSetup = """
        parent = floor.root()
        child = floor.ViewController()
        local _ = child.view
        """

    func cycleRows() throws -> [Row] {
        let n = quick ? 2_000 : 100_000
        let runs = quick ? 3 : 5
        var rows: [Row] = []
        let floor = try Self.runtime()
        floor.installFloor()
        _ = try Self.time(floor, Self.floorSetup)
        var floorSamples: [Double] = []
        for (name, hooks, target) in [("cycle", false, 500_000.0), ("cycle-hooks", true, 150_000.0)] {
            let rt = try Self.runtime()
            _ = try Self.time(rt, Self.cycleSetup.replacing("(HOOKS)", with: hooks ? Self.everyHook : "{ name = \"child\" }"))
            var samples: [Double] = []
            for _ in 0..<runs {
                samples.append(try Self.time(rt, Self.cycleLoop(n)))
                rt.simulation.trace.clear()      // keep the trace from growing across runs
                // By turns with the model's runs, so both see the same machine.
                floorSamples.append(try Self.time(floor, Self.cycleLoop(n)))
            }
            let rate = Double(n) / Self.median(samples)
            var row = Row(name: name, value: rate, unit: "cycles/s")
            row.spread = Self.spread(samples)
            row.judge(rate, atLeast: target, ">= \(Int(target))/s")
            rows.append(row)
        }
        // The model's cycle against the floor's: how many times the floor's time it takes.
        let floorRate = Double(n) / Self.median(floorSamples)
        rows[0].baseline = floorRate
        rows[0].ratio = floorRate / rows[0].value
        return rows + [Row(name: "cycle-floor", value: floorRate, unit: "cycles/s", spread: Self.spread(floorSamples))]
    }

    // MARK: - Trees

    /// A ten-way tree of `n` controllers under the window's root, each child's view in
    /// its parent's (so each one appears), then the whole hierarchy printed.
    static func treeSource(_ n: Int) -> String {
        """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        local all = { root }
        for i = 2, \(n) do
          local p = all[(i - 2) // 10 + 1]
          local c = ui.ViewController{}
          p:addChild(c); p.view:addSubview(c.view); c:didMove(p)
          all[i] = c
        end
        ui.printHierarchy()
        """
    }

    func treeRows() throws -> [Row] {
        let (small, large) = quick ? (1_000, 10_000) : (10_000, 100_000)
        func tree(_ n: Int) throws -> Double { try Self.time(try Self.runtime(), Self.treeSource(n)) }
        var rows: [Row] = []
        func row(_ n: Int, _ samples: [Double]) -> Row {
            var row = Row(name: "tree-\(n / 1000)k", value: Self.median(samples) * 1e3, unit: "ms")
            row.spread = Self.spread(samples)
            if n == 100_000 { row.judge(Self.median(samples), atMost: 1, "<= 1000 ms") }
            return row
        }
        // More samples for the small trees (seven each): their times are short and the
        // ratio divides by them; the 10k tree's are three runs and then four among the
        // turns with the 100k tree.
        // The memory first, while this process holds little (resetPeakResident).
        let memory = try treeMemoryRow(large)
        if !quick { rows.append(row(1_000, try (0..<7).map { _ in try tree(1_000) })) }
        let warm = quick ? [] : try (0..<3).map { _ in try tree(small) }
        let turns = try Self.byTurns(quick ? 1 : 3, small: { try tree(small) }, large: { try tree(large) })
        rows.append(row(small, warm + turns.small))
        rows.append(row(large, turns.large))
        var growth = Row(name: "tree-growth-\(small / 1000)k-\(large / 1000)k", value: turns.growth, unit: "x")
        growth.judge(turns.growth, atMost: 12, "<= 12x")
        rows.append(growth)
        if let memory { rows.append(memory) }
        return rows
    }

    /// The large tree's peak resident memory per controller, with its trace: `nestbox
    /// run` of it in a child process, as a user runs it (`--trace none`: the trace is
    /// kept, not printed). Nil when this binary cannot be started again.
    func treeMemoryRow(_ n: Int) throws -> Row? {
        #if !canImport(Glibc)
        return nil      // the child's peak is read from wait4's usage, on Linux
        #endif
        let nestbox = Self.executableFolder() + "/nestbox"
        guard FileManager.default.isExecutableFile(atPath: nestbox) else { return nil }
        let script = FileManager.default.temporaryDirectory.path + "/nestbox-bench-tree-\(getpid()).lua"
        if let failure = writeFile(Self.treeSource(n), to: script) { throw BenchError(message: "cannot write \(script): \(failure)") }
        defer { try? FileManager.default.removeItem(atPath: script) }
        let peaks = try (0..<(quick ? 1 : 3)).map { _ in
            Self.resetPeakResident()
            return Double(try Self.spawn(nestbox, ["run", script, "--trace", "none"], exitZero: true).peakKB) / Double(n)
        }
        var row = Row(name: "tree-\(n / 1000)k-memory", value: Self.median(peaks), unit: "KB/controller", spread: Self.spread(peaks))
        if n == 100_000 { row.judge(row.value, atMost: 1, "<= 1 KB") }
        return row
    }

    // MARK: - Animation

    /// `views` views under the window's root, settled (in the global `views`).
    static func animationSetup(_ views: Int) -> String {
        """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        views = {}
        for i = 1, \(views) do
          local v = ui.View{ frame = { 0, 0, 10, 10 } }
          root.view:addSubview(v)
          views[i] = v
        end
        ui.settle()
        """
    }

    /// Every view's frame animated for 10 virtual seconds.
    static let animationBody = """
        ui.animate{ duration = 10, animations = function()
          for i, v in ipairs(views) do v.frame = { i % 300, 600, 20, 20 } end
        end }
        ui.settle()
        """

    func animationRows() throws -> [Row] {
        let views = quick ? 100 : 1_000
        let samples = try (0..<(quick ? 1 : 3)).map { _ -> Double in
            let rt = try Self.runtime()
            rt.simulation.samplesFrames = true       // `--frames`: presentation frames at 60 Hz
            _ = try Self.time(rt, Self.animationSetup(views))
            return try Self.time(rt, Self.animationBody)
        }
        let s = Self.median(samples)
        var row = Row(name: "animation-\(views)-views-10s", value: s * 1e3, unit: "ms")
        row.spread = Self.spread(samples)
        row.judge(s, atMost: 1, "<= 1000 ms")
        return [row]
    }

    // MARK: - Churn

    /// Peak resident memory while `body` runs: the kernel's high-water mark, reset first
    /// (`/proc/self/clear_refs`), after returning freed heap to the system.
    static func peakResident(_ body: () throws -> Void) rethrows -> Double? {
        #if canImport(Glibc)
        guard resetPeakResident() else { try body(); return nil }
        try body()
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kb / 1024
        #else
        try body()
        return nil
        #endif
    }

    /// Gives freed heap back to the system and resets this process's resident
    /// high-water mark to what it holds now; false where /proc cannot. A child started
    /// next begins its count from this process's mark (it shares the memory until it
    /// execs), so this comes first when a child's peak is measured.
    @discardableResult
    static func resetPeakResident() -> Bool {
        #if canImport(Glibc)
        // glibc's malloc_trim (not in the Glibc module): give freed heap back first.
        if let sym = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
            _ = unsafeBitCast(sym, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        // "5": reset the high-water mark. A control file, not one to truncate: opened
        // here, written through NestboxFiles.
        let reset = open("/proc/self/clear_refs", O_WRONLY)
        guard reset >= 0 else { return false }
        writeAll(reset, "5")
        close(reset)
        return true
        #else
        return false
        #endif
    }

    func churnRows() throws -> [Row] {
        let sizes = quick ? [10_000, 100_000] : [10_000, 1_000_000]
        var peaks: [Double] = []
        var rows: [Row] = []
        for n in sizes {
            var rate = 0.0, luaPeak = 0
            let peak = try Self.peakResident {
                let rt = try Self.runtime()
                rate = Double(n) / (try Self.time(rt, "for i = 1, \(n) do local vc = ui.ViewController{} end"))
                luaPeak = rt.peakMemory
            }
            rows.append(Row(name: "churn-\(Self.count(n))-rate", value: rate, unit: "objects/s"))
            rows.append(Row(name: "churn-\(Self.count(n))-lua-heap", value: Double(luaPeak) / 1_048_576, unit: "MiB peak"))
            if let peak {
                peaks.append(peak)
                rows.append(Row(name: "churn-\(Self.count(n))-resident", value: peak, unit: "MiB peak"))
            }
        }
        if peaks.count == 2 {
            let growth = peaks[1] / peaks[0]
            var row = Row(name: "churn-memory-growth", value: growth, unit: "x")
            row.judge(growth, atMost: 2, "<= 2x")
            rows.append(row)
        }
        return rows
    }

    static func count(_ n: Int) -> String { n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1000)k" }
}
