#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One environment variable, read with `getenv`. `ProcessInfo.environment` builds a
/// dictionary of every variable, and its first use instantiates the dictionary's
/// generic types: 1.3 M instructions, a third of a command's start-up
/// (docs/performance.md), for the one or two names a command asks about.
enum Environment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
