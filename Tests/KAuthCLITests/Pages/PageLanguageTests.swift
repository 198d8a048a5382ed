import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthCLI
@testable import KAuthCore
@testable import KakaoAPI

@Suite struct PageLanguageTests {
    @Test(arguments: [
        ("ko", Language.korean),
        ("ko-KR", .korean),
        ("KO-kr", .korean),
        ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", .korean),
        ("en-US,en;q=0.9,ko;q=0.8", .english),
        ("ko;q=0.9, en;q=0.8", .korean),
        ("en;q=0.8 , ko ; q=0.9", .korean),
        ("en, ko", .english),
        ("ko, en", .english),
        ("ko;q=0.5, en;q=0.5", .english),
        ("ja, ko;q=0.5", .korean),
        ("*", .english),
        ("*, ko", .english),
        ("ko;q=0.4, *;q=0.5", .english),
        ("*;q=0.5, ko;q=0.6", .korean),
        ("ko;q=0, *", .english),
        ("en;q=0, ko;q=0.1", .korean),
        ("en;q=0", .english),
        ("ko;q=2", .english),
        ("ko;q=0x1p-1, en;q=0.1", .english),
        ("ko;q=nan", .english),
        ("ko;q=1.5", .english),
        ("ko;q=0.9999", .english),
        ("ko;q=1.000", .korean),
        ("korean", .english),
        ("k o", .english),
        ("한국어", .english),
        (";;;,,,", .english),
        ("", .english)
    ])
    func negotiatesFromAcceptLanguage(header: String, expected: Language) {
        #expect(PageLanguage.preferred(acceptLanguage: header) == expected, "\(header)")
    }

    @Test func noHeaderMeansEnglish() {
        #expect(PageLanguage.preferred(acceptLanguage: nil) == .english)
    }
}

/// A page of the core's catalogue or of the shipping-address picker's (KakaoAPI), for the tests
/// that walk every page kauth's listener can show.
enum AnyBrowserPage: Sendable, Equatable {
    case core(BrowserPage)
    case picker(AddressPickerPage)

    var glyph: String {
        switch self {
        case .core(let page): page.glyph
        case .picker(let page): page.glyph
        }
    }
}

extension BrowserPages {
    static func html(_ page: AnyBrowserPage, language: Language) -> String {
        switch page {
        case .core(let page): html(page, language: language)
        case .picker(let page): page.html(language: language)
        }
    }
}

/// One of each page, with a provider error that is harmless, for the tests that walk all pages.
let everyBrowserPage: [AnyBrowserPage] = [
    .core(.loggedIn(provider: "Kakao")),
    .core(.loginFailed(provider: "Kakao", error: "access_denied", description: "User denied access")),
    // Issuers without a scheme, so the walk's "no URL on a page" check stays simple.
    .core(.wrongIssuer(provider: "Kakao", expected: "kauth.kakao.example", got: "evil.example")),
    .core(.exchangeFailed(provider: "Kakao")),
    .core(.notThisLogin),
    .core(.incomplete),
    .picker(.incomplete),
    .core(.alreadyFinished),
    .picker(.alreadyFinished),
    .core(.timedOut),
    .core(.takeoverSuspected),
    .picker(.takeoverSuspected),
    .picker(.addressChosen(provider: "Kakao")),
    .picker(.addressPickerFailed(provider: "Kakao", code: "-401", message: "The token has expired"))
]

/// A file-name-friendly name per case. The switches have no default, so a new case cannot compile
/// until it is named here, and `coversEveryCase` then fails until it is in `everyBrowserPage`.
func caseName(_ page: AnyBrowserPage) -> String {
    switch page {
    case .core(let page):
        switch page {
        case .loggedIn: "logged-in"
        case .loginFailed: "login-failed"
        case .wrongIssuer: "wrong-issuer"
        case .exchangeFailed: "exchange-failed"
        case .notThisLogin: "not-this-login"
        case .incomplete: "incomplete"
        case .alreadyFinished: "already-finished"
        case .timedOut: "timed-out"
        case .takeoverSuspected: "takeover-suspected"
        }
    case .picker(let page):
        switch page {
        case .incomplete: "incomplete-picker"
        case .alreadyFinished: "already-finished-picker"
        case .takeoverSuspected: "takeover-suspected-picker"
        case .addressChosen: "address-chosen"
        case .addressPickerFailed: "address-picker-failed"
        }
    }
}

/// What is between `<tag…>` and `</tag>`, the first time.
func element(_ tag: String, in html: String) -> String? {
    guard let open = html.range(of: "<\(tag)"),
        let close = html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex),
        let end = html.range(of: ">", range: open.upperBound..<close.lowerBound)
    else { return nil }
    return String(html[end.upperBound..<close.lowerBound])
}
