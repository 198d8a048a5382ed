/// Every page kauth's loopback listener can show the browser. A closed list, so each page has one
/// reviewed text per language and tests can walk all of them.
///
/// `provider` is a display name ("Kakao", not the `--provider` key "kakao"). The provider's
/// `error`, `description`, `code` and `message` are untrusted text from the redirect: the only
/// request data a page shows, escaped and cut short.
enum BrowserPage: Sendable, Equatable {
    /// The redirect brought a code; the login is done as far as the browser is concerned.
    case loggedIn(provider: String)
    /// The provider redirected with `error=` (RFC 6749 §4.1.2.1).
    case loginFailed(provider: String, error: String, description: String?)
    /// The redirect came from another server than the provider's (RFC 9207 `iss`): refused as a
    /// provider's `invalid_issuer` would be, nothing exchanged.
    case wrongIssuer(provider: String, expected: String, got: String?)
    /// The redirect was good but exchanging its code failed; the terminal says why.
    case exchangeFailed(provider: String)
    /// `state` missing or wrong: ignored, the login is still waiting.
    case notThisLogin
    /// Meant for this login (the right `state`) but with neither `code` nor `error`: still waiting.
    case incomplete
    /// A second answer after the login already had one.
    case alreadyFinished
    /// The login stopped waiting before an answer came.
    case timedOut
    /// The single-use start link was opened twice: someone may have tried to take the login
    /// over, so it was stopped.
    case takeoverSuspected

    /// Only pages where something really failed use `.failure`; pages for a login that goes on
    /// say so with `.notice`.
    var tone: PageTone {
        switch self {
        case .loggedIn: .success
        case .loginFailed, .wrongIssuer, .exchangeFailed, .takeoverSuspected: .failure
        case .notThisLogin, .incomplete, .alreadyFinished: .notice
        case .timedOut: .warning
        }
    }

    /// The decorative glyph in the accent circle (hidden from screen readers: the heading says it).
    var glyph: String {
        switch self {
        case .loggedIn: "\u{2713}"
        case .loginFailed, .wrongIssuer, .exchangeFailed: "\u{2715}"
        case .takeoverSuspected, .timedOut: "!"
        case .notThisLogin, .incomplete, .alreadyFinished: "i"
        }
    }
}
