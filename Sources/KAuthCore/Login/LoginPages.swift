/// The two small pages the browser shows at the end of a login. Static text only: nothing from
/// the request is echoed except the provider's error, which is escaped.
package enum LoginPages {
    package static func success(provider: String) -> String {
        page(
            title: "Logged in",
            accent: "#1f7a3a",
            symbol: "&#10003;",
            heading: "You are logged in to \(HTML.escape(provider))",
            detail: "kauth has what it needs. You can close this tab and return to the terminal."
        )
    }

    package static func error(title: String, detail: String) -> String {
        page(title: "Login failed", accent: "#b3261e", symbol: "!", heading: HTML.escape(title), detail: HTML.escape(detail))
    }

    private static func page(title: String, accent: String, symbol: String, heading: String, detail: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
        <title>kauth — \(title)</title>
        <style>
        body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f6f4;color:#1d1d1b}
        main{max-width:28rem;padding:2.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);text-align:center}
        .mark{width:3rem;height:3rem;margin:0 auto 1rem;border-radius:50%;background:\(accent);color:#fff;font-size:1.6rem;line-height:3rem}
        h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0;color:#555}small{display:block;margin-top:1.5rem;color:#999}
        </style></head>
        <body><main><div class="mark">\(symbol)</div><h1>\(heading)</h1><p>\(detail)</p><small>kauth</small></main></body></html>

        """
    }
}
