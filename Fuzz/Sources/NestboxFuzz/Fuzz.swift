import Foundation
import NestboxCLI
import NestboxLua

/// libFuzzer's entry: the bytes choose a program from a grammar of API calls (so the
/// fuzzer explores containment, not Lua's parser), which runs under limits. Any Lua
/// error is fine; a crash, a trap or a sanitizer report is a finding. The first byte
/// picks how it runs (docs/development.md, Fuzzing): in a runtime with the model's
/// invariants checked after it, as a spec file under `nestbox test`, or under
/// `nestbox run` with a report, a filmstrip and a snapshot.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var grammar = Grammar(bytes: UnsafeBufferPointer(start: data, count: size))
    let mode = grammar.next(4)
    var program = mode == 2 ? grammar.spec() : grammar.program()
    // To minimise a finding by hand: run a script file in the harness's conditions.
    if let path = ProcessInfo.processInfo.environment["NESTBOX_FUZZ_SCRIPT"],
       let text = try? String(contentsOfFile: path, encoding: .utf8) { program = text }
    // To turn a finding into a corpus script: NESTBOX_FUZZ_PRINT=1 NestboxFuzz ARTIFACT
    if ProcessInfo.processInfo.environment["NESTBOX_FUZZ_PRINT"] != nil {
        FileHandle.standardError.write(Data(("-- mode \(mode)\n" + program + "\n").utf8))
    }
    switch mode {
    case 2: runCommand(["test"], program, fileName: "fuzz_spec.lua")
    case 3: runCommand(["run", "--report", "\(scratch)/r.html", "--filmstrip", "\(scratch)/strip.svg", "--every", "0.25",
                        "--snapshot", "\(scratch)/s.png", "--overlays", "controllers,safeArea,names", "--trace", "none"],
                       program, fileName: "fuzz.lua")
    default: runInProcess(program)
    }
    return 0
}

