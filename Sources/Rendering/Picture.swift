import Containment

/// A picture file's format, from its name.
public enum PictureFormat: Sendable {
    case svg, png

    /// ".svg" or ".png" (any case); nil for another name.
    public init?(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".svg") { self = .svg } else if lower.hasSuffix(".png") { self = .png } else { return nil }
    }

    /// `maxBytes`: what the memory limit leaves for the file (an SVG's text; a PNG's
    /// pixels are bounded by PNG.maxPixels).
    public func encode(_ list: DisplayList, scale: Double, maxBytes: Int = .max,
                       interrupted: () -> Bool = { false }) -> Result<[UInt8], RenderError> {
        switch self {
        case .svg:
            guard let bytes = SVG.encode(list, scale: scale, maxBytes: maxBytes, interrupted: interrupted) else {
                if interrupted() { return .failure(RenderError("interrupted")) }
                let left = maxBytes >= 1 << 20 ? "\(maxBytes >> 20) MiB" : "\(maxBytes >> 10) KiB"
                return .failure(RenderError("the SVG would be over the \(left) the memory limit leaves it "
                                            + "(fewer frames or a larger --max-memory)", overMemory: true))
            }
            return .success(bytes)
        case .png:
            return PNG.encode(list, scale: scale, interrupted: interrupted)
        }
    }
}

/// `%t` in a picture's path: the virtual time it shows, with three decimals ("0.100").
public func picturePath(_ template: String, time: Double) -> String {
    template.replacing("%t", with: fixedPoint(time))
}
