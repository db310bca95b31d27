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
                guard let v = try viewToTap(titled: title, in: sim.window) else {
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
        LuaMethod("tapTargets", "() -> {view: View, x: number, y: number}[]",
                  doc: "What a tap could reach now, frontmost first: each enabled button, tab bar button, table cell and view with an enabled tap recognizer whose center `ui.tap` would reach, with that center in window points (at most 1,000).") { a in
            let targets = a.rt.simulation.tapTargets()
            a.L.newTable(array: Int32(targets.count))
            for (k, t) in targets.enumerated() {
                a.L.newTable(hash: 3)
                a.rt.push(t.view)
                a.L.setRawField(-2, "view")
                a.L.push(t.point.x)
                a.L.setRawField(-2, "x")
                a.L.push(t.point.y)
                a.L.setRawField(-2, "y")
                lua_rawseti(a.L, -2, lua_Integer(k + 1))
            }
            return 1
        },
        LuaMethod("pan", "(spec: {view: View?, from: Point, to: Point, steps: integer?, duration: number?, release: boolean?}) -> Touch?",
                  doc: "Drags a finger from `from` to `to` (in `view`'s coordinates, default the window's) in `steps` moves (10) over `duration` (0.25 s); with `release = false` returns the Touch still down.") { a in
            try a.table(1)
            try a.checkKeys(1, ["view", "from", "to", "steps", "duration", "release"])
            let L = a.L
            L.rawField(1, "view")
            let view = try a.optionalObject(L.top, View.self, "View")
            L.pop()
            // Each field's error names it, as `steps`' does (the table is argument 1).
            func point(_ name: String) throws -> Point {
                L.rawField(1, name)
                defer { L.pop() }
                do { return try a.point(L.top) } catch LuaFailure.argument(_, let message) {
                    throw LuaFailure.argument(1, "field '\(name)': \(message)")
                }
            }
            var from = try point("from"), to = try point("to")
            if let view { from = view.convert(from, to: nil); to = view.convert(to, to: nil) }
            let (steps, duration) = try TouchBinding.motion(a, 1)
            let kind = L.rawField(1, "release")
            let release = kind == LUA_TNIL ? true : L.bool(at: -1)
            L.pop()
            guard kind == LUA_TNIL || kind == LUA_TBOOLEAN else { throw LuaFailure.argument(1, "field 'release' must be a boolean") }
            // Q21: one finger at a time; a second pan would need the first one lifted.
            if let held = a.rt.simulation.heldTouch, held.isActive {
                throw LuaFailure.message("ui.pan: a finger is still down from an earlier ui.pan{ release = false }; call its release() or cancel() first")
            }
            let touch = a.rt.simulation.pan(from: from, to: to, steps: steps, duration: duration, release: release)
            touch?.coordinateSpace = view
            a.rt.push(touch)
            return 1
        },
        LuaMethod("scroll", "(scrollView: ScrollView, offset: Point)", doc: "Scrolls to `offset` as a finger would, telling the delegate.") { a in
            let s = try a.object(1, ScrollView.self, "ScrollView")
            a.rt.simulation.scroll(s, to: try a.point(2))
            return 0
        },
        LuaMethod("rotate", "(orientation: string)",
                  doc: "Rotates the device: `portrait`, `landscapeLeft`, `landscapeRight` or `portraitUpsideDown`.") { a in
            let name = try a.string(1)
            // A script's typo is a bad argument, like setDevice's; UIKit has no exception here.
            guard Simulation.orientations.contains(name) else {
                throw LuaFailure.argument(1, "unknown orientation '\(name)' (\(Simulation.orientations.joined(separator: ", ")))")
            }
            try a.rt.simulation.rotate(to: name)
            return 0
        },
        LuaMethod("setDevice", "(name: string)", doc: "Switches to the named device (its size, scale, idiom and safe area).") { a in
            let name = try a.string(1)
            guard let d = Device.named(name) else {
                throw LuaFailure.argument(1, "unknown device '\(name)' (\(Device.choices))")
            }
            try a.rt.simulation.setDevice(d)
            return 0
        },
        LuaMethod("setLayoutDirection", "(direction: string)",
                  doc: "`leftToRight` or `rightToLeft`: the traits' layout direction, as a change of language sets it; the containers mirror (Q74).") { a in
            let direction = try a.string(1)
            guard Simulation.layoutDirections.contains(direction) else {
                throw LuaFailure.argument(1, "unknown layout direction '\(direction)' (leftToRight, rightToLeft)")
            }
            try a.rt.simulation.setLayoutDirection(direction)
            return 0
        },
        LuaMethod("memoryWarning", "()", doc: "Sends `didReceiveMemoryWarning` to the window's controllers, parent first.") { a in a.rt.simulation.memoryWarning(); return 0 },
        LuaMethod("beginIgnoringInteractionEvents", "()", doc: "Stops taps and pans from reaching views (nested).") { a in a.rt.simulation.beginIgnoringInteractionEvents(); return 0 },
        LuaMethod("endIgnoringInteractionEvents", "()", doc: "Ends one `beginIgnoringInteractionEvents`.") { a in
            a.rt.simulation.endIgnoringInteractionEvents(); return 0
        },
    ])

    /// The view a tap on `title` means: among the visible buttons and labels with that
    /// title or text, those a tap at their centre reaches (the view hit, or a view that
    /// contains it or that it contains, as a label inside its button). Two that reach
    /// different views are an error listing both (Q20): a silent pick would tap the wrong
    /// control. When none is reachable, the frontmost match is tapped as before, and the
    /// tap lands on what covers it.
    static func viewToTap(titled title: String, in window: Window) throws -> View? {
        var found: [View] = []
        var pending: [View] = [window]
        while let v = pending.popLast() {
            guard !v.isHidden, v.alpha >= 0.01 else { continue }
            if let b = v as? Button, b.title == title { found.append(v) }
            if let l = v as? Label, l.text == title { found.append(v) }
            pending.append(contentsOf: v.subviews.reversed())
        }
        var targets: [(view: View, reached: View)] = []
        for v in found {
            let centre = v.convert(Point(x: v.bounds.midX, y: v.bounds.midY), to: nil)
            guard let hit = window.hitTest(centre), hit === v || hit.isDescendant(of: v) || v.isDescendant(of: hit) else { continue }
            if !targets.contains(where: { $0.reached === hit }) { targets.append((v, hit)) }
        }
        if targets.count > 1 {
            let list = targets.map(\.view.objectDescription).joined(separator: ", ")
            throw LuaFailure.message("ui.tap: \(targets.count) views titled '\(title)' can be tapped: \(list); pass the view itself")
        }
        return targets.first?.view ?? found.last
    }
}
