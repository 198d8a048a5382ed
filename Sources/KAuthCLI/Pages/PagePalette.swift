/// An sRGB colour, kept as numbers so tests can compute contrast ratios from the very values the
/// pages' CSS is written from.
struct PageColour: Sendable, Equatable, Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    init(_ hex: UInt32) {
        red = UInt8((hex >> 16) & 0xFF)
        green = UInt8((hex >> 8) & 0xFF)
        blue = UInt8(hex & 0xFF)
    }

    /// `#rrggbb`.
    var css: String {
        "#"
            + [red, green, blue].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }
}

/// The colours of one scheme (light or dark). Every colour that text is drawn in, and every
/// colour text is drawn on, is here; `textPairs` lists which meet on a page, and each pair must
/// reach WCAG 2.x AA's 4.5:1 for normal text (tested).
struct PagePalette: Sendable {
    /// Behind the card.
    var page: PageColour
    /// The card the text sits on.
    var card: PageColour
    /// Around the card; decorative only, no text touches it.
    var cardEdge: PageColour
    /// Headings and the provider's answer.
    var text: PageColour
    /// Explanations under the heading.
    var muted: PageColour
    /// The small "kauth" signature at the bottom.
    var footer: PageColour
    /// Behind the provider's answer and inline commands.
    var inset: PageColour
    /// The glyph drawn on each tone's accent circle.
    var onAccent: PageColour
    var success: PageColour
    var failure: PageColour
    var notice: PageColour
    var warning: PageColour

    static let light = PagePalette(
        page: PageColour(0xF4F4F1), card: PageColour(0xFFFFFF), cardEdge: PageColour(0xE2E2DD),
        text: PageColour(0x1D1D1B), muted: PageColour(0x4F4F4C), footer: PageColour(0x6B6B67),
        inset: PageColour(0xF0F0EC), onAccent: PageColour(0xFFFFFF),
        success: PageColour(0x1E7B3A), failure: PageColour(0xB3261E), notice: PageColour(0x1F5FAE),
        warning: PageColour(0x8F4F00)
    )

    static let dark = PagePalette(
        page: PageColour(0x121211), card: PageColour(0x1F1F1D), cardEdge: PageColour(0x34342F),
        text: PageColour(0xEDEDEA), muted: PageColour(0xC4C4BF), footer: PageColour(0xA3A39E),
        inset: PageColour(0x2B2B28), onAccent: PageColour(0x121211),
        success: PageColour(0x74D08F), failure: PageColour(0xFF8A80), notice: PageColour(0x8AB4F8),
        warning: PageColour(0xF2B65A)
    )

    /// The accent of a tone: the circle behind the glyph.
    func accent(_ tone: PageTone) -> PageColour {
        switch tone {
        case .success: success
        case .failure: failure
        case .notice: notice
        case .warning: warning
        }
    }

    /// Every foreground/background pair that meets on a page, as the CSS in `BrowserPages` draws it.
    var textPairs: [(role: String, foreground: PageColour, background: PageColour)] {
        [
            ("heading-on-card", text, card),
            ("explanation-on-card", muted, card),
            ("signature-on-card", footer, card),
            ("provider-answer-and-commands-on-inset", text, inset),
            ("answer-label-on-inset", muted, inset)
        ] + PageTone.allCases.map { tone in ("glyph-on-\(tone)-accent", onAccent, accent(tone)) }
    }

    /// The palette as CSS custom properties, so the light and dark schemes differ only here.
    var customProperties: String {
        [
            ("page", page), ("card", card), ("card-edge", cardEdge), ("text", text), ("muted", muted),
            ("footer", footer), ("inset", inset), ("on-accent", onAccent), ("success", success),
            ("failure", failure), ("notice", notice), ("warning", warning)
        ].map { "--\($0.0):\($0.1.css)" }.joined(separator: ";")
    }
}

/// What a page tells the user, shown by its accent colour and glyph.
enum PageTone: String, Sendable, CaseIterable {
    /// Done; nothing more to do in the browser.
    case success
    /// Something really failed.
    case failure
    /// Nothing happened and the login goes on.
    case notice
    /// The login is over without a result; start again.
    case warning
}
