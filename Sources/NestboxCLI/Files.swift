import NestboxLua
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
    var info = stat()
    // Checked before opening too, so a FIFO nobody reads is refused in the same words.
    if stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG { return "not a regular file" }
    // O_NONBLOCK: opening a FIFO nobody reads would wait forever; now it fails (ENXIO)
    // or opens and is refused below. O_NOCTTY: a terminal never becomes ours.
    let fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o666)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    guard fstat(fd, &info) == 0 else { let e = errno; close(fd); return String(cString: strerror(e)) }
    guard info.st_mode & S_IFMT == S_IFREG else { close(fd); return "not a regular file" }
    // Truncated only now, once it is known to be a regular file.
    var e = ftruncate(fd, 0) == 0 ? writeAll(fd, text) : errno
    if close(fd) != 0 && e == 0 { e = errno }    // a full disk may only show at close
    return e == 0 ? nil : String(cString: strerror(e))
}
