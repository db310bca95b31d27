import CLua
import CLuaShim
import Containment

/// Input from scripts: `ui.tap`, `ui.pan`, `ui.scroll`, `ui.rotate`, `ui.setDevice`,
/// `ui.memoryWarning`, ignoring interaction (README.md, The Lua API).
enum InputFunctions {
    static let namespace = LuaNamespace(path: "ui", doc: "Input and device events.", functions: [
        LuaMethod("tap", "(target: View|Point|string) -> View?",
                  doc: "Taps a view's center, a window point, or the frontmost visible view with that title; returns the view that handled it.") { a in
            let sim = a.rt.simulation
            let target: TapTarget
            if let title = a.L.string(at: 1) {
                guard let v = visibleView(titled: title, in: sim.window) else {
                    throw LuaFailure.message("ui.tap: no visible view titled '\(title)'")
                }
                target = .view(v)
            } else if nb_toobject(a.L, 1) != nil {
                target = .view(try ViewBinding.check(a, 1))
            } else if a.L.type(1) == LUA_TTABLE {
                target = .point(try a.point(1))
            } else {
                throw LuaFailure.typeError(1, expected: "view, point or title", got: a.L.typeName(at: 1))
            }
            a.rt.push(sim.tap(target))
            return 1
        },
        LuaMethod("pan", "(spec: {view: View?, from: Point, to: Point, steps: integer?, duration: number?, release: boolean?})",
                  doc: "Drags a finger from `from` to `to` (in `view`'s coordinates, default the window's) in `steps` moves (10) over `duration` (0.25 s).") { a in
            try a.table(1)
            let L = a.L
            L.rawField(1, "view")
            let view = try a.optionalObject(L.top, View.self, "View")
            L.pop()
            L.rawField(1, "from"); var from = try a.point(L.top); L.pop()
            L.rawField(1, "to"); var to = try a.point(L.top); L.pop()
            if let view { from = view.convert(from, to: nil); to = view.convert(to, to: nil) }
            L.rawField(1, "steps")
            let steps = L.number(at: -1) ?? 10
            L.pop()
            guard steps >= 1, steps <= 10_000, steps == steps.rounded() else { throw LuaFailure.argument(1, "field 'steps' must be an integer from 1 to 10000") }
            L.rawField(1, "duration")
            let duration = L.number(at: -1) ?? 0.25
            L.pop()
            guard duration.isFinite, duration >= 0 else { throw LuaFailure.argument(1, "field 'duration' must be a finite number >= 0") }
            let release = L.rawField(1, "release") == LUA_TNIL ? true : L.bool(at: -1)
            L.pop()
            a.rt.simulation.pan(from: from, to: to, steps: Int(steps), duration: duration, release: release)
            return 0
        },
        LuaMethod("scroll", "(scrollView: ScrollView, offset: Point)", doc: "Scrolls to `offset` as a finger would, telling the delegate.") { a in
            let s = try a.object(1, ScrollView.self, "ScrollView")
            a.rt.simulation.scroll(s, to: try a.point(2))
            return 0
        },
        LuaMethod("rotate", "(orientation: string)",
                  doc: "Rotates the device: `portrait`, `landscapeLeft`, `landscapeRight` or `portraitUpsideDown`.") { a in
            try a.rt.simulation.rotate(to: try a.string(1)); return 0
        },
        LuaMethod("setDevice", "(name: string)", doc: "Switches to the named device (its size, scale, idiom and safe area).") { a in
            let name = try a.string(1)
            guard let d = Device.named(name) else {
                throw LuaFailure.argument(1, "unknown device '\(name)' (\(Device.all.map(\.name).joined(separator: ", ")))")
            }
            a.rt.simulation.setDevice(d)
            return 0
        },
        LuaMethod("memoryWarning", "()", doc: "Sends `didReceiveMemoryWarning` to the window's controllers, parent first.") { a in a.rt.simulation.memoryWarning(); return 0 },
        LuaMethod("beginIgnoringInteractionEvents", "()", doc: "Stops taps and pans from reaching views (nested).") { a in a.rt.simulation.beginIgnoringInteractionEvents(); return 0 },
        LuaMethod("endIgnoringInteractionEvents", "()", doc: "Ends one `beginIgnoringInteractionEvents`.") { a in
            a.rt.simulation.endIgnoringInteractionEvents(); return 0
        },
    ])

    /// The frontmost reachable view whose title or text is `title`.
    static func visibleView(titled title: String, in window: Window) -> View? {
        var found: View?
        func visit(_ v: View) {
            guard !v.isHidden, v.alpha >= 0.01 else { return }
            if let b = v as? Button, b.title == title { found = v }
            if let l = v as? Label, l.text == title { found = v }
            for s in v.subviews { visit(s) }
        }
        visit(window)
        return found
    }
}
