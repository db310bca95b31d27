import Foundation
import NestboxCLI

exit(Nestbox.main(Array(CommandLine.arguments.dropFirst())))
