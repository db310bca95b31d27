#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Every write Nestbox makes to a file descriptor or a file is here: the commands' output,
// a script's pictures, golden files, reports, JUnit. One place decides how a short write
// is retried, what a failure says, and what a path may be (a regular file, and below a
// script's folder no symbolic link either: policy Q32).

/// Writes `bytes` to `path` in place (a golden file, a report, a picture the command
/// line names): created, or truncated
/// once it is known to be a regular file; a FIFO, a device or a folder is refused, and
/// a link is written through to its target (a path the user typed). Returns
/// nil, or why the write failed in strerror's words.
public func writeFile(_ bytes: UnsafeRawBufferPointer, to path: String) -> String? {
    writeRegularFile(bytes, in: AT_FDCWD, name: path, followingLinks: true)
}

/// `name` in the folder open as `dir` (AT_FDCWD: the current one), written as
/// `writeFile` describes.
private func writeRegularFile(_ bytes: UnsafeRawBufferPointer, in dir: Int32, name: String, followingLinks: Bool) -> String? {
    var info = stat()
    // Checked before opening too, so a FIFO nobody reads is refused in the same words.
    let found = fstatat(dir, name, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW)
    if found == 0 && info.st_mode & S_IFMT == S_IFLNK { return "not a regular file (a symbolic link)" }
    if found == 0 && info.st_mode & S_IFMT != S_IFREG { return "not a regular file" }
    // O_NONBLOCK: opening a FIFO nobody reads would wait forever; now it fails (ENXIO)
    // or opens and is refused below. O_NOCTTY: a terminal never becomes ours.
    let flags = O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    let fd = openat(dir, name, flags, 0o666)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    guard fstat(fd, &info) == 0 else { let e = errno; close(fd); return String(cString: strerror(e)) }
    guard info.st_mode & S_IFMT == S_IFREG else { close(fd); return "not a regular file" }
    // Two processes writing one file (tests run at once) take turns: each truncates and
    // writes whole, so the file is one writer's, never a mix. Released at close.
    _ = flock(fd, LOCK_EX)
    // Truncated only now, once it is known to be a regular file.
    var e = ftruncate(fd, 0) == 0 ? writeAll(fd, bytes) : errno
    if close(fd) != 0 && e == 0 { e = errno }    // a full disk may only show at close
    return e == 0 ? nil : String(cString: strerror(e))
}

/// Writes `bytes` to `path` below the folder `base`, following no symbolic link on the
/// way (Q32): each folder on the path is opened from the one before it without
/// following a link, and the file itself is created or replaced only if it is a
/// regular file. A link anywhere below `base` (`out -> ../elsewhere`) is refused with its
/// name. Returns nil, or why the write failed.
public func writeFile(_ bytes: [UInt8], beneath base: String, path: String) -> String? {
    let parts = path.split(separator: "/").map(String.init).filter { !$0.isEmpty && $0 != "." }
    guard let name = parts.last else { return "not a file name" }
    var dir = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard dir >= 0 else { return String(cString: strerror(errno)) }
    defer { close(dir) }
    var walked = ""
    for part in parts.dropLast() {
        walked += walked.isEmpty ? part : "/" + part
        let next = openat(dir, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard next >= 0 else {
            let e = errno
            var info = stat()
            if fstatat(dir, part, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK {
                return "'\(walked)' is a symbolic link"
            }
            return "'\(walked)': \(String(cString: strerror(e)))"
        }
        close(dir)
        dir = next
    }
    return bytes.withUnsafeBytes { writeRegularFile($0, in: dir, name: name, followingLinks: false) }
}

/// Writes every byte, retrying short writes and EINTR; 0 or the errno that stopped it.
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
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

/// Writes all of `text` to a file descriptor at once, unbuffered, so standard output
/// and standard error keep the order they were written in. Returns 0, or the errno of
/// the write that failed (the rest is not written).
@discardableResult
public func writeAll(_ fd: Int32, _ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
}

/// `writeFile` of a text (a golden file, a report): in place, so a symbolic link is
/// written through to its target where links are followed; an atomic write would
/// replace the link, or a FIFO or a device, with a regular file.
public func writeFile(_ text: String, to path: String) -> String? {
    var text = text
    return text.withUTF8 { writeFile(UnsafeRawBufferPointer($0), to: path) }
}

/// `writeFile` of bytes (a picture).
public func writeFile(_ bytes: [UInt8], to path: String) -> String? {
    bytes.withUnsafeBytes { writeFile($0, to: path) }
}

/// Whether writing `output` would replace the file `input` a command reads (`run
/// s.lua --report s.lua`): the same file by device and inode, so that another spelling
/// of the path, or a link to it, counts too. False when either does not exist.
public func isSameFile(_ output: String, _ input: String) -> Bool {
    var a = stat(), b = stat()
    guard stat(output, &a) == 0, stat(input, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
}
