// swift-tools-version:6.0
// The fuzz target, kept out of the main package so ordinary builds need no libFuzzer:
//   cd Fuzz && swift build -c debug --sanitize=fuzzer && .build/debug/NestboxFuzz -max_total_time=1800
import PackageDescription

let package = Package(
    name: "NestboxFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "NestboxFuzz",
            dependencies: [.product(name: "NestboxLua", package: "main")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v5]
)
