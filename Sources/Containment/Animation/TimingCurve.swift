#if canImport(Glibc)
import Glibc      // sin, cos, exp: FoundationEssentials does not re-export the C library
#elseif canImport(Darwin)
import Darwin
#endif

/// UIKit's animation curves: cubic Béziers through (0,0) and (1,1), and a spring.
public enum TimingCurve: Equatable, Sendable {
    case easeInOut, easeIn, easeOut, linear
    /// A damped harmonic oscillator that settles within the animation's duration.
    case spring(dampingRatio: Double, velocity: Double)

    public var name: String {
        switch self {
        case .easeInOut: return "easeInOut"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .linear: return "linear"
        case .spring: return "spring"
        }
    }

    /// The control points of UIKit's (Core Animation's) named timing functions.
    public var controlPoints: (Double, Double, Double, Double)? {
        switch self {
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .linear: return (0, 0, 1, 1)
        case .spring: return nil
        }
    }

    /// Progress (0 at the start, 1 at the end; a spring may overshoot) at `t` in 0…1
    /// of the duration.
    public func value(at t: Double, duration: Double) -> Double {
        let t = min(1, max(0, t))
        if t >= 1 { return 1 }
        switch self {
        case .linear:
            return t
        case .spring(let zeta, let velocity):
            return Self.spring(t: t * duration, duration: duration, dampingRatio: zeta, velocity: velocity)
        default:
            guard let (x1, y1, x2, y2) = controlPoints else { return t }
            return Self.bezier(x: t, x1, y1, x2, y2)
        }
    }

    /// y on the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where x = `x`: solve x(s) = x
    /// for the curve parameter s by Newton's method with a bisection fallback.
    public static func bezier(x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coord(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = x
        for _ in 0..<8 {
            let err = coord(s, x1, x2) - x
            if abs(err) < 1e-9 { return coord(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let v = coord(s, x1, x2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return coord(s, y1, y2)
    }

    /// Normalised displacement 0 → 1 of a mass on a spring with damping ratio ζ and
    /// initial velocity v (in units of the whole distance per second). The natural
    /// frequency is chosen so the envelope decays to 0.1 % by the end of `duration`,
    /// which is how UIKit's duration-based springs settle "within the duration".
    public static func spring(t: Double, duration: Double, dampingRatio: Double, velocity: Double) -> Double {
        let zeta = max(0.01, dampingRatio)
        let omega = log(1000) / (zeta * max(duration, 1e-6))
        let x0 = -1.0              // displacement from the target at t = 0
        let v0 = velocity
        if zeta < 1 {
            let wd = omega * sqrt(1 - zeta * zeta)
            let a = x0, b = (v0 + zeta * omega * x0) / wd
            return 1 + exp(-zeta * omega * t) * (a * cos(wd * t) + b * sin(wd * t))
        }
        // critically damped (ζ ≥ 1 is treated as critical: UIKit clamps at 1)
        return 1 + exp(-omega * t) * (x0 + (v0 + omega * x0) * t)
    }
}
