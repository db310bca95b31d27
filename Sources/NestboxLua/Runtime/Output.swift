#if canImport(Glibc)
import Glibc
#endif

/// Writes all of `text` to a file descriptor at once, unbuffered (as FileHandle did),
/// so standard output and standard error keep the order they were written in.
/// Returns 0, or the errno of the write that failed (the rest is not written).
@discardableResult
package func writeAll(_ fd: Int32, _ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { buffer -> Int32 in
        guard var p = buffer.baseAddress else { return 0 }
        var left = buffer.count
        while left > 0 {
            let n = write(fd, p, left)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return errno }
            if n == 0 { return EIO }       // write(2) makes no progress: never loop on it
            p += n
            left -= n
        }
        return 0
    }
}
