import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

@testable import KAuthCLI

/// The error catalogue in both languages, and the messages that must name the real fault: after
/// a warning about a wrong `state`, on a server on this machine, for a scope that is no consent
/// item, a provider name with a typo, a port another login listens on, a login without an ID
/// token or a refresh token handed over that the provider refused.
@Suite struct ErrorWordsTests {
    func messages(
        _ language: Language = .english, path: [String] = ["kauth", "login"],
        flags: Set<String> = ["client-id", "redirect-uri", "issuer", "port"]
    ) -> ErrorMessages {
        var messages = ErrorMessages(commandPath: path, hasFlag: { flags.contains($0.name) }, profileFlag: nil)
        messages.language = language
        return messages
    }

    /// A sample of errors from every area.
    static let sample: [KAuthError] = [
        .notLoggedIn(profile: "work"),
        .missingSetting(.clientID, provider: "kakao"),
        .unknownProvider(name: "snap", known: ["kakao", "snapchat", "oidc"]),
        .keystore(.tooOpen(path: "/k/credentials.json", permissions: 0o644)),
        .keystore(.corrupt(path: "/k/credentials.json", reason: .json(.missing(key: "provider", at: "profiles.a")))),
        .sessionExpired(profile: "default", reason: .refreshTokenExpired(at: Date(timeIntervalSince1970: 0))),
        .consentRequired(scopes: ["talk_message"], message: "insufficient scopes"),
        .unavailable(.unreachable(url: "https://kapi.kakao.com/v2/user/me", detail: "Connection refused")),
        .invalidResponse(.noAccessToken(status: 200)),
        .idTokenRefused(provider: "Kakao", .invalid(.nonceMismatch)),
        .loginCancelled(.interrupted),
        .loginCancelled(.deviceExpired),
        .portInUse(port: 8080, redirectURI: "http://127.0.0.1:8080/callback"),
        .config(.unknownKey("x", known: ["client_id"])),
        .apiRefused(.quotaExceeded, provider: "Kakao", code: -10, message: "quota"),
        .invalidTemplate(violations: TemplateValidator.violations(in: .object([:]))),
        .addressPickerEnded(.interrupted)
    ]

