import Foundation
import Testing
@testable import KAuthCore
import KAuthTestSupport

/// One of each page, with a provider error that is harmless, for the tests that walk all pages.
let everyBrowserPage: [BrowserPage] = [
    .loggedIn(provider: "Kakao"),
    .loginFailed(provider: "Kakao", error: "access_denied", description: "User denied access"),
    .exchangeFailed(provider: "Kakao"),
    .notThisLogin,
    .incomplete,
    .alreadyFinished,
    .timedOut,
    .takeoverSuspected,
    .addressChosen(provider: "Kakao"),
    .addressPickerFailed(provider: "Kakao", code: "-401", message: "The token has expired"),
]

/// A file-name-friendly name per case. The switch has no default, so a new case cannot compile
/// until it is named here, and `coversEveryCase` then fails until it is in `everyBrowserPage`.
func caseName(_ page: BrowserPage) -> String {
    switch page {
    case .loggedIn: "logged-in"
    case .loginFailed: "login-failed"
    case .exchangeFailed: "exchange-failed"
    case .notThisLogin: "not-this-login"
    case .incomplete: "incomplete"
    case .alreadyFinished: "already-finished"
    case .timedOut: "timed-out"
    case .takeoverSuspected: "takeover-suspected"
    case .addressChosen: "address-chosen"
    case .addressPickerFailed: "address-picker-failed"
    }
}

/// What is between `<tag…>` and `</tag>`, the first time.
func element(_ tag: String, in html: String) -> String? {
    guard let open = html.range(of: "<\(tag)"), let close = html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex),
          let end = html.range(of: ">", range: open.upperBound..<close.lowerBound) else { return nil }
    return String(html[end.upperBound..<close.lowerBound])
}

@Suite struct PageLanguageTests {
    @Test(arguments: [
        ("ko", PageLanguage.korean),
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
        ("", .english),
    ])
    func negotiatesFromAcceptLanguage(header: String, expected: PageLanguage) {
        #expect(PageLanguage.preferred(acceptLanguage: header) == expected, "\(header)")
    }

    @Test func noHeaderMeansEnglish() {
        #expect(PageLanguage.preferred(acceptLanguage: nil) == .english)
    }
}

@Suite struct BrowserPagesTests {
    @Test func coversEveryCase() {
        #expect(Set(everyBrowserPage.map(caseName)).count == everyBrowserPage.count)
        #expect(everyBrowserPage.count == 10)
    }

    @Test(arguments: [
        (BrowserPage.loggedIn(provider: "Kakao"), "Logged in — kauth", "로그인 완료 — kauth"),
        (.loginFailed(provider: "Kakao", error: "e", description: nil), "Login failed — kauth", "로그인 실패 — kauth"),
        (.exchangeFailed(provider: "Kakao"), "Login failed — kauth", "로그인 실패 — kauth"),
        (.notThisLogin, "Request ignored — kauth", "요청 무시됨 — kauth"),
        (.incomplete, "Incomplete answer — kauth", "불완전한 응답 — kauth"),
        (.alreadyFinished, "Login already finished — kauth", "이미 끝난 로그인 — kauth"),
        (.timedOut, "Login timed out — kauth", "로그인 시간 초과 — kauth"),
        (.takeoverSuspected, "Login stopped — kauth", "로그인 중단됨 — kauth"),
        (.addressChosen(provider: "Kakao"), "Address chosen — kauth", "배송지 선택 완료 — kauth"),
        (.addressPickerFailed(provider: "Kakao", code: "-1", message: nil), "Choosing an address failed — kauth", "배송지 선택 실패 — kauth"),
    ])
    func eachPageHasItsOwnTitle(page: BrowserPage, english: String, korean: String) {
        #expect(element("title", in: BrowserPages.html(page, language: .english)) == english)
        #expect(element("title", in: BrowserPages.html(page, language: .korean)) == korean)
    }

