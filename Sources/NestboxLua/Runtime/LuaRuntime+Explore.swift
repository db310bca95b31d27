import CLua
import CLuaShim
import Containment

/// One input `nestbox explore` makes (docs/explore.md), made as a script makes it: through
/// `ui`'s own function, called from Lua's side of the stack, so an error in a hook it
/// reaches is reported exactly as in `nestbox run`. `lua` is that call as a line of Lua:
/// what the repro writes, so the repro and the explorer cannot drift apart.
public enum ScriptedInput: Equatable, Sendable {
    case advance(Double)
    case settle
    case tap(Point)
    /// A finger dragged in window points over `duration` seconds (`ui.pan`'s 10 moves).
    case pan(from: Point, to: Point, duration: Double)
    case rotate(String)
    case memoryWarning
    case action(String)

    public var lua: String {
        switch self {
        case .advance(let s): "ui.advance(\(Self.number(s)))"
        case .settle: "ui.settle()"
        case .tap(let p): "ui.tap(\(Self.point(p)))"
        case .pan(let from, let to, let duration):
            "ui.pan({ from = \(Self.point(from)), to = \(Self.point(to)), duration = \(Self.number(duration)) })"
        case .rotate(let name): "ui.rotate(\(Self.quoted(name)))"
        case .memoryWarning: "ui.memoryWarning()"
        case .action(let name): "ui.fireAction(\(Self.quoted(name)))"
        }
    }

    /// The shortest text Lua reads back as the same double (Swift's `description`,
    /// without a trailing ".0"): a repro replays the explorer's exact instants.
    public static func number(_ v: Double) -> String {
        let s = "\(v)"
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }

    static func point(_ p: Point) -> String { "{ x = \(number(p.x)), y = \(number(p.y)) }" }

    /// A Lua string literal that reads back as `s` whatever bytes it holds.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20..<0x7f: out.unicodeScalars.append(UnicodeScalar(b))
            default: out += "\\" + String(b)
            }
        }
        return out + "\""
    }
}

extension LuaRuntime {
    /// Makes `input` by calling `ui`'s function for it; nil when the call returned, else
    /// the outcome a run would end with (a Lua error, a hook's error, a limit).
    public func perform(_ input: ScriptedInput) -> RunOutcome? {
        let top = L.top
        defer { L.settop(top) }
        let name: String
        switch input {
        case .advance: name = "advance"
        case .settle: name = "settle"
        case .tap: name = "tap"
        case .pan: name = "pan"
        case .rotate: name = "rotate"
        case .memoryWarning: name = "memoryWarning"
        case .action: name = "fireAction"
        }
        // `ui`'s own function (a script may have replaced the global `ui`, not this table).
        lua_rawgeti(L, nb_registryindex(), lua_Integer(uiRef))
        L.push(name)
        lua_rawget(L, -2)
        lua_rotate(L, -2, 1)
        L.pop()
        guard L.type(-1) == LUA_TFUNCTION else { return .scriptError(message: "ui.\(name) is missing", traceback: "") }
        var nargs: Int32 = 1
        switch input {
        case .advance(let s): L.push(s)
        case .tap(let p): pushPoint(p)
        case .pan(let from, let to, let duration):
            L.newTable(hash: 3)
            pushPoint(from); L.setRawField(-2, "from")
            pushPoint(to); L.setRawField(-2, "to")
            L.push(duration); L.setRawField(-2, "duration")
        case .rotate(let o): L.push(o)
        case .action(let a): L.push(a)
        case .settle, .memoryWarning: nargs = 0
        }
        return call(nargs: nargs)
    }

    private func pushPoint(_ p: Point) {
        L.newTable(hash: 2)
        L.push(p.x); L.setRawField(-2, "x")
        L.push(p.y); L.setRawField(-2, "y")
    }
}