    @Test func everyErrorOfTheSampleHasKoreanWordsThatKeepItsCommands() {
        for error in Self.sample {
            let english = messages(.english).message(for: error)
            let korean = messages(.korean).message(for: error)
            #expect(english != korean, "\(error): \(korean)")
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
            // Commands to run are the same bytes in both languages.
            let commands = english.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map(\.element)
            for command in commands { #expect(korean.contains("`\(command)`"), "\(command) in \(korean)") }
        }
    }

    /// The timeout after requests with a wrong `state` does not blame the registration: the
    /// redirect URI reached the listener, as the warning printed for each of them said.
    @Test func aTimeoutAfterAWrongStateDoesNotBlameTheRegistration() {
        var hint = NoRedirectHint(
            provider: "Example", redirectURI: "http://127.0.0.1:8085/callback", registration: nil,
            clientIDName: "client id")
        let plain = messages().message(for: .loginCancelled(.timedOut(seconds: 60, hint: hint)))
        #expect(plain.contains("not registered"))
        hint.wrongStateRequests = 2
        for language in Language.allCases {
            let text = messages(language).message(for: .loginCancelled(.timedOut(seconds: 60, hint: hint)))
            #expect(!text.contains("not registered") && !text.contains("등록되지 않은"), "\(text)")
        }
        let english = messages().message(for: .loginCancelled(.timedOut(seconds: 60, hint: hint)))
        #expect(
            english.contains(
                "so the redirect URI is registered, but it ignored 2 requests with a missing or wrong state"))
        #expect(
            messages(.korean).message(for: .loginCancelled(.timedOut(seconds: 60, hint: hint))).contains("2개를 무시했습니다"))
    }

    /// A refused scope is not fixed by the same login again: the words say it is no consent item.
    @Test func anInvalidScopeSaysItIsNotAConsentItem() {
        var login = messages()
        login.loginScopes = "bogus_scope"
        login.repeatLogin = " --scopes bogus_scope"
        let error = KAuthError.loginCancelled(
            .denied(provider: "Kakao", error: "invalid_scope", description: "invalid scope: bogus_scope"))
        let english = login.message(for: error)
        #expect(english.contains("a scope asked for (bogus_scope) is not a consent item of the app"))
        #expect(!english.contains("to try again") && !english.contains("--scopes bogus_scope`"))
        login.language = .korean
        #expect(login.message(for: error).contains("앱의 동의항목이 아닌 것이 있습니다"))
        // Other provider errors still offer the same login again.
        #expect(
            messages().message(
                for: .loginCancelled(.denied(provider: "Kakao", error: "server_error", description: nil))
            )
            .contains("to try again"))
    }

    /// A server on this machine that does not answer is a stopped sandbox, not a network.
    @Test func aLoopbackServerThatDoesNotAnswerIsNotANetworkProblem() {
        let local = KAuthError.unavailable(
            .unreachable(url: "http://127.0.0.1:9/v2/user/me", detail: "Connection refused"))
        let english = messages().message(for: local)
        #expect(english.contains("is the sandbox or local server still running?"))
        #expect(!english.contains("check your network"))
        #expect(messages(.korean).message(for: local).contains("샌드박스나 로컬 서버가 아직 실행 중인지"))
        let remote = KAuthError.unavailable(.unreachable(url: "https://kapi.kakao.com/v2/user/me", detail: "timeout"))
        #expect(messages().message(for: remote).hasSuffix("; check your network or try again later"))
        // A host name that only looks local is not loopback.
        let lookalike = KAuthError.unavailable(.noAnswer(url: "http://127.evil.example/v2/user/me"))
        #expect(messages().message(for: lookalike).contains("check your network"))
    }

    /// `--provider Kakao` is a typo of `kakao`: "did you mean", not "configure a provider named Kakao".
    @Test func aMistypedProviderIsNotOfferedAsANewOne() {
        let typo = KAuthError.unknownProvider(name: "Kakao", known: ["kakao", "snapchat", "oidc"])
        #expect(!messages().message(for: typo).contains("config set provider.Kakao"))
        let new = KAuthError.unknownProvider(name: "gitlab", known: ["kakao", "snapchat", "oidc"])
        #expect(messages().message(for: new).contains("`kauth config set provider.gitlab.type oidc`"))
    }

    /// A port another program listens on (another `kauth login`) is not blamed on an outgoing
    /// connection, whatever range it lies in.
    @Test func aPortAnotherLoginListensOnIsSaidSo() {
        let listening = KAuthError.portInUse(
            port: 52884, redirectURI: "http://127.0.0.1:52884/callback", listening: true)
        let text = messages().message(for: listening)
        #expect(text.contains("another `kauth login` still waiting for its browser"))
        #expect(!text.contains("outgoing connection"))
        let held = KAuthError.portInUse(port: 52884, redirectURI: "http://127.0.0.1:52884/callback", listening: false)
        #expect(messages().message(for: held).contains("outgoing connection"))
        #expect(messages(.korean).message(for: listening).contains("다른 `kauth login`"))
    }

    /// A login without an ID token, or a refresh token handed over that the provider refused, is
    /// not "the stored login can no longer be used".
    @Test func neitherAMissingIDTokenNorARefusedHandOverEndsTheStoredLogin() {
        let noIDToken = KAuthError.sessionExpired(profile: "default", reason: .noIDToken)
        let refused = KAuthError.sessionExpired(
            profile: "default", reason: .givenTokenRejected(detail: .said("invalid_grant")))
        for language in Language.allCases {
            for error in [noIDToken, refused] {
                let text = messages(language, path: ["kauth", "token"], flags: ["id-token"]).message(for: error)
                #expect(!text.contains("can no longer be used") && !text.contains("더 이상 사용할 수 없습니다"), "\(text)")
            }
        }
        #expect(
            messages(path: ["kauth", "token"], flags: []).message(for: noIDToken)
                .contains("The login itself is fine; to get an ID token, run `kauth login --openid`"))
        #expect(
            messages(path: ["kauth", "login"], flags: []).message(for: refused)
                .contains("(invalid_grant); nothing was stored"))
    }

    /// The product failures are matched exhaustively: each has its words and its exit code.
    @Test func everyProductFailureHasWordsAndAnExitCode() {
        let failures: [KAuthError] = [
            .invalidTemplate(violations: []), .userTokenForShare(), .addressPickerEnded(.takeover),
            .addressPickerFailed(AddressPickerFailure(code: "KAE004", message: nil, meaning: .timeExpired)),
            .addressPicker(.addressNotReturned(id: 7))
        ]
        for failure in failures {
            #expect(!messages().message(for: failure).isEmpty)
            #expect(!messages(.korean).message(for: failure).isEmpty)
        }
        #expect(KAuthError.addressPickerEnded(.interrupted).exitCode == 6)
        #expect(KAuthError.invalidTemplate(violations: []).exitCode == 2)
    }
}

