#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value an animation moves: the animatable properties of a view.
public enum AnimatableProperty: String, CaseIterable, Sendable {
    case center, bounds, transform, alpha, backgroundColor
}

/// Component vectors, so animations interpolate and add (UIKit's animations have been
/// additive since iOS 8) without caring what the value is.
struct AnimationValue: Equatable {
    var c: Components

    static func - (l: AnimationValue, r: AnimationValue) -> AnimationValue {
        AnimationValue(c: Components(storage: l.c.storage - r.c.storage, count: l.c.count))
    }
    static func + (l: AnimationValue, r: AnimationValue) -> AnimationValue {
        AnimationValue(c: Components(storage: l.c.storage + r.c.storage, count: l.c.count))
    }
    static func * (l: AnimationValue, k: Double) -> AnimationValue {
        AnimationValue(c: Components(storage: l.c.storage * k, count: l.c.count))
    }
}

/// Up to eight numbers held inline: a presentation value is computed per view per
/// 60 Hz frame, and heap arrays made that allocation-bound. Unused lanes stay 0.
struct Components: Equatable, RandomAccessCollection, ExpressibleByArrayLiteral {
    var storage: SIMD8<Double>
    let count: Int

    init(storage: SIMD8<Double>, count: Int) { self.storage = storage; self.count = count }
    init(arrayLiteral elements: Double...) {
        var s = SIMD8<Double>()
        for (i, e) in elements.prefix(8).enumerated() { s[i] = e }
        self.init(storage: s, count: Swift.min(8, elements.count))
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(i: Int) -> Double { storage[i] }
}

/// Colours as RGBA, for interpolation: "#RRGGBB", "#RRGGBBAA" or a few names.
public struct RGBA: Equatable, Sendable {
    public var r, g, b, a: Double

    /// The named colours: switches, not dictionaries, so nothing reference-counted is
    /// shared between the simulations of `nestbox test -j` (Q55).
    static func named(_ s: String) -> RGBA? {
        switch s {
        case "clear": RGBA(r: 0, g: 0, b: 0, a: 0)
        case "black": RGBA(r: 0, g: 0, b: 0, a: 1)
        case "white": RGBA(r: 1, g: 1, b: 1, a: 1)
        case "red": RGBA(r: 1, g: 0, b: 0, a: 1)
        case "green": RGBA(r: 0, g: 1, b: 0, a: 1)
        case "blue": RGBA(r: 0, g: 0, b: 1, a: 1)
        case "yellow": RGBA(r: 1, g: 1, b: 0, a: 1)
        case "orange": RGBA(r: 1, g: 0.5, b: 0, a: 1)
        case "purple": RGBA(r: 0.5, g: 0, b: 0.5, a: 1)
        case "gray": RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1)
        case "lightGray": RGBA(r: 2.0 / 3, g: 2.0 / 3, b: 2.0 / 3, a: 1)
        case "darkGray": RGBA(r: 1.0 / 3, g: 1.0 / 3, b: 1.0 / 3, a: 1)
        case "systemBackground": RGBA(r: 1, g: 1, b: 1, a: 1)
        case "cyan": RGBA(r: 0, g: 1, b: 1, a: 1)
        case "magenta": RGBA(r: 1, g: 0, b: 1, a: 1)
        case "brown": RGBA(r: 0.6, g: 0.4, b: 0.2, a: 1)
        default: systemHex(s).flatMap(hexColor)
        }
    }

    /// UIKit's system colours in Light Mode (the values of Apple's Human Interface
    /// Guidelines), so the names a design uses animate and draw as on an iPhone.
    static func systemHex(_ s: String) -> String? {
        switch s {
        case "systemRed": "#FF3B30"
        case "systemOrange": "#FF9500"
        case "systemYellow": "#FFCC00"
        case "systemGreen": "#34C759"
        case "systemMint": "#00C7BE"
        case "systemTeal": "#30B0C7"
        case "systemCyan": "#32ADE6"
        case "systemBlue", "link": "#007AFF"
        case "systemIndigo": "#5856D6"
        case "systemPurple": "#AF52DE"
        case "systemPink": "#FF2D55"
        case "systemBrown": "#A2845E"
        case "systemGray": "#8E8E93"
        case "systemGray2": "#AEAEB2"
        case "systemGray3": "#C7C7CC"
        case "systemGray4": "#D1D1D6"
        case "systemGray5": "#E5E5EA"
        case "systemGray6", "secondarySystemBackground", "systemGroupedBackground": "#F2F2F7"
        case "tertiarySystemBackground", "secondarySystemGroupedBackground": "#FFFFFF"
        case "tertiarySystemGroupedBackground": "#F2F2F7"
        case "label", "darkText": "#000000"
        case "secondaryLabel": "#3C3C4399"
        case "tertiaryLabel", "placeholderText": "#3C3C434C"
        case "quaternaryLabel": "#3C3C432E"
        case "lightText": "#FFFFFF99"
        case "systemFill": "#78788033"
        case "secondarySystemFill": "#78788029"
        case "tertiarySystemFill": "#7676801F"
        case "quaternarySystemFill": "#74748014"
        case "separator": "#3C3C4349"
        case "opaqueSeparator": "#C6C6C8"
        // UIColor.tintColor resolves to the nearest tint; a picture resolves it up the
        // tree (Q30), and an animation, which has no tree, interpolates the default tint.
        case "tintColor": "#007AFF"
        default: nil
        }
    }

    public static func parse(_ s: String) -> RGBA? {
        // A "#" string is never a name: the renderer's own colours are all hex, and
        // trying every name first (a chain of string compares) doubled a drawing's time.
        if s.utf8.first == UInt8(ascii: "#") { return hexColor(s) }
        return named(s)
    }

    static func hexColor(_ s: String) -> RGBA? {
        guard s.hasPrefix("#"), s.count == 7 || s.count == 9, let v = UInt64(s.dropFirst(), radix: 16) else { return nil }
        if s.count == 7 {
            return RGBA(r: Double((v >> 16) & 0xFF) / 255, g: Double((v >> 8) & 0xFF) / 255, b: Double(v & 0xFF) / 255, a: 1)
        }
        return RGBA(r: Double((v >> 24) & 0xFF) / 255, g: Double((v >> 16) & 0xFF) / 255,
                    b: Double((v >> 8) & 0xFF) / 255, a: Double(v & 0xFF) / 255)
    }

    public var hex: String {
        func byte(_ x: Double) -> String { Containment.hex(UInt32((min(1, max(0, x)) * 255).rounded()), width: 2, uppercase: true) }
        return "#" + byte(r) + byte(g) + byte(b) + byte(a)
    }
}

extension View {
    func animationValue(_ p: AnimatableProperty) -> AnimationValue {
        switch p {
        case .center: return AnimationValue(c: [center.x, center.y])
        case .bounds: return AnimationValue(c: [_bounds.origin.x, _bounds.origin.y, _bounds.size.width, _bounds.size.height])
        case .transform: return AnimationValue(c: [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty])
        case .alpha: return AnimationValue(c: [alpha])
        case .backgroundColor:
            let c = backgroundColor.flatMap(RGBA.parse) ?? RGBA(r: 0, g: 0, b: 0, a: 0)
            return AnimationValue(c: [c.r, c.g, c.b, c.a])
        }
    }
}
