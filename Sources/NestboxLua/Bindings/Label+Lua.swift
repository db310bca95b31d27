import CLua
import Containment

/// `ui.Label{ text, font = {size, weight}, textAlignment, textColor }`
enum LabelBinding {
    static func label(_ c: PropertyContext) throws -> Label {
        return try c.receiver(Label.self)
    }

    /// UIFont.Weight's and NSTextAlignment's names: closed sets, so a misspelt one is an error.
    static let weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
    static let alignments = ["natural", "left", "center", "right", "justified"]

    static let properties: [LuaProperty] = [
        LuaProperty("text", "string?", doc: "The text.",
                    get: { c in c.L.push(try label(c).text); return 1 },
                    set: { c, i in let o = try label(c); o.text = o.hold(try c.args.optionalString(i), replacing: o.text) }),
        LuaProperty("font", "{size: number, weight: string}", doc: "The font: a positive size and a weight name.",
                    get: { c in
            let l = try label(c)
            c.L.newTable(hash: 2)
            c.L.push(l.fontSize); c.L.setRawField(-2, "size")
            c.L.push(l.fontWeight); c.L.setRawField(-2, "weight")
            return 1
        }, set: { c, i in
            let l = try label(c)
            try c.args.table(i)
            if c.L.rawField(i, "size") != LUA_TNIL {
                guard let n = c.L.number(at: -1), n.isFinite, n > 0 else { throw LuaFailure.argument(i, "font size must be a positive number") }
                l.fontSize = n
            }
            c.L.pop()
            if c.L.rawField(i, "weight") != LUA_TNIL {
                guard let w = c.L.string(at: -1) else { throw LuaFailure.argument(i, "font weight must be a string") }
                guard Self.weights.contains(w) else {
                    throw LuaFailure.argument(i, "unknown font weight '\(w.prefix(80))' (\(Self.weights.joined(separator: ", ")))")
                }
                l.fontWeight = l.hold(w, replacing: l.fontWeight)
            }
            c.L.pop()
        }),
        LuaProperty("textAlignment", "string", doc: "NSTextAlignment's name: `natural` (default), `left`, `center`, `right` or `justified`.",
                    get: { c in c.L.push(try label(c).textAlignment); return 1 },
                    set: { c, i in
                        let o = try label(c)
                        o.textAlignment = o.hold(try c.args.name(i, in: alignments, "text alignment"), replacing: o.textAlignment)
                    }),
        LuaProperty("textColor", "string?", doc: "A color name.",
                    get: { c in c.L.push(try label(c).textColor); return 1 },
                    set: { c, i in let o = try label(c); o.textColor = o.hold(try c.args.colour(i), replacing: o.textColor) }),
    ]

    static let binding = LuaBinding(
        "Label", Label.self, doc: "A view showing text; `ui.tap(\"text\")` finds it.", properties: properties,
        make: { rt, className, name in Label(simulation: rt.simulation, className: className, name: name) })
}
