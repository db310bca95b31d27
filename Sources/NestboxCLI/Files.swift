import NestboxFiles
import NestboxLua
import Rendering
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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


