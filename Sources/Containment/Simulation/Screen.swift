/// A device preset: what `--device` and `ui.setDevice` choose, by its short id or its
/// name (sizes in points, portrait; docs/layout.md lists them with their sources).
public struct Device: Equatable, Sendable {
    /// The short id: `iphone-16`, `ipad-11`.
    public var id: String
    /// The name `ui.screen.name` gives; today's three names stay as they were.
    public var name: String
    public var size: Size
    public var scale: Double
    public var idiom: String
    /// Portrait; landscape is derived (`Screen.safeAreaInsets`).
    public var safeAreaInsets: EdgeInsets
    /// The large phones (Plus, Pro Max) are regular width in landscape, as Apple's size
    /// class table says; the others compact.
    public var regularWidthInLandscape = false

    static func phone(_ id: String, _ name: String, _ w: Double, _ h: Double, scale: Double = 3,
                      top: Double, bottom: Double, wide: Bool = false) -> Device {
        Device(id: id, name: name, size: Size(width: w, height: h), scale: scale, idiom: "phone",
               safeAreaInsets: EdgeInsets(top: top, left: 0, bottom: bottom, right: 0), regularWidthInLandscape: wide)
    }

    static func pad(_ id: String, _ name: String, _ w: Double, _ h: Double) -> Device {
        Device(id: id, name: name, size: Size(width: w, height: h), scale: 2, idiom: "pad",
               safeAreaInsets: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    }

    public static var iPhoneSE: Device { phone("iphone-se", "iPhone SE", 375, 667, scale: 2, top: 20, bottom: 0) }
    public static var iPhone15: Device { phone("iphone-15", "iPhone 15", 393, 852, top: 59, bottom: 34) }
    public static var iPad: Device { pad("ipad-11", "iPad", 820, 1180) }
    public static var all: [Device] {
        [iPhoneSE, iPhone15,
         phone("iphone-16", "iPhone 16", 393, 852, top: 59, bottom: 34),
         phone("iphone-16-plus", "iPhone 16 Plus", 430, 932, top: 59, bottom: 34, wide: true),
         phone("iphone-16-pro", "iPhone 16 Pro", 402, 874, top: 62, bottom: 34),
         phone("iphone-16-pro-max", "iPhone 16 Pro Max", 440, 956, top: 62, bottom: 34, wide: true),
         pad("ipad-mini", "iPad mini", 744, 1133), iPad, pad("ipad-13", "iPad Air 13-inch", 1024, 1366)]
    }

    /// By short id or by name.
    public static func named(_ name: String) -> Device? { all.first { $0.id == name || $0.name == name } }

    /// For messages: the ids, then the names kept from before.
    public static var choices: String {
        all.map(\.id).joined(separator: ", ") + " (or iPhone SE, iPhone 15, iPad)"
    }
}

public final class Screen: SimObject {
    /// The interface's orientation: the window's.
    public internal(set) var orientation = "portrait"
    /// The orientation the device is held in, as `ui.rotate` last named it (by the
    /// interface orientation it would give): the interface follows it where the
    /// controller asked supports it (Q82).
    public internal(set) var deviceOrientation = "portrait"

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
        var i = device.safeAreaInsets
        // Q79: a top inset that is the status bar's alone (no sensor housing: an iPhone
        // SE's 20 points, an iPad's 24) goes with it when it is hidden.
        if simulation.statusBar.isHidden, i.top <= 24 { i.top = 0 }
        guard isLandscape else { return i }
        if device.idiom == "pad" { return i }
        let side = i.top > 24 ? i.top : 0
        return EdgeInsets(top: 0, left: side, bottom: i.bottom > 0 ? 21 : 0, right: side)
    }
}
