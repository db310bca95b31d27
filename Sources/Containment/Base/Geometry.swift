#if canImport(Glibc)
import Glibc      // sin, cos, exp: FoundationEssentials does not re-export the C library
#elseif canImport(Darwin)
import Darwin
#endif

public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Equatable, Sendable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
}

public struct EdgeInsets: Equatable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// An affine transform in CGAffineTransform's layout: x' = a x + c y + tx, y' = b x + d y + ty.
public struct Transform: Equatable, Sendable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    public static func translate(_ tx: Double, _ ty: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }
    public static func rotate(_ angle: Double) -> Transform {
        Transform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }
    /// `self` then `t`, as CGAffineTransformConcat(self, t).
    public func concatenating(_ t: Transform) -> Transform {
        Transform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                  c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                  tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    public var isIdentity: Bool { self == .identity }
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
}

/// UIView.AutoresizingMask, same bit values.
public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    public static var names: [(String, AutoresizingMask, String)] { [
        ("flexibleLeftMargin", .flexibleLeftMargin, "LM"),
        ("flexibleWidth", .flexibleWidth, "W"),
        ("flexibleRightMargin", .flexibleRightMargin, "RM"),
        ("flexibleTopMargin", .flexibleTopMargin, "TM"),
        ("flexibleHeight", .flexibleHeight, "H"),
        ("flexibleBottomMargin", .flexibleBottomMargin, "BM"),
    ] }

    /// UIKit's short form in descriptions: "W+H", "LM+RM" …
    public var shortDescription: String {
        Self.names.filter { contains($0.1) }.map(\.2).joined(separator: "+")
    }
}

extension Rect: CustomStringConvertible {
    /// "(x y; w h)", UIKit's frame notation.
    public var description: String {
        // One buffer, one String: a 60 Hz frame sample prints one per view in flight.
        ASCIIBuffer.build { b in
            b.append(40); b.append(number: origin.x); b.append(32); b.append(number: origin.y)
            b.append(59); b.append(32); b.append(number: size.width); b.append(32)
            b.append(number: size.height); b.append(41)
        }
    }
}

extension Int {
    /// `v` rounded by `rule` and clamped to `range`, NaN giving the lower bound. Indices
    /// computed from geometry (a row from an offset of 1e300 or a row height of 1e-300)
    /// can be any Double a script makes, and `Int(_:)` traps outside Int's range.
    init(clamping v: Double, rounding rule: FloatingPointRoundingRule, to range: ClosedRange<Int>) {
        let r = v.rounded(rule)
        if !(r > Double(range.lowerBound)) {
            self = range.lowerBound
        } else if r >= Double(range.upperBound) {   // Double(Int.max) is 2^63: out of range
            self = range.upperBound
        } else {
            self = Int(r)
        }
    }
}
