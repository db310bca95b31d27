import Foundation
import NestboxLua

/// libFuzzer's entry: the bytes choose a program from a grammar of API calls (so the
/// fuzzer explores containment, not Lua's parser), which runs under limits. Any Lua
/// error is fine; a crash, a trap or a sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var grammar = Grammar(bytes: UnsafeBufferPointer(start: data, count: size))
    var program = grammar.program()
    // To minimise a finding by hand: run a script file in the harness's conditions.
    if let path = ProcessInfo.processInfo.environment["NESTBOX_FUZZ_SCRIPT"],
       let text = try? String(contentsOfFile: path, encoding: .utf8) { program = text }
    // To turn a finding into a corpus script: NESTBOX_FUZZ_PRINT=1 NestboxFuzz ARTIFACT
    if ProcessInfo.processInfo.environment["NESTBOX_FUZZ_PRINT"] != nil { FileHandle.standardError.write(Data((program + "\n").utf8)) }
    guard let rt = try? LuaRuntime(memoryLimit: 64 * 1024 * 1024) else { return 0 }
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
    return 0
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

    // Kept sub-objects (`keep[k]`) outlive whatever owned them: their owners are
    // replaced by `renew` statements and collected between steps (docs/development.md, Lifetimes).
    static let objects = ["vcs[1]", "vcs[2]", "vcs[3]", "vcs[4]", "nav", "tbc", "views[1]", "views[2]", "views[3]",
                          "ui.window", "nil", "pdit", "tbl", "keep[1]", "keep[2]", "keep[3]", "keep[4]"]
    static let numbers = ["0", "1", "0.3", "-1", "1e9", "0/0", "1/0", "2", "3"]
    static let strings = ["'Red'", "'More'", "'landscapeLeft'", "'iPad'", "'x'", "''", "'fullScreen'", "'custom'"]
    /// Sub-objects a script can hold on to.
    static let parts = ["navigationItem", "tabBarItem", "tabBar", "navigationBar", "navigationBar.subviews[1]",
                        "navigationBar.subviews[2]", "tabBar.subviews[1]", "tabBar.subviews[2]", "view",
                        "view.subviews[1]", "moreNavigationController", "moreNavigationController.viewControllers[1]",
                        "tabBar.items[1]", "navigationItem.rightBarButtonItems[1]", "presentedViewController",
                        "viewControllers[1]", "parent", "view.gestureRecognizers"]
    /// Fresh owners: the old value of the variable becomes garbage.
    static let renewals = [
        "vcs[1 + (#keep % 4)] = ui.ViewController{ title = 'Red' }",
        "nav = ui.NavigationController{ root = ui.ViewController{ title = 'Root' } }; nav:pushViewController(ui.ViewController{ title = 'Top' }, false)",
        "tbc = ui.TabBarController{ viewControllers = { ui.ViewController{ title = 'A' }, ui.ViewController{ title = 'B' }, ui.ViewController{}, ui.ViewController{}, ui.ViewController{}, ui.ViewController{}, ui.ViewController{} } }",
        "tbl = ui.TableView{ rows = { 'one', 'two', 'three' }, frame = { 0, 0, 300, 200 } }",
        "views[1 + (#keep % 3)] = ui.View{}",
        "vcs[1].navigationItem.rightBarButtonItems = { ui.BarButtonItem{ title = 'Edit', action = function() end } }",
        "vcs[2] = ui.ViewController{ modalPresentationStyle = 'custom', transitioningDelegate = { animationControllerForPresented = function() return anim end, animationControllerForDismissed = function() return anim end } }",
    ]

    mutating func object() -> String { Self.objects[next(Self.objects.count)] }
    mutating func number() -> String { Self.numbers[next(Self.numbers.count)] }
    mutating func value() -> String {
        switch next(4) {
        case 0: return object()
        case 1: return number()
        case 2: return Self.strings[next(Self.strings.count)]
        default: return "{ \(number()), \(number()), \(number()), \(number()) }"
        }
    }
    mutating func slot() -> String { "keep[\(1 + next(4))]" }

    mutating func statement() -> String {
        let o = object(), p = object()
        switch next(46) {
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
        case 24: return "ui.rotate(\(Self.strings[next(Self.strings.count)]))"
        case 25: return "ui.setDevice(\(Self.strings[next(Self.strings.count)]))"
        case 26: return "\(o).frame = \(value())"
        case 27: return "ui.animate{ duration = \(number()), animations = function() \(o).frame = \(value()) end }"
        case 28: return "\(o).modalPresentationStyle = \(Self.strings[next(Self.strings.count)])"
        case 29: return "pdit:update(\(number()))"
        case 30: return next(2) == 0 ? "pdit:finish()" : "pdit:cancel()"
        case 31: return "\(o).\(["viewWillAppear", "viewDidLoad", "didMove", "layoutSubviews", "loadView", "viewIsAppearing"][next(6)]) = function(self) \(statement()) end"
        case 32: return "ui.memoryWarning()"
        // Sub-objects kept across steps, their owners dropped, then used.
        case 33, 34, 35: return "\(slot()) = \(o).\(Self.parts[next(Self.parts.count)])"
        case 36, 37: return Self.renewals[next(Self.renewals.count)]
        case 38: return "\(slot()).\(["title", "badgeValue", "backButtonTitle"][next(3)]) = \(Self.strings[next(Self.strings.count)])"
        case 39: return "\(slot()):sendActions('touchUpInside')"
        case 40: return "\(slot()).items = { ui.TabBarItem{ title = 'x' } }"
        case 41: return "\(slot()):\(["completeTransition(true)", "completeTransition(false)", "animate(function() end)", "reloadData()", "layoutIfNeeded()", "cellForRow(1)"][next(6)])"
        case 42: return "\(slot()).\(["hidesBackButton = true", "selectedItem = ui.TabBarItem{}", "rightBarButtonItems = {}", "rowHeight = 0.5"][next(4)])"
        case 43: return "local k = \(slot()); print(k and (k.title or k.name or k.appearanceState or k.isAnimated or k.transitionWasCancelled))"
        case 44: return "\(slot()) = nil"
        default: return "collectgarbage()"
        }
    }

    mutating func program() -> String {
        var lines = [
            "vcs = { ui.ViewController{ name = 'a', title = 'Red' }, ui.ViewController{ name = 'b' }, ui.ViewController{ name = 'c' }, ui.ViewController{ name = 'd' } }",
            "nav = ui.NavigationController{ name = 'n', root = ui.ViewController{ name = 'root' } }",
            "tbc = ui.TabBarController{ name = 't' }",
            "views = { ui.View{ name = 'v1' }, ui.Button{ name = 'v2', title = 'More' }, ui.ScrollView{ name = 'v3' } }",
            "pdit = ui.PercentDrivenInteractiveTransition()",
            "tbl = ui.TableView{ rows = { 'one', 'two' }, frame = { 0, 0, 300, 200 } }",
            // An animator and a rotation hook that keep their context and coordinator.
            "anim = { transitionDuration = 0.2, animateTransition = function(ctx) keep[4] = ctx; ui.after(0.1, function() ctx:completeTransition(true) end) end }",
            "keep = {}",
            "vcs[3].viewWillTransition = function(self, size, coordinator) keep[3] = coordinator end",
            "ui.window.rootViewController = vcs[1]; ui.window:makeKeyAndVisible()",
        ]
        while i < bytes.count && lines.count < 80 {
            lines.append("pcall(function() \(statement()) end)")
            // A collection may come between any two steps.
            if next(3) == 0 { lines.append("collectgarbage()") }
        }
        lines.append("ui.settle(); ui.printHierarchy(); ui.printViews()")
        return lines.joined(separator: "\n")
    }
}
