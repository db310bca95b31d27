import Containment
#if canImport(Glibc)
import Glibc
#endif

/// A picture file's format, from its name.
public enum PictureFormat: Sendable {
    case svg, png

    /// ".svg" or ".png" (any case); nil for another name.
    public init?(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".svg") { self = .svg } else if lower.hasSuffix(".png") { self = .png } else { return nil }
    }

    public func encode(_ list: DisplayList, scale: Double, interrupted: () -> Bool = { false }) -> Result<[UInt8], RenderError> {
        switch self {
        case .svg:
            guard let bytes = SVG.encode(list, scale: scale, interrupted: interrupted) else { return .failure(RenderError("interrupted")) }
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

/// Writes `bytes` to `path` in place (a golden file, a picture): created, or truncated
/// once it is known to be a regular file; a FIFO, a device or a folder is refused, and
/// with `followingLinks` false (a script's `ui.snapshot`) a symbolic link too. Returns
/// nil, or why the write failed in strerror's words.
package func writeFile(_ bytes: UnsafeRawBufferPointer, to path: String, followingLinks: Bool = true) -> String? {
    var info = stat()
    // Checked before opening too, so a FIFO nobody reads is refused in the same words.
    let found = followingLinks ? stat(path, &info) : lstat(path, &info)
    if found == 0 && info.st_mode & S_IFMT == S_IFLNK { return "not a regular file (a symbolic link)" }
    if found == 0 && info.st_mode & S_IFMT != S_IFREG { return "not a regular file" }
    // O_NONBLOCK: opening a FIFO nobody reads would wait forever; now it fails (ENXIO)
    // or opens and is refused below. O_NOCTTY: a terminal never becomes ours.
    let flags = O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    let fd = open(path, flags, 0o666)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    guard fstat(fd, &info) == 0 else { let e = errno; close(fd); return String(cString: strerror(e)) }
    guard info.st_mode & S_IFMT == S_IFREG else { close(fd); return "not a regular file" }
    // Truncated only now, once it is known to be a regular file.
    var e = ftruncate(fd, 0) == 0 ? writeAll(fd, bytes) : errno
    if close(fd) != 0 && e == 0 { e = errno }    // a full disk may only show at close
    return e == 0 ? nil : String(cString: strerror(e))
}

/// Writes every byte, retrying short writes and EINTR; 0 or the errno that stopped it.
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard var p = bytes.baseAddress else { return 0 }
    var left = bytes.count
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
