// swift-tools-version:6.0
import Foundation
import PackageDescription

// `make release` links OpenSSL's libcrypto statically: loading the shared library and binding its
// symbols is about a millisecond of every `kauth token` start. Other builds link it dynamically.
let staticCrypto = ProcessInfo.processInfo.environment["KAUTH_STATIC_CRYPTO"] == "1"
let cryptoLinking: [LinkerSetting] = staticCrypto
    ? [.unsafeFlags(["-Xlinker", "-l:libcrypto.a"], .when(platforms: [.linux]))]
    : [.linkedLibrary("crypto", .when(platforms: [.linux]))]

// kauth takes no package dependencies: the standard library, Foundation, Dispatch, libc, and
// system libraries (OpenSSL's libcrypto through `CCrypto`, libcurl loaded at run time by `CCurl`).
let package = Package(
    name: "kauth",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kauth", targets: ["kauth"]),
    ],
    dependencies: [],
    targets: [
        .systemLibrary(
            name: "CCrypto",
            path: "Sources/CCrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(
            name: "CCurl",
            path: "Sources/CCurl",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(
            name: "KAuthCore",
            dependencies: [
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
                "CCurl",
            ],
            path: "Sources/KAuthCore",
            linkerSettings: cryptoLinking
        ),
        .target(name: "KAuthSandbox", dependencies: ["KAuthCore"], path: "Sources/KAuthSandbox"),
        .target(name: "KAuthCLI", dependencies: ["KAuthCore", "KAuthSandbox"], path: "Sources/KAuthCLI"),
        .executableTarget(name: "kauth", dependencies: ["KAuthCLI"], path: "Sources/kauth"),
        .target(
            name: "KAuthTestSupport",
            dependencies: ["KAuthCore", "KAuthSandbox"],
            path: "Sources/KAuthTestSupport"
        ),
        .testTarget(
            name: "KAuthCoreTests",
            dependencies: ["KAuthCore", "KAuthTestSupport", "KAuthSandbox"],
            path: "Tests/KAuthCoreTests"
        ),
        .testTarget(
            name: "KAuthCLITests",
            dependencies: ["KAuthCLI", "KAuthTestSupport"],
            path: "Tests/KAuthCLITests",
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "KAuthEndToEndTests",
            dependencies: ["KAuthCore", "KAuthTestSupport"],
            path: "Tests/KAuthEndToEndTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
