#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds spec files (README.md, Tests as busted writes them): a file named on the
/// command line is taken as it is; a folder is searched for `*_spec.lua` and
/// `*_test.lua` regular files, hidden folders and `.build` aside. The search follows no
/// symbolic link to a folder and enters each real folder once, so a link to `.` or to a
/// parent (or `/proc/self`) cannot multiply it; it is bounded in depth, in entries and
/// in time (the run's `--timeout`), and says which bound it met.
enum SpecFinder {
    static let maxDepth = 32
    static let maxEntries = 100_000

    static func isSpec(_ name: String) -> Bool { name.hasSuffix("_spec.lua") || name.hasSuffix("_test.lua") }

    static func find(_ paths: [String], within seconds: Double = 60) -> Result<[String], SpecFinderError> {
        var search = Search(deadline: ContinuousClock.now + .milliseconds(Int64(min(max(0, seconds), 1e6) * 1000)))
        var files: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                return .failure(SpecFinderError(message: "cannot open \(path): \(String(cString: strerror(errno)))"))
            }
            if info.st_mode & S_IFMT != S_IFDIR { files.append(path); continue }
            var found: [String] = []
            if let problem = search.walk(path, info, depth: 0, into: &found) {
                return .failure(SpecFinderError(message: "searching \(path) for specs: \(problem)"))
            }
            files += found.sorted()
        }
        return .success(files)
    }

    struct Search {
        let deadline: ContinuousClock.Instant
        var seen: Set<FolderID> = []
        var entries = 0

        struct FolderID: Hashable { let device: UInt64; let inode: UInt64 }

        /// nil, or the bound the search met.
        mutating func walk(_ folder: String, _ info: stat, depth: Int, into found: inout [String]) -> String? {
            guard seen.insert(FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return nil }
            guard depth < SpecFinder.maxDepth else { return "folders nest deeper than \(SpecFinder.maxDepth) (at \(folder))" }
            guard ContinuousClock.now < deadline else { return "it took longer than the time limit (--timeout)" }
            guard let names = Self.names(in: folder) else { return nil }
            for name in names.sorted() where !name.hasPrefix(".") && name != ".build" {
                entries += 1
                guard entries <= SpecFinder.maxEntries else { return "more than \(SpecFinder.maxEntries) entries" }
                let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var entry = stat()
                guard lstat(path, &entry) == 0 else { continue }
                switch entry.st_mode & S_IFMT {
                case S_IFDIR:
                    if let problem = walk(path, entry, depth: depth + 1, into: &found) { return problem }
                case S_IFREG:
                    if SpecFinder.isSpec(name) { found.append(path) }
                case S_IFLNK:
                    // A link to a spec file is taken; a link to a folder is not followed.
                    var target = stat()
                    if SpecFinder.isSpec(name), stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG { found.append(path) }
                default:
                    break     // a FIFO or a device named like a spec would block the run
                }
            }
            return nil
        }

        static func names(in folder: String) -> [String]? {
            guard let dir = opendir(folder) else { return nil }
            defer { closedir(dir) }
            var out: [String] = []
            while let e = readdir(dir) {
                let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { out.append(name) }
                if out.count > SpecFinder.maxEntries { break }
            }
            return out
        }
    }
}

struct SpecFinderError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
