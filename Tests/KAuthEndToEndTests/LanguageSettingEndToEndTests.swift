import Foundation
import KAuthTestSupport
import Testing

/// Config `language` (and `provider.NAME.language`): `kauth config set language ko` makes kauth
/// speak Korean whatever the locale, KAUTH_LANG still wins, a value other than `ko` or `en` is
/// refused with nothing written, and machine output stays the same bytes.
@Suite struct LanguageSettingEndToEndTests {
    @Test func configLanguageChoosesHelpsLanguage() async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        let english = "kauth status — show the stored login, offline\n"
        let korean = "kauth status — 저장된 로그인을 오프라인으로 보여 줍니다\n"
        func firstLine(_ extra: [String: String] = [:]) async throws -> String {
            let run = try await env.run(["status", "--help"], extra: extra)
            return String(run.out.prefix { $0 != "\n" }) + "\n"
        }
        #expect(try await firstLine(["LC_ALL": "C"]) == english)
        #expect(try await env.run(["config", "set", "language", "ko"]).code == 0)
        #expect(try await env.run(["config", "get", "language"]).out == "ko\n")
        #expect(try await firstLine(["LC_ALL": "C"]) == korean)
        #expect(try await firstLine(["LC_ALL": "C", "KAUTH_LANG": "en"]) == english)
        // --json and the exit code do not change with it.
        let json = try await env.run(["status", "--json"])
        let jsonInEnglish = try await env.run(["status", "--json"], extra: ["KAUTH_LANG": "en"])
        #expect(json.code == 3 && jsonInEnglish.code == 3)
        #expect(json.out == jsonInEnglish.out)
        #expect(try await env.run(["config", "unset", "language"]).code == 0)
        #expect(try await firstLine(["LC_ALL": "C"]) == english)
        // The provider's key, for the provider the line selects.
        #expect(try await env.run(["config", "set", "provider.kakao.language", "ko"]).code == 0)
        #expect(try await firstLine(["LC_ALL": "C"]) == korean)
        #expect(try await env.run(["config", "unset", "provider.kakao.language"]).code == 0)
    }

    @Test func anotherLanguageIsRefusedAndNothingIsWritten() async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        for (key, value) in [("language", "fr"), ("language", "KO"), ("provider.kakao.language", "ja")] {
            let run = try await env.run(["config", "set", key, value])
            #expect(run.code == 2, "\(key) \(value): \(run.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: env.home + "/config"), "nothing was written")
        #expect(try await env.run(["config", "set", "languages", "ko"]).code == 2)
    }

    /// `KAUTH_LANG=ko kauth __man` is the Korean page `make install` puts under share/man/ko,
    /// and man(1) renders it (man-db with groff, when installed).
    @Test func theKoreanManPageRendersWithMan() async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        let page = try await env.run(["__man"], extra: ["KAUTH_LANG": "ko"])
        #expect(page.code == 0)
        #expect(page.out.contains(".SH \"\\[uC774]\\[uB984]\""), "NAME as 이름")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
        let file = env.home + ".kauth.1"
        try page.out.write(toFile: file, atomically: true, encoding: .utf8)
        let man = try await Spawned(
            ["-l", file],
            environment: [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANPAGER": "cat", "MANWIDTH": "80",
                "MAN_KEEP_FORMATTING": ""
            ], executable: "/usr/bin/man"
        ).wait()
        #expect(man.code == 0, "\(man.err)")
        #expect(man.out.contains("종료 상태"), "\(man.out.prefix(400))")
        #expect(man.out.contains("액세스 토큰"))
    }
}