/// A folder of this process's own for the files the commands read and write.
let scratch: String = {
    let path = NSTemporaryDirectory() + "nestbox-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

func runInProcess(_ program: String) {
    guard let rt = try? LuaRuntime(memoryLimit: 64 * 1024 * 1024) else { return }
    rt.output = { _ in }
    rt.keepGoing = true
    rt.setLimits(timeout: 2, maxInstructions: 2_000_000)
    _ = rt.run(source: program, chunkName: "=fuzz")
    // The model's invariants (docs/development.md, Tests) hold after any program: a violation is a finding.
    let violations = rt.checkInvariants()
    if !violations.isEmpty {
        FileHandle.standardError.write(Data(("model invariant violated:\n" + violations.joined(separator: "\n") + "\n").utf8))
        abort()
    }
}

/// The program as a file, through a command as a user runs it (output discarded).
func runCommand(_ arguments: [String], _ program: String, fileName: String) {
    let path = "\(scratch)/\(fileName)"
    guard FileManager.default.createFile(atPath: path, contents: Data(program.utf8)) else { return }
    let limits = ["--timeout", "2", "--max-memory", "64", "--max-instructions", "2000000"]
    _ = Nestbox.main(Array(arguments.prefix(1)) + [path] + arguments.dropFirst() + limits,
                     output: Output(out: { _ in }, err: { _ in }))
}

/// Reads choices from the input bytes.
struct Grammar {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func next(_ n: Int) -> Int {
        guard i < bytes.count, n > 0 else { return 0 }
        defer { i += 1 }
        return Int(bytes[i]) % n
    }

    mutating func pick(_ list: [String]) -> String { list[next(list.count)] }

    // Kept sub-objects (`keep[k]`) outlive whatever owned them: their owners are
    // replaced by `renew` statements and collected between steps (docs/development.md, Lifetimes).
    static let objects = ["vcs[1]", "vcs[2]", "vcs[3]", "vcs[4]", "nav", "tbc", "views[1]", "views[2]", "views[3]",
                          "ui.window", "nil", "pdit", "tbl", "keep[1]", "keep[2]", "keep[3]", "keep[4]", "pvc", "svc"]
    static let numbers = ["0", "1", "0.3", "-1", "1e9", "0/0", "1/0", "2", "3"]
    static let strings = ["'Red'", "'More'", "'landscapeLeft'", "'iPad'", "'x'", "''", "'fullScreen'", "'custom'",
                          "'primary'", "'secondary'", "'forward'", "'reverse'", "'currentContext'", "'overFullScreen'"]
    /// Sub-objects a script can hold on to.
    static let parts = ["navigationItem", "tabBarItem", "tabBar", "navigationBar", "navigationBar.subviews[1]",
                        "navigationBar.subviews[2]", "tabBar.subviews[1]", "tabBar.subviews[2]", "view",
                        "view.subviews[1]", "moreNavigationController", "moreNavigationController.viewControllers[1]",
                        "tabBar.items[1]", "navigationItem.rightBarButtonItems[1]", "presentedViewController",
                        "viewControllers[1]", "parent", "view.gestureRecognizers", "presentationController",
                        "scrollView", "transitionCoordinator"]
    /// Fresh owners: the old value of the variable becomes garbage.
    static let renewals = [
        "vcs[1 + (#keep % 4)] = ui.ViewController{ title = 'Red' }",
        "nav = ui.NavigationController{ root = ui.ViewController{ title = 'Root' } }; nav:pushViewController(ui.ViewController{ title = 'Top' }, false)",
        "tbc = ui.TabBarController{ viewControllers = { ui.ViewController{ title = 'A' }, ui.ViewController{ title = 'B' }, ui.ViewController{}, ui.ViewController{}, ui.ViewController{}, ui.ViewController{}, ui.ViewController{} } }",
        "tbl = ui.TableView{ rows = { 'one', 'two', 'three' }, frame = { 0, 0, 300, 200 } }",
        "views[1 + (#keep % 3)] = ui.View{}",
        "vcs[1].navigationItem.rightBarButtonItems = { ui.BarButtonItem{ title = 'Edit', action = function() end } }",
        "vcs[2] = ui.ViewController{ modalPresentationStyle = 'custom', transitioningDelegate = presenting }",
        "pvc = ui.PageViewController{ name = 'p', dataSource = pages, delegate = { willTransitionTo = function(p, pending) keep[2] = pending[1] end } }",
        "svc = ui.SplitViewController{ name = 's', style = 'tripleColumn' }",
        "pdit = ui.PercentDrivenInteractiveTransition()",
    ]

    mutating func object() -> String { pick(Self.objects) }
    mutating func number() -> String { pick(Self.numbers) }
    mutating func string() -> String { pick(Self.strings) }
    mutating func value() -> String {
        switch next(4) {
        case 0: return object()
        case 1: return number()
        case 2: return string()
        default: return "{ \(number()), \(number()), \(number()), \(number()) }"
        }
    }
    mutating func slot() -> String { "keep[\(1 + next(4))]" }

    mutating func statement() -> String {
        let o = object(), p = object()
        switch next(58) {
        case 0: return "\(o):addChild(\(p))"
        case 1: return "\(o):removeFromParent()"
        case 2: return "\(o):willMove(\(p))"
        case 3: return "\(o):didMove(\(p))"
        case 4: return "\(o).view:addSubview(\(p).view)"
        case 5: return "\(o):addSubview(\(p))"
        case 6: return "\(o):removeFromSuperview()"
        case 7: return "\(o).view:removeFromSuperview()"
        case 8: return "\(o):beginAppearanceTransition(\(next(2) == 0), \(next(2) == 0))"
        case 9: return "\(o):endAppearanceTransition()"
        case 10: return "ui.window.rootViewController = \(o)"
        case 11: return "\(o):transition{ from = \(p), to = \(object()), duration = \(number()), animations = function() \(object()).alpha = 0 end }"
        case 12: return "\(o):pushViewController(\(p), \(next(2) == 0))"
        case 13: return "\(o):popViewController(\(next(2) == 0))"
        case 14: return "\(o):popToRootViewController(\(next(2) == 0))"
        case 15: return "\(o):setViewControllers({ \(p), \(object()) }, \(next(2) == 0))"
        case 16: return "\(o).viewControllers = { \(p), \(object()), \(object()) }"
        case 17: return "\(o).selectedIndex = \(number())"
        case 18: return "\(o):present(\(p), \(next(2) == 0))"
        case 19: return "\(o):dismiss(\(next(2) == 0))"
        case 20: return "ui.tap(\(value()))"
        case 21: return "ui.pan{ from = { \(number()), \(number()) }, to = { \(number()), \(number()) }, steps = \(1 + next(5)) }"
        case 22: return "ui.advance(\(number()))"
        case 23: return "ui.settle()"
        case 24: return "ui.rotate(\(string()))"
        case 25: return "ui.setDevice(\(string()))"
        case 26: return "\(o).frame = \(value())"
        case 27: return "ui.animate{ duration = \(number()), animations = function() \(o).frame = \(value()) end }"
        case 28: return "\(o).modalPresentationStyle = \(string())"
        case 29: return "pdit:update(\(number()))"
        case 30: return next(2) == 0 ? "pdit:finish()" : "pdit:cancel()"
        case 31: return "\(o).\(pick(["viewWillAppear", "viewDidLoad", "didMove", "layoutSubviews", "loadView", "viewIsAppearing"])) = function(self) \(statement()) end"
        case 32: return "ui.memoryWarning()"
        // Sub-objects kept across steps, their owners dropped, then used.
        case 33, 34, 35: return "\(slot()) = \(o).\(pick(Self.parts))"
        case 36, 37: return pick(Self.renewals)
        case 38: return "\(slot()).\(pick(["title", "badgeValue", "backButtonTitle"])) = \(string())"
        case 39: return "\(slot()):sendActions('touchUpInside')"
        case 40: return "\(slot()).items = { ui.TabBarItem{ title = 'x' } }"
        case 41: return "\(slot()):\(pick(["completeTransition(true)", "completeTransition(false)", "animate(function() end)", "reloadData()", "layoutIfNeeded()", "cellForRow(1)", "presentedView()", "frameOfPresentedViewInContainerView()"]))"
        case 42: return "\(slot()).\(pick(["hidesBackButton = true", "selectedItem = ui.TabBarItem{}", "rightBarButtonItems = {}", "rowHeight = 0.5", "contentOffset = { 0, 100 }", "isPagingEnabled = true"]))"
        case 43: return "local k = \(slot()); print(k and (k.title or k.name or k.appearanceState or k.isAnimated or k.transitionWasCancelled))"
        case 44: return "\(slot()) = nil"
        // Page and split view controllers, presentation controllers, interactive transitions.
        case 45: return "pvc:setViewControllers({ \(o) }, \(pick(["'forward'", "'reverse'", "nil"])), \(next(2) == 0), function(done) \(statement()) end)"
        case 46: return "ui.pan{ view = pvc.view, from = { 300, 300 }, to = { \(pick(["20", "200", "380"])), 300 }, steps = \(1 + next(4)), release = \(next(2) == 0) }"
        case 47: return "svc:setViewController(\(o), \(pick(["'primary'", "'supplementary'", "'secondary'", "'compact'"])))"
        case 48: return "svc.preferredDisplayMode = \(pick(["'automatic'", "'secondaryOnly'", "'oneBesideSecondary'", "'oneOverSecondary'", "'twoBesideSecondary'"]))"
        case 49: return "svc:\(pick(["show", "hide"]))(\(pick(["'primary'", "'supplementary'", "'secondary'"])))"
        case 50: return "\(o).transitioningDelegate = presenting"
        case 51: return "nav.delegate = { animationController = function() return anim end, interactionController = function() return \(pick(["pdit", "nil"])) end }"
        case 52: return "tbc.delegate = { animationController = function() return anim end, interactionController = function() return pdit end }"
        case 53: return "ui.pan{ from = { 1, 300 }, to = { \(pick(["60", "250"])), 300 }, steps = \(1 + next(4)), release = \(next(2) == 0) }"
        case 54: return "\(o).definesPresentationContext = \(next(2) == 0)"
        case 55: return "local t = \(slot()); if t and t.move then t:move({ \(number()), \(number()) }) elseif t and t.lift then t:lift() end"
        case 56: return "ui.snapshot{ view = \(o), overlays = { 'controllers' } }"
        default: return "collectgarbage()"
        }
    }

    /// The world every program starts from.
    static let prologue = [
        "vcs = { ui.ViewController{ name = 'a', title = 'Red' }, ui.ViewController{ name = 'b' }, ui.ViewController{ name = 'c' }, ui.ViewController{ name = 'd' } }",
        "nav = ui.NavigationController{ name = 'n', root = ui.ViewController{ name = 'root' } }",
        "tbc = ui.TabBarController{ name = 't' }",
        "views = { ui.View{ name = 'v1' }, ui.Button{ name = 'v2', title = 'More' }, ui.ScrollView{ name = 'v3', contentSize = { 900, 900 } } }",
        "pdit = ui.PercentDrivenInteractiveTransition()",
        "tbl = ui.TableView{ rows = { 'one', 'two' }, frame = { 0, 0, 300, 200 } }",
        // An animator and a rotation hook that keep their context and coordinator.
        "anim = { transitionDuration = 0.2, animateTransition = function(ctx) keep[4] = ctx; ui.after(0.1, function() ctx:completeTransition(true) end) end }",
        "keep = {}",
        "pages = { viewControllerAfter = function(p, vc) return vcs[1 + (#keep % 4)] end, viewControllerBefore = function(p, vc) return keep[1] end }",
        "pvc = ui.PageViewController{ name = 'p', dataSource = pages }",
        "svc = ui.SplitViewController{ name = 's' }",
        "presenting = { animationControllerForPresented = function() return anim end, animationControllerForDismissed = function() return anim end, interactionControllerForPresentation = function() return keep[1] and pdit end, presentationController = function(presented, presenter, source) return ui.PresentationController{ name = 'pc', frameOfPresentedViewInContainerView = function(self) return { 0, 100, 200, 200 } end } end }",
        "vcs[3].viewWillTransition = function(self, size, coordinator) keep[3] = coordinator end",
        "ui.window.rootViewController = vcs[1]; ui.window:makeKeyAndVisible()",
    ]

    mutating func program() -> String {
        var lines = Self.prologue
        while i < bytes.count && lines.count < 80 {
            lines.append("pcall(function() \(statement()) end)")
            // A collection may come between any two steps.
            if next(3) == 0 { lines.append("collectgarbage()") }
        }
        lines.append("ui.settle(); ui.printHierarchy(); ui.printViews()")
        return lines.joined(separator: "\n")
    }

    /// Values a test may raise: every type, with and without a level, and __tostring
    /// methods that misbehave (nestbox test names the user's file:line whatever it is).
    static let raised = ["{}", "nil", "42", "false", "coroutine.create(function() end)", "print", "ui.View{}", "'x', 2",
                         "'x', 0", "setmetatable({}, { __tostring = function() return {} end })",
                         "setmetatable({}, { __tostring = function() coroutine.yield() end })",
                         "setmetatable({}, { __tostring = function() error('inner') end })", "vcs[1]", "'line\\nbreak\\27['"]

    mutating func specStep() -> String {
        switch next(8) {
        case 0: return "error(\(pick(Self.raised)))"
        case 1: return "check(\(next(2) == 0), \(pick(Self.raised + ["'m'"])))"
        case 2: return "expect_golden('g')"
        case 3: return "assert(\(pick(["false", "nil", "1"])), \(pick(Self.raised)))"
        default: return "pcall(function() \(statement()) end)"
        }
    }

    mutating func body() -> String {
        var steps: [String] = []
        for _ in 0..<(1 + next(4)) { steps.append(specStep()) }
        return "function() " + steps.joined(separator: "; ") + " end"
    }

    mutating func block(depth: Int) -> [String] {
        var lines: [String] = []
        var n = 0
        while i < bytes.count && n < 6 {
            n += 1
            let name = pick(["'t'", "'name\\nwith a newline'", "'ok 99 - injected'", "'#x'", "'\\0nul'"])
            switch next(7) {
            case 0 where depth < 3: lines += ["describe(\(name), function()"] + block(depth: depth + 1) + ["end)"]
            case 1: lines.append("before_each(\(body()))")
            case 2: lines.append("after_each(\(body()))")
            case 3: lines.append("pending(\(name))")
            default: lines.append("it(\(name), \(body()))")
            }
        }
        return lines
    }

    /// A spec file: the prologue's world at load, then blocks, hooks and tests.
    mutating func spec() -> String {
        (Self.prologue + block(depth: 0)).joined(separator: "\n")
    }
}
