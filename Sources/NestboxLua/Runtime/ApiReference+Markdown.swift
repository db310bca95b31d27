import Containment

/// docs/api.md, rendered from the registry (ApiReferenceTests fails when the file is
/// stale; `NESTBOX_RECORD=1 swift test --filter ApiReference` rewrites it).
package enum ApiReference {
    package static func markdown() -> String {
        var out = """
            # The Lua API

            Generated from the binding registry (`LuaTypes` in `Sources/NestboxLua/Bindings`) by
            `ApiReference.markdown()`; do not edit it by hand. `ApiReferenceTests` fails when it
            is stale, and `NESTBOX_RECORD=1 swift test --filter ApiReference` rewrites it.
            [extending.md](extending.md) says how to add a bound type.

            Types are spelled as the Lua Language Server spells them: `T?` may be nil (an
            optional argument may be left out), `T[]` is a list, `A|B` either, `fun(...)` a
            function, `{k: T}` a table with those fields. `Rect` is `{x, y, width, height}`
            (given by position or by name; read back with `minX maxX minY maxY midX midY`
            too), `Point` `{x, y}`, `Size` `{width, height}`, `Insets` `{top, left, bottom,
            right}`, `Transform` a `ui.Transform` table, `TraitCollection`
            `{horizontalSizeClass, verticalSizeClass, idiom, displayScale}`. Indices are 1-based.


            """
        out += "## Functions\n\n"
        for n in LuaTypes.namespaces where !n.isInternal {
            let title = n.path == "_G" ? "globals" : "`\(n.path)`"
            out += "### \(title): \(n.doc)\n\n"
            for f in n.functions {
                let path = n.path == "_G" ? f.name : "\(n.path).\(f.name)"
                out += "- `\(path)\(f.signature)`: \(f.doc)\n"
            }
            out += "\n"
        }
        out += "### `ui.Transform` and the sandbox's globals: \(Prelude.documented.doc)\n\n"
        for f in Prelude.documented.methods { out += "- `\(f.name)\(f.signature)`: \(f.doc)\n" }
        out += "\n## Classes\n\n"
        out += """
            Each constructible type `T` is a class: `ui.T{...}` makes an instance (keys that name
            a property set it, in the order listed under *constructor keys*; keys that name a
            hook install it; other keys become fields), and `ui.T:extend(name)` makes a
            subclass whose methods and hooks are its own. The classes in `ui` are read-only.
            A type inherits its parent's properties, methods and hooks. A subclass overrides
            the methods marked so, and reaches UIKit's implementation through the bound
            class: `ui.ViewController.present(self, vc, animated)` (api-conventions.md,
            Overrides). UIKit members not listed here are refused ([coverage.md](coverage.md)).


            """
        if let m = LuaTypes.namespaces.first(where: { $0.path.isEmpty }) {
            out += "The metamethods behind objects and classes:\n\n"
            for f in m.functions { out += "- `\(f.name)\(f.signature)`: \(f.doc)\n" }
            out += "\n"
        }
        out += "## Types\n\n"
        let t = LuaRuntime.tables
        for (i, b) in LuaTypes.all.enumerated() {
            out += "### \(b.name)\n\n\(b.doc)"
            if let p = t.parents[i] { out += " Inherits from [\(LuaTypes.all[p].name)](#\(LuaTypes.all[p].name.lowercased()))." }
            out += b.make != nil ? " Constructible: `ui.\(b.name){...}`." : " Not constructible."
            out += "\n\n"
            if b.make != nil {
                let keys = ["name"] + t.propertyIDs[i].filter { $0.0 != "name" && t.properties[$0.1].set != nil }.map(\.0)
                out += "Constructor keys: " + keys.map { "`\($0)`" }.joined(separator: ", ") + "; and hooks.\n\n"
            }
            if !b.properties.isEmpty {
                out += "| property | type | | |\n|---|---|---|---|\n"
                for p in b.properties {
                    // A `|` inside a table cell must be escaped, code spans included.
                    let type = "\(p.type)".replacing("|", with: "\\|")
                    out += "| `\(p.name)` | `\(type)` | \(p.set == nil ? "read-only" : "") | \("\(p.doc)".replacing("|", with: "\\|")) |\n"
                }
                out += "\n"
            }
            if !b.methods.isEmpty {
                out += "Methods:\n\n"
                for m in b.methods {
                    out += "- `\(b.name):\(m.name)\(m.signature)`: \(m.doc)\(m.overridable ? " A subclass may override it." : "")\n"
                }
                out += "\n"
            }
            if !b.hooks.isEmpty {
                out += "Hooks (functions a script defines, on a subclass or an instance):\n\n"
                for h in b.hooks { out += "- `\(b.name):\(h.name)\(h.signature)`: \(h.doc)\n" }
                out += "\n"
            }
            for d in b.delegates { out += protocolSection(d, level: "####") }
        }
        out += "## Tables scripts supply\n\n"
        for p in LuaTypes.protocols { out += protocolSection(p, level: "###") }
        return out.trimmingSuffixNewlines() + "\n"
    }

    static func protocolSection(_ p: LuaProtocol, level: String) -> String {
        var out = "\(level) \(p.name)\n\n\(p.doc)"
        if !p.field.isEmpty { out += " Set in `\(p.field)`." }
        out += " The host reads each function raw (not through a metatable).\n\n"
        for m in p.methods { out += "- `\(m.name)\(m.signature)`: \(m.doc)\n" }
        return out + "\n"
    }
}

extension String {
    fileprivate func trimmingSuffixNewlines() -> String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
