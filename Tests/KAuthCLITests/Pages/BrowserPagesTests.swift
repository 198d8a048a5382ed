import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics
@testable import KAuthCLI
@testable import KAuthCore
@testable import KakaoAPI

@Suite struct BrowserPagesTests {
    @Test func coversEveryCase() {
        #expect(Set(everyBrowserPage.map(caseName)).count == everyBrowserPage.count)
        #expect(everyBrowserPage.count == 14)
    }

    @Test(arguments: [
        (AnyBrowserPage.core(.loggedIn(provider: "Kakao")), "Logged in — kauth", "로그인 완료 — kauth"),
        (
            .core(.loginFailed(provider: "Kakao", error: "e", description: nil)), "Login failed — kauth",
            "로그인 실패 — kauth"
        ),
        (.core(.exchangeFailed(provider: "Kakao")), "Login failed — kauth", "로그인 실패 — kauth"),
        (.core(.notThisLogin), "Request ignored — kauth", "요청 무시됨 — kauth"),
        (.core(.incomplete), "Incomplete answer — kauth", "불완전한 응답 — kauth"),
        (.picker(.incomplete), "Incomplete answer — kauth", "불완전한 응답 — kauth"),
        (.core(.alreadyFinished), "Login already finished — kauth", "이미 끝난 로그인 — kauth"),
        (.picker(.alreadyFinished), "Already finished — kauth", "이미 끝난 배송지 선택 — kauth"),
        (.core(.timedOut), "Login timed out — kauth", "로그인 시간 초과 — kauth"),
        (.core(.takeoverSuspected), "Login stopped — kauth", "로그인 중단됨 — kauth"),
        (.picker(.takeoverSuspected), "Address choice stopped — kauth", "배송지 선택 중단됨 — kauth"),
        (.picker(.addressChosen(provider: "Kakao")), "Address chosen — kauth", "배송지 선택 완료 — kauth"),
        (
            .picker(.addressPickerFailed(provider: "Kakao", code: "-1", message: nil)),
            "Choosing an address failed — kauth",
            "배송지 선택 실패 — kauth"
        )
    ])
    func eachPageHasItsOwnTitle(page: AnyBrowserPage, english: String, korean: String) {
        #expect(element("title", in: BrowserPages.html(page, language: .english)) == english)
        #expect(element("title", in: BrowserPages.html(page, language: .korean)) == korean)
    }

    @Test(arguments: everyBrowserPage)
    func onlyRealFailuresSayFailed(page: AnyBrowserPage) throws {
        for language in Language.allCases {
            let html = BrowserPages.html(page, language: language)
            let title = try #require(element("title", in: html))
            let heading = try #require(element("h1", in: html))
            let saysFailed = [title, heading].contains {
                $0.lowercased().contains("fail") || $0.contains("실패") || $0.contains("못했")
            }
            let reallyFailed = ["login-failed", "wrong-issuer", "exchange-failed", "address-picker-failed"].contains(
                caseName(page))
            #expect(saysFailed == reallyFailed, "\(caseName(page)) in \(language): \(title) / \(heading)")
        }
    }

    @Test func wrongStateTitleSaysTheLoginGoesOn() throws {
        let html = BrowserPages.html(.notThisLogin, language: .english)
        #expect(try #require(element("title", in: html)) == "Request ignored — kauth")
        #expect(html.contains("The login is still waiting"))
        #expect(BrowserPages.html(.notThisLogin, language: .korean).contains("로그인은 계속 진행 중입니다"))
    }

    @Test(arguments: everyBrowserPage)
    func declaresLanguageCharsetAndColourSchemes(page: AnyBrowserPage) {
        for language in Language.allCases {
            let html = BrowserPages.html(page, language: language)
            #expect(html.hasPrefix("<!doctype html>\n<html lang=\"\(language.rawValue)\">"))
            #expect(html.contains("<meta charset=\"utf-8\">"))
            #expect(html.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
            #expect(html.contains("@media (prefers-color-scheme:dark)"))
        }
    }

