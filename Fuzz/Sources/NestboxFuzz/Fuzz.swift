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

    static let objects = ["vcs[1]", "vcs[2]", "vcs[3]", "vcs[4]", "nav", "tbc", "views[1]", "views[2]", "views[3]",
                          "ui.window", "nil", "pdit"]
    static let numbers = ["0", "1", "0.3", "-1", "1e9", "0/0", "1/0", "2", "3"]
    static let strings = ["'Red'", "'More'", "'landscapeLeft'", "'iPad'", "'x'", "''", "'fullScreen'", "'custom'"]

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

    mutating func statement() -> String {
        let o = object(), p = object()
        switch next(34) {
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
        case 31: return "\(o).\(["viewWillAppear", "viewDidLoad", "didMove", "layoutSubviews", "loadView"][next(5)]) = function(self) \(statement()) end"
        case 32: return "ui.memoryWarning()"
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
            "ui.window.rootViewController = vcs[1]; ui.window:makeKeyAndVisible()",
        ]
        while i < bytes.count && lines.count < 80 {
            lines.append("pcall(function() \(statement()) end)")
        }
        lines.append("ui.settle(); ui.printHierarchy(); ui.printViews()")
        return lines.joined(separator: "\n")
    }
}
