import KAuthBasics

/// Writes the HTML of the pages the browser lands on at the end of a login, and of any other
/// wait's pages (a product's own callbacks), which bring their words as `PageText`.
///
/// Each page stands alone: inline CSS, no scripts, no images, no fonts or anything else fetched,
/// since the listener serves one response and stops. Colours come from `PagePalette` (light, and
/// dark under `prefers-color-scheme`). Text comes from `BrowserPageText` and is escaped here, all
/// of it: the provider's answer is untrusted, and the rest costs nothing to escape too.
enum BrowserPages {
    /// How many characters of each provider-sent string a page shows. An error description is a
    /// sentence or two; anything longer only pushes the page's own words off screen.
    static let providerTextLimit = 300

    static func html(_ page: BrowserPage, language: Language) -> String {
        html(BrowserPageText.text(page, in: language), tone: page.tone, glyph: page.glyph, language: language)
    }

    /// A page of `text` in `language`, marked with `tone`'s colour and `glyph`.
    static func html(_ text: PageText, tone: PageTone, glyph: String, language: Language) -> String {
        let body = text.blocks.map(render).joined()
        return """
            <!doctype html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(HTML.escape(text.title)) — kauth</title>
            <style>\(style)</style></head>
            <body><main class="\(tone.rawValue)"><div class="mark" aria-hidden="true">\(HTML.escape(glyph))</div>
            <h1>\(HTML.escape(text.heading))</h1>
            \(body)<footer>kauth</footer></main></body></html>

            """
    }

    private static func render(_ block: PageText.Block) -> String {
        switch block {
        case .paragraph(let inlines):
            let content = inlines.map { inline in
                switch inline {
                case .text(let words): HTML.escape(words)
                case .command(let command): "<code>\(HTML.escape(command))</code>"
                }
            }.joined()
            return "<p>\(content)</p>\n"
        case .providerAnswer(let label, let error, let description):
            let said =
                description.map(untrusted).flatMap { $0.isEmpty ? nil : "<p class=\"said\">\(HTML.escape($0))</p>" }
                ?? ""
            return
                "<div class=\"answer\"><p class=\"label\">\(HTML.escape(label))</p><p><code>\(HTML.escape(untrusted(error)))</code></p>\(said)</div>\n"
        }
    }

    /// Provider text made fit to show: line breaks and other control characters become spaces,
    /// bidirectional overrides are dropped (they could make the text read backwards or reorder
    /// the page's own words around it), and it is cut at `providerTextLimit` characters, at the
    /// last space when one is near the end so no word is left half.
    static func untrusted(_ text: String) -> String {
        var kept = ""
        for scalar in text.unicodeScalars {
            if bidiControls.contains(scalar.value) { continue }
            kept.unicodeScalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        kept = kept.trimmingWhitespace()
        guard kept.count > providerTextLimit else { return kept }
        var cut = kept.prefix(providerTextLimit)
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) <= 30 {
            cut = cut[..<space]
        }
        return cut.trimmingWhitespace() + "…"
    }

    /// ALM, LRM, RLM, the embeddings and overrides, and the isolates.
    private static let bidiControls: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069
    ]

    /// One stylesheet for every page; the palette's custom properties are all that changes
    /// between the light and the dark scheme.
    static let style = """
        :root{\(PagePalette.light.customProperties)}
        @media (prefers-color-scheme:dark){:root{\(PagePalette.dark.customProperties)}}
        main.success{--accent:var(--success)}main.failure{--accent:var(--failure)}main.notice{--accent:var(--notice)}main.warning{--accent:var(--warning)}
        html{background:var(--page)}
        body{margin:0;min-height:100vh;box-sizing:border-box;padding:1.5rem 1rem;display:flex;align-items:center;justify-content:center;font:16px/1.55 system-ui,-apple-system,"Segoe UI","Apple SD Gothic Neo","Malgun Gothic","Noto Sans CJK KR",sans-serif;background:var(--page);color:var(--text)}
        :lang(ko){word-break:keep-all}
        main{box-sizing:border-box;width:100%;max-width:30rem;padding:2.25rem 2rem 1.5rem;background:var(--card);border:1px solid var(--card-edge);border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);text-align:center}
        .mark{width:3rem;height:3rem;margin:0 auto 1rem;border-radius:50%;background:var(--accent);color:var(--on-accent);font-size:1.6rem;font-weight:700;line-height:3rem}
        h1{margin:0 0 .75rem;font-size:1.3rem;line-height:1.35;color:var(--text)}
        p{margin:0 0 .75rem;color:var(--muted)}
        code{font:.92em/1.4 ui-monospace,"DejaVu Sans Mono",monospace;color:var(--text);background:var(--inset);border-radius:4px;padding:.1em .35em}
        .answer{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:var(--inset);text-align:left;overflow-wrap:anywhere}
        .answer p{margin:0 0 .25rem}.answer p:last-child{margin:0}.answer .label{color:var(--muted);font-size:.9rem}.answer .said{color:var(--text)}
        .answer code{padding:0}
        footer{margin-top:1.5rem;font-size:.8rem;color:var(--footer)}
        """
}
