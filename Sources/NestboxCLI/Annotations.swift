import NestboxFiles
import ArgumentParser
import NestboxLua

/// `nestbox annotations`: the Lua Language Server definition file of the `ui` API
/// (README.md, Editor annotations).
public struct Annotations: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Write the LuaLS definition file of the ui API (for editor completion).")

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (`-`: standard output).", completion: .file(extensions: ["lua"]))
    public var output: String?

    public init() {}

    public func execute(output out: Output) -> ExitStatus {
        let text = LuaAnnotations.text
        guard let output, output != "-" else {
            out.out(text)
            return .ok
        }
        if let failure = writeFile(text, to: output) {
            out.err("nestbox: cannot write \(output): \(failure)\n")
            return .usage
        }
        return .ok
    }
}
