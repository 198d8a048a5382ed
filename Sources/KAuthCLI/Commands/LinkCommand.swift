import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth link`: Kakao Talk share (Kakao Link) from the command line. Kakao validates the message
/// with the app key, and kauth prints the web sharer URL — the SDK's path when Kakao Talk is not
/// installed, and the only one a desktop has. `--open` opens it in the browser.
enum LinkCommand {
    static let spec = CommandSpec(
        name: "link",
        summary: "share messages to Kakao Talk through the web sharer",
        discussion:
            "Validates a message with Kakao's share API (Authorization: KakaoAK with the app key: KAUTH_APP_KEY, provider.NAME.app_key, else the client id; no login needed) and prints the sharer URL, where the user picks friends or chats and sends. Default templates are checked locally first: every problem is listed with its JSON path and nothing is sent (exit 2).",
        globals: shareGlobals,
        examples: [
            ("kauth link template new feed > feed.json", "a commented starter to edit"),
            ("kauth link default --template feed.json --open", "validate, then open the sharer page"),
            (
                "kauth link custom --template-id 12345 --arg title=Hello",
                "a template from the console's template builder"
            ),
            ("kauth link image upload cake.png", "an image URL to use in templates")
        ],
        subcommands: [defaultSpec, customSpec, scrapSpec, LinkTemplateCommand.spec, LinkImageCommand.spec]
    )

    static let shareFlags: [FlagSpec] = [
        Flags.callback.spec,
        Flags.open.spec,
        .json
    ]

    /// Sharing needs no login, so no profile: the provider (for its app key and URLs) and tracing.
    static let shareGlobals: Set<GlobalFlag> = [.provider, .verbose, .noColor]

    static let defaultSpec = CommandSpec(
        name: "default",
        summary: "share a default template (feed, list, text, …) read from JSON",
        discussion:
            "Reads the template as JSON (comments and trailing commas allowed) from FILE, or standard input with '-'. It is checked locally, validated at /v2/api/kakaolink/talk/template/default, measured against the SDK's 10 KB limit, and the sharer URL is printed on stdout; Kakao's warnings go to stderr.",
        flags: [Flags.template.spec]
            + shareFlags,
        globals: shareGlobals,
        examples: [
            ("kauth link default --template feed.json", ""),
            ("kauth link template new text | kauth link default --template - --open", ""),
            ("kauth link default --template feed.json --callback order=42 --json", "the validation result and the URL")
        ],
        run: runDefault
    )

    static let customSpec = CommandSpec(
        name: "custom",
        summary: "share a template made in the console's message template builder",
        discussion:
            "Validates the template and its arguments at /v2/api/kakaolink/talk/template/validate and prints the sharer URL.",
        flags: [Flags.templateID.spec, Flags.arg.spec] + shareFlags,
        globals: shareGlobals,
        examples: [
            ("kauth link custom --template-id 12345 --arg title=Hello --arg description=World", ""),
            ("kauth link custom --template-id 12345 --callback user=abcd --open", "")
        ],
        run: runCustom
    )

    static let scrapSpec = CommandSpec(
        name: "scrap",
        summary: "share a web page that Kakao scrapes",
        discussion:
            "Kakao scrapes URL (its domain must be registered for the app) into a feed message, or into the template --template-id N. Validated at /v2/api/kakaolink/talk/template/scrap.",
        flags: [
            Flags.url.spec,
            Flags.scrapTemplateID.spec, Flags.arg.spec
        ] + shareFlags,
        globals: shareGlobals,
        examples: [
            ("kauth link scrap --url https://developers.kakao.com", ""),
            ("kauth link scrap --url https://developers.kakao.com --template-id 12345 --open", "")
        ],
        run: runScrap
    )

    // MARK: - Share

    static func runDefault(_ context: CommandContext) async throws -> Int32 {
        guard let source = context.command[Flags.template] else {
            throw KAuthError.usage(
                "'kauth link default' needs --template FILE (or - for standard input); start from `kauth link template new feed`"
            )
        }
        let template = try ShareInput.template(context, source: source)
        return try await share(context, message: .default(template))
    }

    static func runCustom(_ context: CommandContext) async throws -> Int32 {
        guard let id = try ShareInput.templateID(context, Flags.templateID) else {
            throw KAuthError.usage(
                "'kauth link custom' needs --template-id N: the ID of a template from the console's message template builder"
            )
        }
        return try await share(
            context, message: .custom(templateID: id, args: try ShareInput.pairs(context, Flags.arg)))
    }

    static func runScrap(_ context: CommandContext) async throws -> Int32 {
        guard let url = context.command[Flags.url] else {
            throw KAuthError.usage("'kauth link scrap' needs --url URL: the page to share")
        }
        let message = ShareMessage.scrap(
            url: try ShareInput.webURL(url, flag: "--url"),
            templateID: try ShareInput.templateID(context, Flags.scrapTemplateID),
            args: try ShareInput.pairs(context, Flags.arg)
        )
        return try await share(context, message: message)
    }

    /// Validate and measure (the share service), warn, then print (and open) the sharer URL.
    static func share(_ context: CommandContext, message: ShareMessage) async throws -> Int32 {
        let callbacks = try ShareInput.pairs(context, Flags.callback)
        let prepared = try await context.shareService().prepare(message, callbacks: callbacks)
        for warning in prepared.warnings {
            context.err("warning: \(warning.key.visible): \(warning.message.visible)\n")
        }
        var opened: Bool?
        if context.command[Flags.open] {
            opened = await ShareInput.open(prepared.sharerURL, context: context)
        }
        if context.json {
            var object: [String: JSONValue] = [
                "action": .string(message.action.rawValue),
                "sharer_url": .string(prepared.sharerURL),
                "message_bytes": .number(Double(prepared.messageBytes)),
                "message_limit": .number(Double(prepared.messageLimit)),
                "response": JSONValue.decoding(prepared.validation)
            ]
            if let opened { object["opened"] = .bool(opened) }
            context.printJSON(.object(object))
        } else {
            context.out(prepared.sharerURL + "\n")
        }
        return 0
    }
}

extension CommandContext {
    /// Kakao's share and image APIs, with the app key: no login, no keystore read.
    func shareService() throws -> ShareService {
        try ShareService(
            http: world.http, clock: world.clock, provider: providers().selectedProvider(), version: version)
    }
}

extension LinkCommand {
    /// The flags this file's commands declare and read.
    enum Flags {
        static let callback = Option(
            "callback", "KEY=VALUE",
            "server callback argument (lcba): Kakao calls the app's callback URL with it after a share",
            repeatable: true)
        static let open = Toggle("open", "open the sharer URL in the browser (BROWSER, else xdg-open/open)")
        static let arg = Option(
            "arg", "KEY=VALUE", "template argument for ${KEY} (template_args)", repeatable: true)
        static let template = Option(
            "template", "FILE", "the template JSON; - reads standard input", values: .fileOrStandardInput)
        static let templateID = Option("template-id", "N", "the template's ID")
        static let url = Option("url", "URL", "the page to share")
        static let scrapTemplateID = Option("template-id", "N", "a template to put the scraped page into")
    }
}
