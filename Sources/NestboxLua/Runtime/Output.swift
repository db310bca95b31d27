#if canImport(Glibc)
import Glibc
#endif
import Rendering

/// Writes all of `text` to a file descriptor at once, unbuffered (as FileHandle did),
/// so standard output and standard error keep the order they were written in.
/// Returns 0, or the errno of the write that failed (the rest is not written).
@discardableResult
package func writeAll(_ fd: Int32, _ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { Rendering.writeAll(fd, UnsafeRawBufferPointer($0)) }
}
