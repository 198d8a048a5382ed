import Testing

@testable import KAuthCLI

/// The terminal's language: `KAUTH_LANG`, then config `language`, then the locale as POSIX orders
/// it (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first set and not empty).
@Suite struct LanguageTests {
    func resolve(_ variables: [String: String], configured: String? = nil) -> Language {
        Language.resolve(environment: { variables[$0] }, configured: { configured })
    }

    @Test func nothingSetIsEnglish() {
        #expect(resolve([:]) == .english)
    }

    @Test(arguments: [
        (["LANG": "ko_KR.UTF-8"], Language.korean),
        (["LANG": "ko"], .korean),
        (["LANG": "en_US.UTF-8"], .english),
        (["LANG": "C"], .english),
        (["LANG": "ja_JP.UTF-8"], .english),
        (["LC_ALL": "C", "LANG": "ko_KR.UTF-8"], .english),
        (["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], .korean),
        (["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], .korean),
        (["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"], .korean),
        (["LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"], .english)
    ])
    func theLocaleDecidesInPOSIXOrder(variables: [String: String], expected: Language) {
        #expect(resolve(variables) == expected)
    }

    @Test func kauthLangAndTheConfigOverrideTheLocaleForKauthAlone() {
        #expect(resolve(["KAUTH_LANG": "ko", "LC_ALL": "C"]) == .korean)
        #expect(resolve(["KAUTH_LANG": "en", "LANG": "ko_KR.UTF-8"]) == .english)
        #expect(resolve(["LC_ALL": "C"], configured: "ko") == .korean)
        #expect(resolve(["LANG": "ko_KR.UTF-8"], configured: "en") == .english)
        // The environment wins over the config file, as everywhere else.
        #expect(resolve(["KAUTH_LANG": "en"], configured: "ko") == .english)
    }

    @Test func aValueKauthDoesNotSpeakIsIgnoredRatherThanFatal() {
        #expect(resolve(["KAUTH_LANG": "fr", "LANG": "ko_KR.UTF-8"]) == .korean)
        #expect(resolve(["KAUTH_LANG": "", "LANG": "ko_KR.UTF-8"]) == .korean)
        #expect(resolve(["LANG": "ko_KR.UTF-8"], configured: "de") == .korean)
    }
}
