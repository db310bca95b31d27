/// A device preset: what `ui.setDevice` chooses (sizes in points, portrait).
public struct Device: Equatable, Sendable {
    public var name: String
    public var size: Size
    public var scale: Double
    public var idiom: String
    public var safeAreaInsets: EdgeInsets

    public static var iPhoneSE: Device { Device(name: "iPhone SE", size: Size(width: 375, height: 667), scale: 2,
                                        idiom: "phone", safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)) }
    public static var iPhone15: Device { Device(name: "iPhone 15", size: Size(width: 393, height: 852), scale: 3,
                                        idiom: "phone", safeAreaInsets: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)) }
    public static var iPad: Device { Device(name: "iPad", size: Size(width: 820, height: 1180), scale: 2,
                                    idiom: "pad", safeAreaInsets: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)) }
    public static var all: [Device] { [iPhoneSE, iPhone15, iPad] }

    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }
}

public final class Screen: SimObject {
    public internal(set) var orientation = "portrait"

    init(simulation: Simulation) {
        super.init(simulation: simulation, className: "Screen", name: "screen")
    }

    public var device: Device { simulation.device }
    var isLandscape: Bool { orientation.hasPrefix("landscape") }
    public var bounds: Rect { Rect(origin: .zero, size: Size(width: width, height: height)) }
    public var width: Double { isLandscape ? device.size.height : device.size.width }
    public var height: Double { isLandscape ? device.size.width : device.size.height }
    public var scale: Double { device.scale }
    public var idiom: String { device.idiom }
    /// Portrait insets turned with the device (a phone's notch side goes left/right).
    public var safeAreaInsets: EdgeInsets {
        let i = device.safeAreaInsets
        guard isLandscape else { return i }
        if device.idiom == "pad" { return i }
        let side = i.top > 24 ? i.top : 0
        return EdgeInsets(top: 0, left: side, bottom: i.bottom > 0 ? 21 : 0, right: side)
    }
}