    @Test(arguments: everyBrowserPage)
    func glyphIsHiddenFromScreenReaders(page: AnyBrowserPage) {
        for language in Language.allCases {
            let html = BrowserPages.html(page, language: language)
            #expect(html.contains("<div class=\"mark\" aria-hidden=\"true\">\(HTML.escape(page.glyph))</div>"))
            #expect(html.components(separatedBy: "class=\"mark\"").count == 2)
        }
    }

    @Test(arguments: everyBrowserPage)
    func loadsNothingAndRunsNothing(page: AnyBrowserPage) throws {
        let eventHandler = try Regex("\\son[a-z]+\\s*=")
        for language in Language.allCases {
            let html = BrowserPages.html(page, language: language).lowercased()
            for forbidden in [
                "<script", "javascript:", "src=", "href=", "url(", "@import", "http:", "https:", "<img", "<link",
                "<iframe", "<form"
            ] {
                #expect(!html.contains(forbidden), "\(caseName(page)) contains \(forbidden)")
            }
            #expect(html.firstMatch(of: eventHandler) == nil)
        }
    }

    @Test func speaksKoreanToKoreanReadersAndNamesKakaoInHangul() throws {
        let english = BrowserPages.html(.loggedIn(provider: "Kakao"), language: .english)
        let korean = BrowserPages.html(.loggedIn(provider: "Kakao"), language: .korean)
        #expect(try #require(element("h1", in: english)) == "You are logged in to Kakao")
        #expect(try #require(element("h1", in: korean)) == "카카오에 로그인했습니다")
        // Names without a Hangul spelling stay as written.
        #expect(
            try #require(element("h1", in: BrowserPages.html(.loggedIn(provider: "Snapchat"), language: .korean)))
                == "Snapchat에 로그인했습니다")
    }

    @Test(arguments: everyBrowserPage)
    func koreanPagesAreInKoreanAndEnglishPagesInEnglish(page: AnyBrowserPage) throws {
        let isHangul: (Character) -> Bool = { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
        let english = try #require(element("main", in: BrowserPages.html(page, language: .english)))
        let korean = try #require(element("main", in: BrowserPages.html(page, language: .korean)))
        #expect(!english.contains(where: isHangul))
        #expect(try #require(element("h1", in: korean)).contains(where: isHangul))
        #expect(
            try #require(element("title", in: BrowserPages.html(page, language: .korean))).contains(where: isHangul))
    }

    @Test func providerProseIsEscaped() throws {
        let hostile = BrowserPage.loginFailed(
            provider: "Kakao", error: "\"><script>alert(1)</script>",
            description: "it's <img src=x onerror=alert(2)> & \"quoted\""
        )
        for language in Language.allCases {
            let html = BrowserPages.html(hostile, language: language)
            #expect(!html.contains("<script"))
            #expect(!html.contains("<img"))
            #expect(!html.contains("\"quoted\""))
            #expect(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(html.contains("it&#39;s &lt;img src=x onerror=alert(2)&gt; &amp; &quot;quoted&quot;"))
        }
        let picker = AddressPickerPage.addressPickerFailed(
            provider: "<b>Kakao</b>", code: "<i>", message: "</p><h1>x"
        ).html(language: .english)
        #expect(picker.contains("&lt;b&gt;Kakao&lt;/b&gt; answered:"))
        #expect(picker.contains("<code>&lt;i&gt;</code>"))
        #expect(picker.contains("&lt;/p&gt;&lt;h1&gt;x"))
        #expect(picker.components(separatedBy: "<h1>").count == 2)
    }

    @Test func providerProseIsCutShort() throws {
        let long = String(repeating: "가나다라마바사아자차", count: 50)
        let html = BrowserPages.html(
            .loginFailed(provider: "Kakao", error: String(repeating: "e", count: 400), description: long),
            language: .korean)
        #expect(html.contains("<code>" + String(repeating: "e", count: BrowserPages.providerTextLimit) + "…</code>"))
        #expect(!html.contains(String(repeating: "e", count: BrowserPages.providerTextLimit + 1)))
        #expect(html.contains(String(long.prefix(BrowserPages.providerTextLimit)) + "…"))
        #expect(!html.contains(String(long.prefix(BrowserPages.providerTextLimit + 1))))
        // Short text is shown whole, without the ellipsis.
        let short = String(repeating: "x", count: BrowserPages.providerTextLimit)
        #expect(
            BrowserPages.html(.loginFailed(provider: "Kakao", error: short, description: nil), language: .english)
                .contains("<code>\(short)</code>"))
    }

    @Test func longProviderProseIsCutBetweenWords() throws {
        let words = String(repeating: "word ", count: 100)
        let html = BrowserPages.html(
            .loginFailed(provider: "Kakao", error: "e", description: words), language: .english)
        let start = try #require(html.range(of: "<p class=\"said\">"))
        let end = try #require(html.range(of: "</p>", range: start.upperBound..<html.endIndex))
        let said = String(html[start.upperBound..<end.lowerBound])
        #expect(said.hasSuffix(" word…"))
        #expect(said.count <= BrowserPages.providerTextLimit + 1)
        #expect(said.count > BrowserPages.providerTextLimit - 30)
    }

    @Test func providerProseCannotReorderThePage() {
        let html = BrowserPages.html(
            .loginFailed(provider: "Kakao", error: "a\u{202E}b", description: "line\none\u{2066}\ttwo\u{0}"),
            language: .english)
        #expect(html.contains("<code>ab</code>"))
        #expect(html.contains("line one two"))
        #expect(!html.unicodeScalars.contains { [0x202E, 0x2066, 0].contains($0.value) })
    }

    @Test func emptyDescriptionIsLeftOut() {
        let html = BrowserPages.html(
            .loginFailed(provider: "Kakao", error: "access_denied", description: "  "), language: .english)
        #expect(html.contains("<code>access_denied</code>"))
        #expect(!html.contains("class=\"said\""))
    }

    /// Writes every page in both languages to `KAUTH_PAGES_DIR` for `make screenshots`, which
    /// renders them in a real browser. Off unless that folder is named.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["KAUTH_PAGES_DIR"] != nil))
    func writesEveryPageForScreenshots() throws {
        let folder = URL(
            fileURLWithPath: try #require(ProcessInfo.processInfo.environment["KAUTH_PAGES_DIR"]), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var pages = everyBrowserPage.map { (caseName($0), $0) }
        pages.append(
            (
                "login-failed-hostile",
                .core(
                    .loginFailed(
                        provider: "Kakao", error: "invalid_request\"><script>alert(1)</script>",
                        description: String(
                            repeating: "A very long description from the provider that goes on and on. ", count: 8)
                    ))
            ))
        for (name, page) in pages {
            for language in Language.allCases {
                let file = folder.appendingPathComponent("\(name).\(language.rawValue).html")
                let html = BrowserPages.html(page, language: language)
                try html.write(to: file, atomically: true, encoding: .utf8)
                #expect(try String(contentsOf: file, encoding: .utf8) == html)
            }
        }
    }
}

/// The wrong-issuer page (RFC 9207) in each language: its sentence from the catalogue, Korean in
/// Korean (it once showed the terminal's English sentence).
@Suite struct WrongIssuerPageTests {
    @Test func speaksTheBrowsersLanguage() {
        let page = BrowserPage.wrongIssuer(provider: "Kakao", expected: "https://kauth.kakao.com", got: nil)
        let english = BrowserPages.html(page, language: .english)
        let korean = BrowserPages.html(page, language: .korean)
        #expect(english.contains("iss is none, not "))
        #expect(english.contains("invalid_issuer"))
        #expect(korean.contains("인가 응답의 iss가"))
        #expect(korean.contains("아무것도 교환하지 않았습니다"))
        #expect(!korean.contains("nothing was exchanged"))
        #expect(korean.contains("카카오 로그인에 실패했습니다"))
    }

    @Test func theListenerAnswersAWrongIssuerWithIt() {
        let (page, status) = CallbackPages.page(
            for: .wrongIssuer(expected: "https://id.example.com", got: "https://evil.example"), provider: "Example")
        #expect(
            page == .wrongIssuer(provider: "Example", expected: "https://id.example.com", got: "https://evil.example"))
        #expect(status == 200)
    }
}
