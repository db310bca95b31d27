#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NestboxCLI

exit(Nestbox.main(Array(CommandLine.arguments.dropFirst())))
