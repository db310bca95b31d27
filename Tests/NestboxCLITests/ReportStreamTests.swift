import Foundation
import Testing
import NestboxCLI

/// `nestbox run` writes its report as it makes it, in pieces of about 64 KB, unless it
/// records or compares it: the bytes must be those of the report kept whole.
@Suite struct ReportStreamTests {
    /// Two thousand controllers on screen: some 200 KB of trace and hierarchy.
    static let tree = """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()
        for i = 1, 2000 do
          local c = ui.ViewController{}
          root:addChild(c); root.view:addSubview(c.view); c:didMove(root)
        end
        """

    /// The output of `nestbox run` with `args`, and how many writes it came in.
    func run(_ args: [String]) -> (code: Int32, out: String, writes: Int) {
        var out = "", writes = 0
        let code = Nestbox.main(args, output: Output(out: { out += $0; writes += 1 }, err: { _ in }))
        return (code, out, writes)
    }

    @Test("a streamed report is the report kept whole, in every format", arguments: ["text", "jsonl", "none", "chrome"])
    func sameBytes(format: String) throws {
        let path = try script(Self.tree)
        let golden = (path as NSString).deletingLastPathComponent + "/golden-\(format).txt"
        let streamed = run(["run", path, "--trace", format, "--views"])
        let kept = run(["run", path, "--trace", format, "--views", "--record", golden])
        #expect(streamed.code == 0 && kept.code == 0)
        #expect(streamed.out == kept.out)
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == kept.out)
        #expect(streamed.out.utf8.count > 150_000)
        // Text and no trace stream the hierarchy; JSON Lines and chrome hold one document.
        if format == "text" || format == "none" { #expect(streamed.writes > 3, "\(streamed.writes) writes") }
    }
}
