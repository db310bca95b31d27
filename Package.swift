// swift-tools-version:6.0
import PackageDescription

// Release builds skip Swift's dynamic exclusivity checks in the two hot targets: the
// simulation is single-threaded and the checks were ~10% of a property access.
let fastRelease: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

// Release builds of the model count references without atomics (docs/performance.md: swift_retain
// and swift_release were about a third of a cycle). Sound because of policy Q55: one
// simulation per thread (`nestbox test -j` gives each thread its own runtime and
// Simulation, and nothing in Containment hands an object to another thread), and no
// global or static stored property in Containment holds anything reference-counted, so
// no object is reachable from two threads. `SharedStateTests` guards the second half
// by scanning Sources/Containment. NestboxLua stays atomic: its binding tables
// (`LuaRuntime.tables`, the `LuaBinding` statics) are shared by every runtime.
let singleThreadedRelease: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-assume-single-threaded"], .when(configuration: .release))]

// Release executables link Swift's runtime and libraries statically: the dynamic loader
// was about 30 % of `nestbox run empty.lua`'s start-up (docs/performance.md). HelloWorld, the
// bench's start-up baseline, is linked the same way. Debug builds stay dynamic (faster
// links while developing). On Linux, libstdc++ (which Swift's runtime uses) is linked
// statically too, by lld, with packed relative relocations and no exported symbols:
// loading libstdc++.so and binding its own symbols was a third of an empty run's 6 M
// instructions. `Linker/libstdc++.so` is a linker script naming the static archive, so
// the `-lstdc++` swiftc adds to a static-stdlib link finds it first.
// macOS links its Swift runtime from the system and has no static one to link.
let staticRelease: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims"], .when(platforms: [.linux], configuration: .release)),
    .unsafeFlags(["-use-ld=lld", "-L\(Context.packageDirectory)/Linker", "-Xlinker", "--no-export-dynamic",
                  "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux], configuration: .release)),
]

// Homebrew's prefixes (Apple silicon, Intel), where cairo's headers are on macOS; the
// C target reads them, and every Swift target that loads its module through Rendering.
// Linux finds Debian's under /usr/include. (libedit's header is macOS's own.)
let homebrewHeaders: [CSetting] = [.unsafeFlags(["-I/opt/homebrew/include", "-I/usr/local/include"], .when(platforms: [.macOS]))]
let homebrewModuleHeaders: [SwiftSetting] = [
    .unsafeFlags(["-Xcc", "-I/opt/homebrew/include", "-Xcc", "-I/usr/local/include"], .when(platforms: [.macOS])),
]

// Linux is where it is built and tested; the source is also written for macOS (README.md,
// macOS): imports, flags and library names have a branch per platform, and
// PortabilityTests refuses a Linux-only one without its condition. Lua comes through
// pkg-config, from apt or Homebrew.
let package = Package(
    name: "Nestbox",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nestbox", targets: ["nestbox"]),
        .executable(name: "nestbox-preview", targets: ["nestbox-preview"]),
        // For the fuzzing package in Fuzz/ (the CLI: the test runner, pictures, the report).
        .library(name: "NestboxLua", targets: ["NestboxLua"]),
        .library(name: "NestboxCLI", targets: ["NestboxCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The live preview's HTTP server (README.md, Live preview): FlyingFox builds in
        // seconds and brings only its sockets layer; SwiftNIO and Hummingbird took minutes
        // per build configuration, three times in every CI run.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
    ],
    targets: [
        // Lua (C): the system library and the one C file allowed to raise Lua errors.
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // libedit (BSD) for the REPL's line editing and history, and cairo for the PNG
        // back-end of the pictures: opened with dlopen on first use, not linked, so a
        // plain run maps neither them nor the twenty libraries they need (docs/performance.md,
        // Sources/CLibraryLoader). Their -dev packages give the headers.
        .target(name: "CLibraryLoader"),
        .target(name: "CLibedit", dependencies: ["CLibraryLoader"]),
        .target(name: "CCairo", dependencies: ["CLibraryLoader"], cSettings: homebrewHeaders),

        // Every write to a file descriptor or a file (Sources/NestboxFiles).
        .target(name: "NestboxFiles"),

        // One function of the Swift runtime, declared for C's calling convention (Q56).
        .target(name: "CSwiftRuntime"),

        // Core: the UIKit model. Knows nothing of Lua.
        .target(name: "Containment", dependencies: ["CSwiftRuntime"], swiftSettings: fastRelease + singleThreadedRelease),

        // Pictures: views drawn from their presentation values to SVG and PNG. Knows
        // nothing of Lua.
        .target(name: "Rendering", dependencies: ["Containment", "CCairo"], swiftSettings: homebrewModuleHeaders),

        // Binding: the Lua runtime and the `ui` API.
        .target(name: "NestboxLua", dependencies: ["Containment", "Rendering", "NestboxFiles", "CLua", "CLuaShim"], swiftSettings: fastRelease + homebrewModuleHeaders),

        // CLI: commands as a library, so tests call them in-process.
        .target(name: "NestboxCLI", dependencies: [
            "Containment", "Rendering", "NestboxLua", "NestboxFiles", "CLibedit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: homebrewModuleHeaders),
        .executableTarget(name: "nestbox", dependencies: ["NestboxCLI"], swiftSettings: homebrewModuleHeaders, linkerSettings: staticRelease),
        // `nestbox preview`'s server, a program of its own so that only it links the HTTP
        // server and Foundation (Sources/NestboxCLI/Preview.swift). Linked against the
        // toolchain's Swift libraries, not statically: a static Foundation brings its
        // networking half, which needs libcurl's symbols.
        .executableTarget(name: "nestbox-preview", dependencies: [
            "NestboxCLI", "Containment", .product(name: "FlyingFox", package: "FlyingFox"),
        ], path: "Sources/NestboxPreview", swiftSettings: homebrewModuleHeaders),
        // `nestbox bench`'s start-up baseline.
        .executableTarget(name: "HelloWorld", linkerSettings: staticRelease),

        // Tests, one target per level, and what they share: the model's invariant check
        // after every test, and the scenario scripts (Tests/Scenarios) both levels read.
        .target(name: "InvariantChecking", dependencies: ["Containment"], path: "Tests/InvariantChecking"),
        .testTarget(name: "ContainmentTests", dependencies: ["Containment", "InvariantChecking"]),
        .testTarget(name: "NestboxLuaTests", dependencies: ["NestboxLua", "Containment", "InvariantChecking"],
                    exclude: ["Golden"], swiftSettings: homebrewModuleHeaders),
        .testTarget(name: "NestboxCLITests", dependencies: ["NestboxCLI", "NestboxLua", "Containment"],
                    exclude: ["Hostile", "Schemas"], swiftSettings: homebrewModuleHeaders),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Containment", "CCairo", "NestboxLua"],
                    exclude: ["Golden"], swiftSettings: homebrewModuleHeaders),
    ],
    // Swift 5 mode: the simulation is single-threaded by design (one Simulation per
    // Lua state); strict-concurrency checking would add nothing but annotations.
    swiftLanguageModes: [.v5]
)
