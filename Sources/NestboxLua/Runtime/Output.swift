#if canImport(Glibc)
import Glibc
#endif

/// Writes all of `text` to a file descriptor at once, unbuffered (as FileHandle did),
/// so standard output and standard error keep the order they were written in.
package func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
        guard var p = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let n = write(fd, p, left)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            p += n
            left -= n
        }
    }
}
