// `nestbox-preview`: the server `nestbox preview` hands over to (Sources/NestboxCLI/Preview.swift,
// README.md, Live preview). The same declaration parses its arguments.
import Foundation
import NestboxCLI

let command: Preview
do {
    command = try Preview.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data((Preview.fullMessage(for: error) + "\n").utf8))
    exit(Preview.exitCode(for: error).rawValue == 0 ? 0 : 2)
}
exit(await PreviewServer(command: command).run())
