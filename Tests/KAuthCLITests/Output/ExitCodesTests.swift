import Foundation
import KAuthBasics
import KAuthCore
import KakaoAPI
import Testing

@testable import KAuthCLI

/// `exitCode` and `code` of `KAuthError` and `CommandError` against the contract users read: the table of
/// Docs/exit-codes.md, which lists the JSON `code` values each exit code is given with.
struct ExitCodesTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/exit-codes.md")

    /// The table's rows: exit code → the JSON `code` values in backquotes.
    static func documented() throws -> [Int32: Set<String>] {
        var rows: [Int32: Set<String>] = [:]
        for line in try String(contentsOf: docs, encoding: .utf8).split(separator: "\n") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 5, let code = Int32(cells[1]) else { continue }
            // Words in brackets remark on a code (`usage` (… with `suggestions`)); they name none.
            let codes = cells[3].replacing(/\([^)]*\)/, with: "")
            rows[code] = Set(
                codes.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
                    .map { String($0.element) })
        }
        return rows
    }

    /// One error of each case, with the exit code and JSON code the contract gives it.
    static let samples: [(KAuthError, Int32, String)] = [
        (.missingSetting(.clientID, provider: "kakao"), 2, "usage"),
        (.invalidSetting(name: "n", value: "v", expected: ["e"]), 2, "usage"),
        (.unknownProvider(name: "x", known: ["kakao"]), 2, "usage"),
        (.providerMismatch(profile: "p", stored: "kakao", selected: "snapchat"), 2, "usage"),
        (.insecureURL(label: "issuer", url: "http://x"), 2, "usage"),
        (.notAURL(label: "issuer", value: "x"), 2, "usage"),
        (.plainHTTPServer(url: "https://x"), 2, "usage"),
        (.unsupported(provider: "kakao", .deviceGrant(discovered: false)), 2, "usage"),
        (.invalidRedirectURI(uri: "x", problem: .notHTTP), 2, "usage"),
        (.redirectPortConflict(port: 1, uri: "x"), 2, "usage"),
        (.hostNotAllowed(url: "x", provider: "kakao", allowed: []), 2, "usage"),
        (.config(.unknownKey("x", known: [])), 2, "usage"),
        (.invalidTemplate(violations: []), 2, "invalid_template"),
        (.userTokenForShare(), 1, "failure"),
        (.notLoggedIn(profile: "default"), 3, "not_logged_in"),
        (.sessionExpired(profile: "default", reason: .noRefreshToken), 3, "session_expired"),
        (.environmentTokenRejected(reason: "x"), 3, "environment_token_rejected"),
        (
            .subjectToken(source: .environment(variable: "X"), .expired(at: Date(timeIntervalSince1970: 0))), 3,
            "subject_token_refused"
        ),
        (.subjectToken(source: .githubActions(audience: "a"), .githubRefused(status: 403)), 3, "subject_token_refused"),
        (.consentRequired(scopes: ["a"], message: ""), 4, "consent_required"),
        (.unavailable(.noAnswer(url: "x")), 5, "unavailable"),
        (.loginCancelled(.interrupted), 6, "login_cancelled"),
        (.addressPickerEnded(.interrupted), 6, "picker_cancelled"),
        (.keystore(.notOwned(path: "x")), 7, "keystore"),
        (.portInUse(port: 1, redirectURI: "x"), 1, "port_in_use"),
        (.oauth(OAuthFailure(error: "invalid_grant", provider: "kakao")), 1, "oauth_error"),
        (
            .resourceRefused(
                profile: "p", resource: "https://r", named: false,
                OAuthFailure(error: "invalid_target", provider: "oidc")), 1,
            "invalid_target"
        ),
        (.api(status: 400, code: -101, message: "x"), 1, "api_error"),
        (.apiNotPermitted(code: -3, message: "x", path: "/x"), 1, "api_error"),
        (.appKeyRejected(provider: "kakao", message: "x"), 1, "api_error"),
        (.apiRefused(.quotaExceeded, provider: "Kakao", code: -10, message: "x"), 1, "api_error"),
        (.invalidResponse(.insecureVerificationURI), 1, "invalid_response"),
        (.discovery(url: "x", .incomplete), 1, "invalid_response"),
        (.endpointsUnknown(provider: "x"), 1, "invalid_response"),
        (.idTokenRefused(provider: "x", .anotherUser), 1, "id_token_refused"),
        (.foreignUserinfo(subject: nil, expected: "x"), 1, "userinfo_subject_mismatch"),
        (.loginReplaced(profile: "p", provider: "x"), 1, "login_replaced"),
        (.tlsFailed(url: "x", detail: "x", trust: TLSTrust()), 1, "tls_error"),
        (.pagesStopped(.tooManyPages(3)), 1, "pagination_stopped"),
        (.listenerFailed(.socket(operation: "bind", reason: "x")), 1, "failure"),
        (.httpUnavailable(libcurlMissing: "x"), 1, "failure"),
        (.unexpected(description: "x"), 1, "failure"),
        (.clientAuthentication(provider: "oidc", .noPrivateKey), 2, "usage"),
        (.clientAuthentication(provider: "oidc", .signingFailed), 1, "failure"),
        (
            .addressPickerFailed(AddressPickerFailure(code: "KAE001", message: nil, meaning: .internalError)), 1,
            "picker_error"
        ),
        (.addressPicker(.noAgentToken(path: "/x", status: 200)), 1, "invalid_response"),
        (.addressPicker(.agentTokenUnreadable(path: "/x", status: 400)), 1, "invalid_response"),
        (.addressPicker(.addressNotReturned(id: 1)), 1, "invalid_response")
    ]

    /// The command line's own failures, with the exit code and JSON code the contract gives them.
    static let commandSamples: [(CommandError, Int32, String)] = [
        (.usage(.verbatim("x")), 2, "usage"), (.failed(.verbatim("x")), 1, "failure"),
        (.cancelled(.verbatim("x")), 6, "cancelled")
    ]

    /// Every sample of both types: its case's name, the codes the mapping gives it and the ones
    /// the contract does.
    static var checks: [(name: String, given: (Int32, String), expected: (exitCode: Int32, code: String))] {
        samples.map { (name($0.0), ($0.0.exitCode, $0.0.code), ($0.1, $0.2)) }
            + commandSamples.map { (name($0.0), ($0.0.exitCode, $0.0.code), ($0.1, $0.2)) }
    }

    /// The case's name; a new case does not compile here until it has a sample above.
    static func name(_ error: CommandError) -> String {
        switch error {
        case .usage: "CommandError.usage"
        case .failed: "CommandError.failed"
        case .cancelled: "CommandError.cancelled"
        }
    }

    /// The case's name; a new case does not compile here until it has a sample above.
    static func name(_ error: KAuthError) -> String {
        switch error {
        case .subjectToken: "subjectToken"
        case .resourceRefused: "resourceRefused"
        case .missingSetting: "missingSetting"
        case .invalidSetting: "invalidSetting"
        case .unknownProvider: "unknownProvider"
        case .providerMismatch: "providerMismatch"
        case .insecureURL: "insecureURL"
        case .notAURL: "notAURL"
        case .plainHTTPServer: "plainHTTPServer"
        case .unsupported: "unsupported"
        case .invalidRedirectURI: "invalidRedirectURI"
        case .redirectPortConflict: "redirectPortConflict"
        case .hostNotAllowed: "hostNotAllowed"
        case .config: "config"
        case .notLoggedIn: "notLoggedIn"
        case .sessionExpired: "sessionExpired"
        case .environmentTokenRejected: "environmentTokenRejected"
        case .subjectToken: "subjectToken"
        case .consentRequired: "consentRequired"
        case .unavailable: "unavailable"
        case .loginCancelled: "loginCancelled"
        case .keystore: "keystore"
        case .portInUse: "portInUse"
        case .oauth: "oauth"
        case .resourceRefused: "resourceRefused"
        case .api: "api"
        case .apiNotPermitted: "apiNotPermitted"
        case .appKeyRejected: "appKeyRejected"
        case .invalidResponse: "invalidResponse"
        case .discovery: "discovery"
        case .idTokenRefused: "idTokenRefused"
        case .endpointsUnknown: "endpointsUnknown"
        case .foreignUserinfo: "foreignUserinfo"
        case .loginReplaced: "loginReplaced"
        case .apiRefused: "apiRefused"
        case .tlsFailed: "tlsFailed"
        case .pagesStopped: "pagesStopped"
        case .listenerFailed: "listenerFailed"
        case .httpUnavailable: "httpUnavailable"
        case .unexpected: "unexpected"
        case .clientAuthentication(_, let problem):
            problem == .signingFailed ? "clientAuthentication.signing" : "clientAuthentication"
        case .product(let product): "product.\(product.failure)"
        }
    }

    @Test func everyCaseHasASample() {
        // 39 cases besides `product`, which has one for each case of Kakao's share (2) and picker
        // (5) failures, and `clientAuthentication`, which has two exit codes; the command line's
        // own three.
        let names: Set<String> = Set(Self.samples.map { Self.name($0.0) })
        let expected: Int = 39 + 1 + 2 + 5
        #expect(names.count == expected)
        #expect(Set(Self.commandSamples.map { Self.name($0.0) }).count == 3)
    }

    @Test func everyCaseMapsToItsDocumentedCodes() throws {
        let documented = try Self.documented()
        #expect(documented.keys.sorted() == [0, 1, 2, 3, 4, 5, 6, 7])
        for (name, given, (exitCode, code)) in Self.checks {
            #expect(given.0 == exitCode, "\(name)")
            #expect(given.1 == code, "\(name)")
            #expect(documented[exitCode]?.contains(code) == true, "Docs/exit-codes.md lists \(code) under \(exitCode)")
        }
    }

    @Test func everyDocumentedCodeIsGiven() throws {
        let given = Set(Self.checks.map { "\($0.expected.exitCode) \($0.expected.code)" })
        for (exitCode, codes) in try Self.documented() where exitCode != 0 {
            for code in codes {
                #expect(given.contains("\(exitCode) \(code)"), "\(code) under \(exitCode) in Docs/exit-codes.md")
            }
        }
    }

    /// A page that failed stops the walk with that page's own exit code and JSON code.
    @Test func aFailedPageKeepsItsOwnCodes() {
        let stop = KAuthError.pagesStopped(.failed(page: 2, url: "x", .unavailable(.noAnswer(url: "x"))))
        #expect(stop.exitCode == 5)
        #expect(stop.code == "unavailable")
        let walk = KAuthError.pagesStopped(.notJSON(page: 2, url: "x"))
        #expect(walk.exitCode == 1)
        #expect(walk.code == "pagination_stopped")
    }
}
