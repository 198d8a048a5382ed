import Foundation
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// The words of errors: what happened and what fixes it, with only the flags the command has.
@Suite struct ErrorMessagesTests {
    func messages(
        _ path: [String] = ["kauth", "login"], flags: Set<String> = ["client-id", "redirect-uri", "issuer"],
        profile: String? = nil
    ) -> ErrorMessages {
        ErrorMessages(commandPath: path, hasFlag: { flags.contains($0.name) }, profileFlag: profile)
    }

    /// A resource the login did not name: the login that names it. One it named and was still
    /// refused: no login to run, which would be refused again.
    @Test func aRefusedResourceOffersALoginOnlyWhenOneCouldHelp() {
        let failure = OAuthFailure(error: "invalid_target", provider: "oidc")
        let unnamed = messages(["kauth", "token"], flags: ["resource"])
            .message(for: .resourceRefused(profile: "default", resource: "https://r", named: false, failure))
        #expect(unnamed.contains("run `kauth login --resource https://r"), "\(unnamed)")
        let named = messages(["kauth", "token"], flags: ["resource"])
            .message(for: .resourceRefused(profile: "default", resource: "https://r", named: true, failure))
        #expect(!named.contains("kauth login") && named.contains("although this login named it"), "\(named)")
    }

    @Test func keystoreMessagesSayWhatToRun() {
        let path = "/home/u/.config/kauth/credentials.json"
        #expect(
            messages().message(for: .keystore(.tooOpen(path: path, permissions: 0o644)))
                == "permissions 0644 for '\(path)' are too open; run: chmod 600 \(path)")
        #expect(
            messages().message(for: .keystore(.folderTooOpen(path: "/f", permissions: 0o777))).contains("chmod 700 /f"))
        #expect(messages().message(for: .keystore(.corrupt(path: path, reason: .json(.notJSON)))).contains(path))
        #expect(messages().message(for: .keystore(.wrongPassphrase(path: path))).contains("KAUTH_PASSPHRASE"))
        #expect(messages().message(for: .keystore(.passphraseRequired(path: path))).contains("set KAUTH_PASSPHRASE"))
    }

    /// Why the keystore could not be used, as the words in parentheses: a fact each, nested where
    /// one problem was met inside another.
    @Test func keystoreProblemsAreWorded() {
        let words: [(KeystoreProblem, String)] = [
            (.json(.missing(key: "provider", at: "profiles.default")), "missing 'provider' at profiles.default"),
            (.json(.null(expected: "String", at: "")), "expected String, found null"),
            (
                .inDecryptedContents(.json(.typeMismatch(expected: "Int", at: "version"))),
                "decrypted contents: expected Int at version"
            ),
            (
                .unsupportedVersion(2, supported: 1),
                "version 2 is not supported (this kauth reads version 1); a newer kauth may have written it"
            ),
            (.unknown(member: "cipher", value: "rot13"), "unknown cipher 'rot13'"),
            (.bad(member: "nonce"), "bad nonce"),
            (.implausibleIterations(9, maximum: 8), "implausible iteration count 9 (at most 8)"),
            (.cannotEncrypt(.lockTimedOut(path: "/l")), "cannot encrypt: lock '/l' timed out"),
            (
                .wouldNotReadBack(.json(.notJSON)),
                "the new contents would not read back (not valid JSON); nothing was written"
            ),
            (.cannotDecrypt(.unsafe(.symbolicLink)), "cannot decrypt: it is a symbolic link")
        ]
        for (problem, sentence) in words {
            #expect(problem.localized.english == sentence)
        }
        #expect(
            messages().message(for: .keystore(.unsafeFile(path: "/c", reason: .othersCanWrite)))
                == "'/c' cannot be trusted (others can write it); kauth will not use it: remove it, or set KAUTH_HOME to a folder of your own"
        )
        #expect(
            messages().message(for: .keystore(.corrupt(path: "/k", reason: .unknownProtection("\u{1B}x"))))
                == "the keystore '/k' cannot be used (protection '\\x1Bx' is not known; a newer kauth may have written it); it was left as is: fix or move it away, then run `kauth login`"
        )
    }

    /// A redirect from another server (RFC 9207) reads as the provider's own `invalid_issuer` would.
    @Test func aForeignIssuerIsWordedAsAFailedLogin() {
        let text = messages().message(
            for: .loginCancelled(
                .wrongIssuer(provider: "Example", expected: "https://id.example.com", got: "https://x")))
        #expect(
            text.hasPrefix(
                "the login failed at Example (invalid_issuer: the authorization response's iss is 'https://x', not 'https://id.example.com' (RFC 9207); nothing was exchanged); run "
            ))
        #expect(
            LoginErrorWords.wrongIssuer(expected: "https://id.example.com", got: nil).localized.english
                == "the authorization response's iss is none, not 'https://id.example.com' (RFC 9207); nothing was exchanged"
        )
    }

    @Test func aMissingLibcurlSaysHowToInstallIt() {
        #expect(
            messages().message(for: .httpUnavailable(libcurlMissing: "libcurl.so.4: cannot open shared object file\n"))
                == "HTTP is not available on this machine: kauth needs libcurl to make HTTP requests and could not load it (libcurl.so.4: cannot open shared object file\\n). Install libcurl: on Debian or Ubuntu `apt install libcurl4`, on Fedora `dnf install libcurl`, on Alpine `apk add libcurl`."
        )
    }

    @Test func configMessagesNameTheLine() {
        #expect(
            messages().message(for: .config(.malformedLine(path: "config", line: 2, text: "oops")))
                == "config:2: expected `key = value`, found 'oops'; fix or remove that line")
    }

    @Test func secretsInProviderMessagesAreRedacted() {
        let failure = OAuthFailure(
            error: "invalid_grant", description: "not found for code=abc", providerCode: "KOE320", provider: "kakao")
        #expect(messages().message(for: .oauth(failure)).contains("code=[redacted]"))
    }

    @Test func aProviderWithoutPKCEIsRefusedWithTheFlagThatAllowsIt() {
        #expect(messages().message(for: .unsupported(provider: "oidc", .pkce)).contains("--allow-no-pkce"))
    }

    /// A hint names only flags the command has: `kauth token` has no `--client-id`.
    @Test func hintsNameOnlyFlagsThatExistWherePrinted() {
        let onLogin = messages().message(for: .missingSetting(.clientID, provider: "kakao"))
        #expect(
            onLogin.contains("--client-id") && onLogin.contains("KAUTH_CLIENT_ID") && onLogin.contains("REST API key"))
        let onToken = messages(["kauth", "token"], flags: []).message(
            for: .missingSetting(.clientID, provider: "kakao"))
        #expect(!onToken.contains("--client-id"))
        #expect(onToken.contains("KAUTH_CLIENT_ID") && onToken.contains("kauth config set provider.kakao.client_id"))
    }

    @Test func consentHintsNameTheProfileInUse() {
        let error = KAuthError.consentRequired(scopes: ["shipping_address"], message: "insufficient scopes")
        #expect(
            messages(profile: "work").message(for: error).contains(
                "`kauth scopes request shipping_address --profile work`"))
        #expect(messages().message(for: error).contains("`kauth scopes request shipping_address`"))
    }

    @Test func aTimedOutLoginSaysWhatUsuallyKeepsTheRedirectAway() {
        let hint = NoRedirectHint(
            provider: "Kakao", redirectURI: "http://127.0.0.1:52884/callback", registration: "Kakao console",
            clientIDName: "REST API key")
        let text = messages().message(for: .loginCancelled(.timedOut(seconds: 300, hint: hint)))
        #expect(text.contains("register exactly http://127.0.0.1:52884/callback"))
        #expect(text.contains("--redirect-uri"))
        #expect(text.contains("REST API key"))
        #expect(text.contains("--no-browser"))
    }

    @Test func aPortInTheEphemeralRangeSaysSo() {
        #expect(
            messages().message(for: .portInUse(port: 52884, redirectURI: "http://127.0.0.1:52884/callback")).contains(
                "ephemeral port range"))
        #expect(
            !messages().message(for: .portInUse(port: 8080, redirectURI: "http://127.0.0.1:8080/callback")).contains(
                "ephemeral"))
    }

    @Test func aDeadRefreshTokenSaysLogInAgain() {
        let text = messages(["kauth", "token"], flags: []).message(
            for: .sessionExpired(profile: "ci", reason: .refreshRefused(status: 400)))
        #expect(text.contains("HTTP 400"))
        #expect(text.contains("`kauth login --profile ci` again"))
    }

    /// Whatever a provider puts in its text, nothing reaches the terminal as a control sequence.
    @Test func providerTextIsPrintedWithControlCharactersVisible() {
        let hostile = "bad\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\r\nerror: fake line\u{202E}txt"
        let errors: [KAuthError] = [
            .oauth(OAuthFailure(error: hostile, description: hostile, providerCode: hostile, provider: "kakao")),
            .api(status: 400, code: -2, message: hostile),
            .consentRequired(scopes: [hostile], message: hostile),
            .unavailable(.unreachable(url: "https://kapi.kakao.com/v2/user/me", detail: hostile)),
            .unavailable(.serviceError(.api(path: "/v2/user/me"), code: -9798, message: hostile)),
            .unavailable(.temporaryError(.token, status: 503, error: hostile)),
            .loginCancelled(.denied(provider: "Kakao", error: hostile, description: hostile)),
            .invalidResponse(.jwksStatus(url: hostile, status: 404)),
            .sessionExpired(profile: "default", reason: .rejectedAfterRefresh(message: hostile)),
            .idTokenRefused(
                provider: "Kakao", .invalid(.wrongIssuer(expected: "https://kauth.kakao.com", actual: hostile))),
            .idTokenRefused(
                provider: "Kakao", .invalid(.unusableKey(kid: hostile, reason: .notForSignatures(use: hostile))))
        ]
        for error in errors {
            let text = messages().message(for: error)
            #expect(
                !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E }, "\(error)")
            #expect(text.contains("\\x1B") || text.contains("\\u{202E}"))
        }
    }
}
