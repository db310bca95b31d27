import NestboxFiles
import CLua
import CLuaShim
import Containment
import Rendering

/// `ui.snapshot`: a picture of the screen or of one view, written to a file (README.md,
/// Pictures). The one `ui` function that writes a file, so it writes only where policy
/// Q32 allows.
enum SnapshotFunctions {
    static let namespace = LuaNamespace(path: "ui", doc: "Pictures of the screen.", functions: [
        LuaMethod("snapshot", "(spec: {path: string, view: View?, scale: number?, overlays: string[]?, highlight: ViewController?})",
                  doc: "Writes a picture (.svg or .png, a relative path) of the screen or of `view`, with optional overlays (`controllers`, `safeArea`, `names`).") { a in
            try a.table(1)
            try a.checkKeys(1, ["path", "view", "scale", "overlays", "highlight"])
            let L = a.L
            L.rawField(1, "path")
            guard let path = L.type(-1) == LUA_TSTRING ? L.string(at: -1) : nil else {
                throw LuaFailure.argument(1, "path must be a string, got \(L.typeName(at: -1))")
            }
            L.pop()
            guard let format = PictureFormat(path: path), isAllowed(path) else {
                throw LuaFailure.argument(1, "path must be a relative path ending in .svg or .png, without '..' (got '\(path)')")
            }
            let view = try field(a, "view", View.self, "View")
            let highlight = try field(a, "highlight", ViewController.self, "ViewController")
            L.rawField(1, "scale")
            let scale = try a.optionalNumber(L.top) ?? 1
            L.pop()
            guard scale > 0, scale <= 16 else { throw LuaFailure.argument(1, "scale must be a number above 0 and at most 16") }
            var overlays: Overlays = []
            if L.rawField(1, "overlays") != LUA_TNIL {
                guard L.type(-1) == LUA_TTABLE else { throw LuaFailure.argument(1, "overlays must be a list of names") }
                var words: [String] = []
                for k in 0..<min(Int(lua_rawlen(L, -1)), 16) {
                    lua_rawgeti(L, -1, lua_Integer(k + 1))
                    defer { L.pop() }
                    guard L.type(-1) == LUA_TSTRING, let w = L.string(at: -1) else {
                        throw LuaFailure.argument(1, "overlays must be a list of names")
                    }
                    words.append(w)
                }
                switch Overlays.parse(words) {
                case .success(let o): overlays = o
                case .failure(let e): throw LuaFailure.argument(1, e.description)
                }
            }
            L.pop()
            let sim = a.rt.simulation
            let renderer = Renderer(overlays: overlays, highlight: highlight)
            // Cut short by a run limit: nothing written; the limit's hook raises on return.
            guard let picture = view.map(renderer.render) ?? renderer.render(sim) else { return 0 }
            let bytes: [UInt8]
            switch format.encode(picture, scale: scale, interrupted: sim.isInterrupted) {
            case .success(let b): bytes = b
            case .failure where sim.isInterrupted(): return 0
            case .failure(let e): throw LuaFailure.message("ui.snapshot: cannot draw \(path): \(e)")
            }
            if let failure = writeFile(bytes, beneath: a.rt.pictureDirectory, path: path) {
                throw LuaFailure.message("ui.snapshot: cannot write \(path): \(failure)")
            }
            return 0
        },
    ])

    /// An object in the options table, named in the error as the field it is.
    static func field<T: SimObject>(_ a: Args, _ name: StaticString, _ type: T.Type, _ expected: String) throws -> T? {
        a.L.rawField(1, name)
        defer { a.L.pop() }
        do {
            return try a.optionalObject(a.L.top, type, expected)
        } catch {
            throw LuaFailure.argument(1, "\(name) must be a \(expected), got \(a.L.typeName(at: -1))")
        }
    }

    /// Policy Q32: a script writes pictures below the current directory only, never
    /// through `..`, and only files named as pictures (so never a script or module).
    static func isAllowed(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.utf8.contains(0)
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