    @Test(arguments: everyBrowserPage)
    func onlyRealFailuresSayFailed(page: BrowserPage) throws {
        for language in PageLanguage.allCases {
            let html = BrowserPages.html(page, language: language)
            let title = try #require(element("title", in: html)), heading = try #require(element("h1", in: html))
            let saysFailed = [title, heading].contains { $0.lowercased().contains("fail") || $0.contains("실패") || $0.contains("못했") }
            let reallyFailed = ["login-failed", "exchange-failed", "address-picker-failed"].contains(caseName(page))
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
    func declaresLanguageCharsetAndColourSchemes(page: BrowserPage) {
        for language in PageLanguage.allCases {
            let html = BrowserPages.html(page, language: language)
            #expect(html.hasPrefix("<!doctype html>\n<html lang=\"\(language.tag)\">"))
            #expect(html.contains("<meta charset=\"utf-8\">"))
            #expect(html.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
            #expect(html.contains("@media (prefers-color-scheme:dark)"))
        }
    }

    @Test(arguments: everyBrowserPage)
    func glyphIsHiddenFromScreenReaders(page: BrowserPage) {
        for language in PageLanguage.allCases {
            let html = BrowserPages.html(page, language: language)
            #expect(html.contains("<div class=\"mark\" aria-hidden=\"true\">\(HTML.escape(page.glyph))</div>"))
            #expect(html.components(separatedBy: "class=\"mark\"").count == 2)
        }
    }

    @Test(arguments: everyBrowserPage)
    func loadsNothingAndRunsNothing(page: BrowserPage) throws {
        let eventHandler = try Regex("\\son[a-z]+\\s*=")
        for language in PageLanguage.allCases {
            let html = BrowserPages.html(page, language: language).lowercased()
            for forbidden in ["<script", "javascript:", "src=", "href=", "url(", "@import", "http:", "https:", "<img", "<link", "<iframe", "<form"] {
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
        #expect(try #require(element("h1", in: BrowserPages.html(.loggedIn(provider: "Snapchat"), language: .korean))) == "Snapchat에 로그인했습니다")
    }

    @Test(arguments: everyBrowserPage)
    func koreanPagesAreInKoreanAndEnglishPagesInEnglish(page: BrowserPage) throws {
        let isHangul: (Character) -> Bool = { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
        let english = try #require(element("main", in: BrowserPages.html(page, language: .english)))
        let korean = try #require(element("main", in: BrowserPages.html(page, language: .korean)))
        #expect(!english.contains(where: isHangul))
        #expect(try #require(element("h1", in: korean)).contains(where: isHangul))
        #expect(try #require(element("title", in: BrowserPages.html(page, language: .korean))).contains(where: isHangul))
    }

    @Test func providerProseIsEscaped() throws {
        let hostile = BrowserPage.loginFailed(
            provider: "Kakao", error: "\"><script>alert(1)</script>",
            description: "it's <img src=x onerror=alert(2)> & \"quoted\""
        )
        for language in PageLanguage.allCases {
            let html = BrowserPages.html(hostile, language: language)
            #expect(!html.contains("<script"))
            #expect(!html.contains("<img"))
            #expect(!html.contains("\"quoted\""))
            #expect(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(html.contains("it&#39;s &lt;img src=x onerror=alert(2)&gt; &amp; &quot;quoted&quot;"))
        }
        let picker = BrowserPages.html(.addressPickerFailed(provider: "<b>Kakao</b>", code: "<i>", message: "</p><h1>x"), language: .english)
        #expect(picker.contains("&lt;b&gt;Kakao&lt;/b&gt; answered:"))
        #expect(picker.contains("<code>&lt;i&gt;</code>"))
        #expect(picker.contains("&lt;/p&gt;&lt;h1&gt;x"))
        #expect(picker.components(separatedBy: "<h1>").count == 2)
    }

    @Test func providerProseIsCutShort() throws {
        let long = String(repeating: "가나다라마바사아자차", count: 50)
        let html = BrowserPages.html(.loginFailed(provider: "Kakao", error: String(repeating: "e", count: 400), description: long), language: .korean)
        #expect(html.contains("<code>" + String(repeating: "e", count: BrowserPages.providerTextLimit) + "…</code>"))
        #expect(!html.contains(String(repeating: "e", count: BrowserPages.providerTextLimit + 1)))
        #expect(html.contains(String(long.prefix(BrowserPages.providerTextLimit)) + "…"))
        #expect(!html.contains(String(long.prefix(BrowserPages.providerTextLimit + 1))))
        // Short text is shown whole, without the ellipsis.
        let short = String(repeating: "x", count: BrowserPages.providerTextLimit)
        #expect(BrowserPages.html(.loginFailed(provider: "Kakao", error: short, description: nil), language: .english).contains("<code>\(short)</code>"))
    }

    @Test func longProviderProseIsCutBetweenWords() throws {
        let words = String(repeating: "word ", count: 100)
        let html = BrowserPages.html(.loginFailed(provider: "Kakao", error: "e", description: words), language: .english)
        let start = try #require(html.range(of: "<p class=\"said\">"))
        let end = try #require(html.range(of: "</p>", range: start.upperBound..<html.endIndex))
        let said = String(html[start.upperBound..<end.lowerBound])
        #expect(said.hasSuffix(" word…"))
        #expect(said.count <= BrowserPages.providerTextLimit + 1)
        #expect(said.count > BrowserPages.providerTextLimit - 30)
    }

    @Test func providerProseCannotReorderThePage() {
        let html = BrowserPages.html(.loginFailed(provider: "Kakao", error: "a\u{202E}b", description: "line\none\u{2066}\ttwo\u{0}"), language: .english)
        #expect(html.contains("<code>ab</code>"))
        #expect(html.contains("line one two"))
        #expect(!html.unicodeScalars.contains { [0x202E, 0x2066, 0].contains($0.value) })
    }

    @Test func emptyDescriptionIsLeftOut() {
        let html = BrowserPages.html(.loginFailed(provider: "Kakao", error: "access_denied", description: "  "), language: .english)
        #expect(html.contains("<code>access_denied</code>"))
        #expect(!html.contains("class=\"said\""))
    }

    /// Writes every page in both languages to `KAUTH_PAGES_DIR` for `make screenshots`, which
    /// renders them in a real browser. Off unless that folder is named.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["KAUTH_PAGES_DIR"] != nil))
    func writesEveryPageForScreenshots() throws {
        let folder = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["KAUTH_PAGES_DIR"]), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var pages = everyBrowserPage.map { (caseName($0), $0) }
        pages.append(("login-failed-hostile", .loginFailed(
            provider: "Kakao", error: "invalid_request\"><script>alert(1)</script>",
            description: String(repeating: "A very long description from the provider that goes on and on. ", count: 8)
        )))
        for (name, page) in pages {
            for language in PageLanguage.allCases {
                let file = folder.appendingPathComponent("\(name).\(language.tag).html")
                let html = BrowserPages.html(page, language: language)
                try html.write(to: file, atomically: true, encoding: .utf8)
                #expect(try String(contentsOf: file, encoding: .utf8) == html)
            }
        }
    }
}

@Suite struct PagePaletteTests {
    /// WCAG 2.x relative luminance (sRGB, the 0.04045 threshold of IEC 61966-2-1).
    func luminance(_ colour: PageColour) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
    }

    func contrast(_ a: PageColour, _ b: PageColour) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func contrastFormulaMatchesKnownValues() {
        #expect(abs(contrast(PageColour(0x000000), PageColour(0xFFFFFF)) - 21) < 0.001)
        #expect(contrast(PageColour(0x777777), PageColour(0x777777)) == 1)
        // The old footer (#999 on white), which review measured at 2.85:1.
        #expect(abs(contrast(PageColour(0x999999), PageColour(0xFFFFFF)) - 2.85) < 0.005)
        #expect(abs(contrast(PageColour(0x767676), PageColour(0xFFFFFF)) - 4.54) < 0.005)
    }

    @Test(arguments: [("light", PagePalette.light), ("dark", PagePalette.dark)])
    func everyTextPairReachesAA(scheme: String, palette: PagePalette) {
        #expect(palette.textPairs.count == 9)
        for pair in palette.textPairs {
            let ratio = contrast(pair.foreground, pair.background)
            #expect(ratio >= 4.5, "\(scheme): \(pair.role) \(pair.foreground.css) on \(pair.background.css) is \(ratio):1")
        }
    }

    @Test func darkSchemeIsDark() {
        #expect(luminance(PagePalette.dark.card) < 0.05 && luminance(PagePalette.dark.text) > 0.7)
        #expect(luminance(PagePalette.light.card) > 0.9 && luminance(PagePalette.light.text) < 0.05)
    }

    @Test func pagesDrawOnlyWithPaletteColours() throws {
        let html = BrowserPages.html(.loginFailed(provider: "Kakao", error: "e", description: "d"), language: .english)
        let style = try #require(element("style", in: html))
        let used = Set(style.matches(of: try Regex("#[0-9a-fA-F]{3,8}")).map { String(style[$0.range]).lowercased() })
        let palettes = [PagePalette.light, .dark]
        let defined = Set(palettes.flatMap { palette in
            [palette.page, palette.card, palette.cardEdge, palette.text, palette.muted, palette.footer, palette.inset,
             palette.onAccent, palette.success, palette.failure, palette.notice, palette.warning].map(\.css)
        })
        #expect(used == defined, "not in the palette: \(used.subtracting(defined)), unused: \(defined.subtracting(used))")
        #expect(html.contains(PagePalette.light.customProperties))
        #expect(html.contains("@media (prefers-color-scheme:dark){:root{\(PagePalette.dark.customProperties)}}"))
        // Text is drawn only through the palette's properties.
        let declarations = style.matches(of: try Regex("[;{](color|background):[^;}]*"))
        #expect(declarations.count >= 10)
        for declaration in declarations {
            let value = String(style[declaration.range])
            #expect(value.contains("var(--"), "\(value)")
        }
    }

    @Test func coloursAreWrittenAsSixDigitHex() {
        #expect(PageColour(0x0A0B0C).css == "#0a0b0c")
        #expect(PageColour(0xFFFFFF).css == "#ffffff")
    }
}

@Suite struct BrowserPagesInTheListenerTests {
    @Test func theListenerAnswersInTheBrowsersLanguage() async throws {
        let listener = try Listener.live.start(CallbackListenerConfig(port: 0, path: "/callback", expectedState: "s1", providerName: "Kakao"), { _ in })
        defer { listener.close() }
        let ignored = RawSocketClient.exchange(port: listener.port, "GET /callback?code=x&state=wrong HTTP/1.1\r\nAccept-Language: ko-KR,ko;q=0.9,en;q=0.8\r\n\r\n")
        #expect(ignored.hasPrefix("HTTP/1.1 400 "))
        #expect(ignored.contains("<html lang=\"ko\">") && ignored.contains("<title>요청 무시됨 — kauth</title>"))
        let done = RawSocketClient.exchange(port: listener.port, "GET /callback?code=good&state=s1 HTTP/1.1\r\naccept-language: en-US,en;q=0.9,ko;q=0.8\r\n\r\n")
        #expect(done.hasPrefix("HTTP/1.1 200 "))
        #expect(done.contains("<html lang=\"en\">") && done.contains("You are logged in to Kakao"))
        #expect(await listener.wait(.seconds(5)) == .code("good"))
        let again = RawSocketClient.exchange(port: listener.port, "GET /callback?code=again&state=s1 HTTP/1.1\r\nAccept-Language: ko\r\n\r\n")
        #expect(again.hasPrefix("HTTP/1.1 409 "))
        #expect(again.contains("이 로그인은 이미 끝났습니다"))
    }

    @Test func providersAreNamedByTheirBrand() {
        func provider(_ name: String, _ kind: ProviderKind) -> ResolvedProvider {
            ResolvedProvider(name: name, kind: kind, clientID: "id", clientSecret: nil, appKey: nil, authBaseURL: "https://a.example", apiBaseURL: "https://b.example", sharerBaseURL: Kakao.sharerURL, redirectURI: nil, port: nil, scopes: [])
        }
        #expect(provider("kakao", .kakao).displayName == "Kakao")
        #expect(provider("work-kakao", .kakao).displayName == "Kakao")
        #expect(provider("snapchat", .snapchat).displayName == "Snapchat")
        #expect(provider("my-keycloak", .oidc).displayName == "my-keycloak")
    }
}
