import Foundation
import KAuthTestSupport
import Testing

/// `make install-files` (the second half of `make install`) and `make uninstall`, into a staging
/// folder (DESTDIR), with the built kauth: the binary, its links for git and Docker, the man pages
/// (English, and Korean where man-db looks under a `ko` locale) and the three completion scripts
/// land where their programs look, and all of them go again. Skipped without make.
@Suite struct InstallTests {
    static let files = [
        "bin/kauth", "share/man/man1/kauth.1", "share/man/ko/man1/kauth.1", "share/bash-completion/completions/kauth",
        "share/zsh/site-functions/_kauth", "share/fish/vendor_completions.d/kauth.fish"
    ]

    /// Each link and what it points at: git and Docker run their helpers by these names (kauth
    /// answers to them), and `man` finds each helper's page (kauth's).
    static let links = [
        "bin/git-credential-kauth": "kauth", "bin/docker-credential-kauth": "kauth",
        "share/man/man1/git-credential-kauth.1": "kauth.1", "share/man/man1/docker-credential-kauth.1": "kauth.1",
        "share/man/ko/man1/git-credential-kauth.1": "kauth.1", "share/man/ko/man1/docker-credential-kauth.1": "kauth.1"
    ]

    func make(_ arguments: [String]) async throws -> RunResult {
        try await Spawned(
            ["-s", "-C", packageRoot] + arguments,
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            executable: "/usr/bin/make"
        ).wait()
    }

    @Test func installsEverythingUnderThePrefixAndUninstallsIt() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else { return }
        let stage = TemporaryDirectory()
        defer { stage.remove() }
        let settings = ["DESTDIR=\(stage.path)", "PREFIX=/opt/kauth"]
        let install = try await make(["install-files", "KAUTH=\(kauthBinary)"] + settings)
        #expect(install.code == 0, "\(install.err)")
        let root = stage.path + "/opt/kauth/"
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: root + file), "\(file) missing")
        }
        // git and Docker run their helpers by these names; kauth answers to them.
        for (link, target) in Self.links {
            #expect(
                (try? FileManager.default.destinationOfSymbolicLink(atPath: root + link)) == target,
                "\(link) is not a link to \(target)")
        }
        let installed = root + "bin/kauth"
        #expect(
            try await Spawned(["--version"], environment: [:], executable: installed).wait().out.hasPrefix("kauth "))
        // The installer's own locale changes nothing: English files stay English.
        let settingsInKorean = settings + ["LANG=ko_KR.UTF-8"]
        _ = try await make(["install-files", "KAUTH=\(kauthBinary)"] + settingsInKorean)
        for (file, arguments, language) in [
            ("share/man/man1/kauth.1", ["__man"], "en"), ("share/man/ko/man1/kauth.1", ["__man"], "ko"),
            ("share/zsh/site-functions/_kauth", ["completion", "zsh"], "en"),
            ("share/fish/vendor_completions.d/kauth.fish", ["completion", "fish"], "en")
        ] {
            let expected = try await Spawned(arguments, environment: ["KAUTH_LANG": language], executable: installed)
                .wait().out
            #expect(try String(contentsOfFile: root + file, encoding: .utf8) == expected, "\(file)")
            let mode = try FileManager.default.attributesOfItem(atPath: root + file)[.posixPermissions] as? Int
            #expect(mode == 0o644, "\(file)")
        }
        let uninstall = try await make(["uninstall"] + settings)
        #expect(uninstall.code == 0, "\(uninstall.err)")
        for file in Self.files + Self.links.keys.sorted() {
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: root + file)) == nil)
            #expect(!FileManager.default.fileExists(atPath: root + file), "\(file) left behind")
        }
    }
}
