#if canImport(Glibc)
import Glibc
#endif
import NestboxCLI

exit(Nestbox.main(Array(CommandLine.arguments.dropFirst())))
