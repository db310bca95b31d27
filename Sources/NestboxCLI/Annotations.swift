import ArgumentParser
import NestboxLua

/// `nestbox annotations`: the Lua Language Server definition file of the `ui` API
/// (README.md, Editor annotations).
public struct Annotations: NestboxCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Write the LuaLS definition file of the ui API (for editor completion).")

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    public var output: String?

    public init() {}

    public func execute(output out: Output) -> Int32 {
        let text = LuaAnnotations.text
        guard let output else {
            out.out(text)
            return 0
        }
        if let failure = writeGolden(text, to: output) {
            out.err("nestbox: cannot write \(output): \(failure)\n")
            return 2
        }
        return 0
    }
}
