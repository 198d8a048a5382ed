import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthCLI
@testable import KAuthCore

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
            #expect(
                ratio >= 4.5, "\(scheme): \(pair.role) \(pair.foreground.css) on \(pair.background.css) is \(ratio):1")
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
        let defined = Set(
            palettes.flatMap { palette in
                [
                    palette.page, palette.card, palette.cardEdge, palette.text, palette.muted, palette.footer,
                    palette.inset,
                    palette.onAccent, palette.success, palette.failure, palette.notice, palette.warning
                ].map(\.css)
            })
        #expect(
            used == defined, "not in the palette: \(used.subtracting(defined)), unused: \(defined.subtracting(used))")
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
