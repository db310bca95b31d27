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

    /// `NESTBOX_REPORT_TICKS=whole`: a report takes every animation tick whole rather than
    /// leaving it to the page (policy Q33), to compare the two.
    static var reportDrawsTicks: Bool { value("NESTBOX_REPORT_TICKS") != "whole" }

    /// `NESTBOX_TRACE=off`: a run records no trace (so it prints no events, echoes no
    /// warning and meets no expectation), to measure what the trace costs
    /// (`nestbox bench`'s `instr-trace-event`, docs/performance.md).
    static var recordsTrace: Bool { value("NESTBOX_TRACE") != "off" }
}
