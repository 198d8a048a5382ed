// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import Foundation
import PackageDescription

// `make release` links OpenSSL's libcrypto statically: loading the shared library and binding its
// symbols is about a millisecond of every `kauth token` start. Other builds link it dynamically.
let staticCrypto = ProcessInfo.processInfo.environment["KAUTH_STATIC_CRYPTO"] == "1"
let cryptoLinking: [LinkerSetting] =
    staticCrypto
    ? [.unsafeFlags(["-Xlinker", "-l:libcrypto.a"], .when(platforms: [.linux]))]
    : [.linkedLibrary("crypto", .when(platforms: [.linux]))]

// The commit `kauth --version` names, which the Makefile reads from git and sets; nothing when
// unset (a bare `swift build`) or empty (a build outside a git checkout). Letters, digits and
// `.+_-` only: the value becomes a C string literal.
let commit = (ProcessInfo.processInfo.environment["KAUTH_COMMIT"] ?? "").filter {
    $0.isASCII && ($0.isLetter || $0.isNumber || ".+_-".contains($0))
}
let commitSettings: [CSetting] = commit.isEmpty ? [] : [.define("KAUTH_COMMIT", to: "\"\(commit)\"")]

// kauth takes no package dependencies: the standard library, Foundation, Dispatch, libc, and
// system libraries (OpenSSL's libcrypto through `CCrypto`, libcurl loaded at run time by `CCurl`,
// libsecret loaded at run time by `CKeyring`).
let package = Package(
    name: "kauth",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kauth", targets: ["kauth"])
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
        // libsecret loaded on first use, and the kernel keyring's system calls (see ckeyring.h).
        .target(
            name: "CKeyring",
            path: "Sources/CKeyring",
            linkerSettings: [
                .linkedLibrary("dl", .when(platforms: [.linux])), .linkedLibrary("pthread", .when(platforms: [.linux]))
            ]
        ),
        .target(name: "CBuildInfo", path: "Sources/CBuildInfo", cSettings: commitSettings),
        // The bottom layer, which knows nothing of OAuth: `World`, the effects and their live
        // versions (the callback listener, the OS keyrings), HTTP, the loopback server, crypto and
        // support code. Only the C shims are below it.
        .target(
            name: "KAuthBasics",
            dependencies: [
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
                "CCurl",
                "CKeyring"
            ],
            path: "Sources/KAuthBasics",
            linkerSettings: cryptoLinking + [.linkedFramework("Security", .when(platforms: [.macOS]))]
        ),
        .target(
            name: "KAuthCore",
            dependencies: [
                "KAuthBasics"
            ],
            path: "Sources/KAuthCore",
            linkerSettings: [.linkedFramework("Security", .when(platforms: [.macOS]))]
        ),
        // Kakao's product APIs, built on the core as Snapchat's are: share (Link), Talk, the user's
        // consent, scopes, service terms and properties.
        .target(
            name: "KakaoAPI",
            dependencies: ["KAuthBasics", "KAuthCore"],
            path: "Sources/KakaoAPI"
        ),
        // The sandbox signs ID tokens and reads multipart bodies, which the client never does: that
        // code (and its direct use of libcrypto) lives here, not in KAuthCore.
        .target(
            name: "KAuthSandbox",
            dependencies: [
                "KAuthBasics",
                "KAuthCore",
                "KakaoAPI",
                .target(name: "CCrypto", condition: .when(platforms: [.linux]))
            ],
            path: "Sources/KAuthSandbox",
            linkerSettings: cryptoLinking
        ),
        .target(
            name: "KAuthCLI", dependencies: ["KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthSandbox", "CBuildInfo"],
            path: "Sources/KAuthCLI"),
        .executableTarget(name: "kauth", dependencies: ["KAuthCLI", "KAuthBasics"], path: "Sources/kauth"),
        // Depends on KAuthSandbox only for `TestIDTokenSigner`: the client's tests need signed ID
        // tokens with chosen claims, and signing is the sandbox's.
        .target(
            name: "KAuthTestSupport",
            dependencies: ["KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthSandbox"],
            path: "Sources/KAuthTestSupport"
        ),
        // The bottom layer's own tests: they import KAuthBasics (and the test helpers), not the core.
        .testTarget(
            name: "KAuthBasicsTests",
            dependencies: ["KAuthBasics", "KAuthTestSupport"],
            path: "Tests/KAuthBasicsTests"
        ),
        .testTarget(
            name: "KAuthCoreTests",
            dependencies: ["KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthTestSupport"],
            path: "Tests/KAuthCoreTests"
        ),
        .testTarget(
            name: "KakaoAPITests",
            dependencies: ["KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthTestSupport"],
            path: "Tests/KakaoAPITests"
        ),
        .testTarget(
            name: "KAuthSandboxTests",
            dependencies: ["KAuthSandbox", "KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthTestSupport"],
            path: "Tests/KAuthSandboxTests"
        ),
        .testTarget(
            name: "KAuthCLITests",
            dependencies: ["KAuthCLI", "KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthSandbox", "KAuthTestSupport"],
            path: "Tests/KAuthCLITests",
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "KAuthEndToEndTests",
            dependencies: ["KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthTestSupport"],
            path: "Tests/KAuthEndToEndTests"
        )
    ],
    swiftLanguageModes: [.v6]
)
