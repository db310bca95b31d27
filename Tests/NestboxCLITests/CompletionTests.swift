import Foundation
import Testing
@testable import NestboxCLI

/// `nestbox --generate-completion-script bash|zsh|fish`: file arguments complete `.lua`
/// files (and folders), `--junit` `.xml`, `--report` `.html`, pictures `.png`/`.svg`,
/// `--device` the device ids. Bash's script is run for real, by bash's own completion calls.
@Suite struct CompletionTests {
    static func script(_ shell: String) -> String {
        var text = ""
        _ = Nestbox.main(["--generate-completion-script", shell], output: Output(out: { text += $0 }, err: { _ in }))
        return text
    }

    @Test func bashCompletesFilesByKindAndDevices() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nestbox-completion-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("designs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for f in ["menu.lua", "notes.txt", "report.html", "shot.png", "results.xml"] {
            #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent(f).path, contents: Data()))
        }
        try Self.script("bash").write(to: dir.appendingPathComponent("nestbox.bash"), atomically: true, encoding: .utf8)
        let driver = """
            source ./nestbox.bash
            try() {
              COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<< "$COMP_LINE"
              [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
              _nestbox nestbox "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
              printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' '; echo
            }
            try "nestbox run "
            try "nestbox test "
            try "nestbox lint m"
            try "nestbox run menu.lua --report "
            try "nestbox run menu.lua --snapshot "
            try "nestbox test --junit "
            try "nestbox run menu.lua --device iphone-16-p"
            try "nestbox ex"
            try "nestbox run menu.lua --overlays "
            try "nestbox bench --only c"
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", driver]
        p.currentDirectoryURL = dir
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text == """
            designs menu.lua 
            designs menu.lua 
            menu.lua 
            designs report.html 
            designs shot.png 
            designs results.xml 
            iphone-16-plus iphone-16-pro iphone-16-pro-max 
            explore 
            controllers names safeArea 
            churn commands cycle 

            """)
    }

    @Test func zshAndFishNameTheSameKinds() {
        let zsh = Self.script("zsh"), fish = Self.script("fish")
        #expect(zsh.contains("':file:_files -g '\\''*.lua'\\'''"))
        #expect(zsh.contains("'iphone-se' 'iphone-15' 'iphone-16'"))
        #expect(zsh.contains("_files -g '\\''*.xml'\\''"))
        #expect(fish.contains("-rfka 'iphone-se iphone-15 iphone-16 iphone-16-plus"))
        #expect(fish.contains("*.\\'lua\\'"))
    }
}
