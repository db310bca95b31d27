// swift-tools-version:6.0
// The fuzz target, kept out of the main package so ordinary builds need no libFuzzer:
//   cd Fuzz && swift build -c debug --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
//   ASAN_OPTIONS=detect_leaks=0 .build/debug/NestboxFuzz -max_total_time=1800 -max_len=600 -len_control=0 corpus/   (docs/development.md, Fuzzing: why the -Xswiftc)
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "NestboxFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "NestboxFuzz",
            dependencies: [.product(name: "NestboxLua", package: root), .product(name: "NestboxCLI", package: root)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v5]
)
