import NestboxLua
import Rendering
#if canImport(Glibc)
import Glibc
#endif

/// Standard output that remembers its first failed write (closed, disk full): output
/// that was lost must not end in exit 0. After a failure nothing more is written, and
/// `Nestbox.main` says it once.
final class StandardOutput {
    private(set) var failure: String?

    func write(_ text: String) {
        guard failure == nil else { return }
        let e = writeAll(1, text)
        if e != 0 { failure = String(cString: strerror(e)) }
    }
}

/// Writes a golden file (`--record`, `:record`) in place, so a symbolic link is written
/// through to its target; an atomic write would replace the link, or a FIFO or a
/// device, with a regular file. Anything but a regular file (or a new one) is refused.
/// Returns nil, or why the write failed in strerror's words.
func writeGolden(_ text: String, to path: String) -> String? {
    var text = text
    return text.withUTF8 { writeFile(UnsafeRawBufferPointer($0), to: path) }
}