/// Errors of the running command line in Korean: the usage error, its "did you mean" and the
/// help hint; `--json` the same bytes in both languages.
@Suite struct KoreanErrorRunTests {
    func run(_ line: [String], language: String) async -> (Int32, TerminalRecorder) {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let recorder = TerminalRecorder()
        let world = World.test(
            fileSystem: .live, terminal: recorder.terminal,
            environment: ["KAUTH_HOME": home.path + "/kauth", "KAUTH_LANG": language])
        return (await CLI.run(line, world: world), recorder)
    }

    @Test func aUsageErrorSpeaksKoreanAndKeepsTheFlags() async {
        let (code, output) = await run(["token", "--profil", "x"], language: "ko")
        #expect(code == 2)
        #expect(
            output.err
                == "오류: 'kauth token'에 알 수 없는 플래그 '--profil'입니다\n\n혹시 이것을 찾으셨나요?\n  --profile\n\n사용법은 'kauth token --help'를 실행해 확인하십시오.\n"
        )
        let (_, english) = await run(["token", "--profil", "x"], language: "en")
        #expect(english.err.hasPrefix("error: unknown flag '--profil' for 'kauth token'\n"))
    }

    @Test func aKoreanProfileNameIsRefusedForNotBeingASCII() async {
        let (code, output) = await run(["token", "--profile", "회사"], language: "ko")
        #expect(code == 2)
        #expect(output.err == "오류: 프로필 이름 '회사'은(는) 쓸 수 없습니다. 영문자(a-z, A-Z), 숫자, '-', '_', '.'만 쓰십시오\n")
        let (_, english) = await run(["token", "--profile", "회사"], language: "en")
        #expect(english.err.contains("use ASCII letters (a-z, A-Z)"))
    }

    @Test func errorsInJSONAreTheSameInBothLanguages() async {
        for line in [
            ["token", "--profil", "x", "--json"], ["status", "--profile", "a b", "--json"],
            ["config", "get", "x", "--json"]
        ] {
            let (koreanCode, korean) = await run(line, language: "ko")
            let (englishCode, english) = await run(line, language: "en")
            #expect(koreanCode == englishCode)
            #expect(korean.out == english.out && !korean.out.isEmpty, "\(line)")
            #expect(korean.out.unicodeScalars.allSatisfy { $0.isASCII }, "\(korean.out)")
        }
    }

    /// `status --provider snap` offers no login that fails as an unknown provider: it fails so itself,
    /// with the provider meant.
    @Test func statusWithAnUnknownProviderSaysSo() async {
        let (code, output) = await run(["status", "--provider", "snap"], language: "en")
        #expect(code == 2)
        #expect(output.err.hasPrefix("error: unknown provider 'snap'; known providers: kakao, snapchat, oidc"))
        #expect(output.err.contains("Did you mean this?\n  snapchat"))
        #expect(!output.err.contains("kauth login --provider snap"))
        let (_, korean) = await run(["status", "--provider", "snap"], language: "ko")
        #expect(korean.err.hasPrefix("오류: 알 수 없는 제공자 'snap'입니다"))
        #expect(korean.err.contains("혹시 이것을 찾으셨나요?\n  snapchat"))
    }
}
