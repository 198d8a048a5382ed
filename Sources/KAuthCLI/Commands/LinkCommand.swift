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
        summary: LinkHelpWords.summary,
        discussion: LinkHelpWords.discussion,
        globals: shareGlobals,
        examples: [
            ("kauth link template new feed > feed.json", LinkHelpWords.exampleACommentedStarterToEdit),
            ("kauth link default --template feed.json --open", LinkHelpWords.exampleValidateThenOpenTheSharer),
            (
                "kauth link custom --template-id 12345 --arg title=Hello",
                LinkHelpWords.exampleATemplateFromTheConsole
            ),
            ("kauth link image upload cake.png", LinkHelpWords.exampleAnImageURLForTemplates)
        ],
        subcommands: [defaultSpec, customSpec, scrapSpec, LinkTemplateCommand.spec, LinkImageCommand.spec]
    )

    /// Sharing needs no login, so no profile: the provider (for its app key and URLs) and tracing.
    static let shareGlobals: Set<GlobalFlag> = [.provider, .verbose, .noColor]

    static let defaultSpec = CommandSpec(
        name: "default",
        summary: LinkHelpWords.defaultSummary,
        discussion: LinkHelpWords.defaultDiscussion,
        options: DefaultOptions.self,
        globals: shareGlobals,
        examples: [
            ("kauth link default --template feed.json", .none),
            ("kauth link template new text | kauth link default --template - --open", .none),
            (
                "kauth link default --template feed.json --callback order=42 --json",
                LinkHelpWords.defaultExampleTheValidationResultAndTheURL
            )
        ],
        run: runDefault
    )

    static let customSpec = CommandSpec(
        name: "custom",
        summary: LinkHelpWords.customSummary,
        discussion: LinkHelpWords.customDiscussion,
        options: CustomOptions.self,
        globals: shareGlobals,
        examples: [
            ("kauth link custom --template-id 12345 --arg title=Hello --arg description=World", .none),
            ("kauth link custom --template-id 12345 --callback user=abcd --open", .none)
        ],
        run: runCustom
    )

    static let scrapSpec = CommandSpec(
        name: "scrap",
        summary: LinkHelpWords.scrapSummary,
        discussion: LinkHelpWords.scrapDiscussion,
        options: ScrapOptions.self,
        globals: shareGlobals,
        examples: [
            ("kauth link scrap --url https://developers.kakao.com", .none),
            ("kauth link scrap --url https://developers.kakao.com --template-id 12345 --open", .none)
        ],
        run: runScrap
    )

    // MARK: - Share

    static func runDefault(_ context: CommandContext, _ options: DefaultOptions) async throws -> Int32 {
        guard let source = options.template else {
            throw CommandError.usage(ShareErrorWords.linkDefaultNeedsTemplate.localized)
        }
        let template = try ShareInput.template(context, source: source)
        return try await share(context, message: .default(template), options.share)
    }

    static func runCustom(_ context: CommandContext, _ options: CustomOptions) async throws -> Int32 {
        guard let id = try ShareInput.templateID(options.templateID) else {
            throw CommandError.usage(ShareErrorWords.linkCustomNeedsTemplateID.localized)
        }
        return try await share(
            context, message: .custom(templateID: id, args: try ShareInput.pairs(options.arg, flag: "--arg")),
            options.share)
    }

    static func runScrap(_ context: CommandContext, _ options: ScrapOptions) async throws -> Int32 {
        guard let url = options.url else {
            throw CommandError.usage(ShareErrorWords.linkScrapNeedsURL.localized)
        }
        let message = ShareMessage.scrap(
            url: try ShareInput.webURL(url, flag: "--url"),
            templateID: try ShareInput.templateID(options.templateID),
            args: try ShareInput.pairs(options.arg, flag: "--arg")
        )
        return try await share(context, message: message, options.share)
    }

    /// Validate and measure (the share service), warn, then print (and open) the sharer URL.
    static func share(_ context: CommandContext, message: ShareMessage, _ options: ShareOptions) async throws
        -> Int32
    {
        let callbacks = try ShareInput.pairs(options.callback, flag: "--callback")
        let prepared = try await context.shareService().prepare(message, callbacks: callbacks)
        for warning in prepared.warnings {
            context.err(context.words(TalkWords.shareWarning(key: warning.key, message: warning.message)))
        }
        var opened: Bool?
        if options.open {
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
    /// What every share takes after its message: Kakao's callback arguments, opening the page, JSON.
    struct ShareOptions: CommandOptions {
        var callback: [String] = []
        var open = false

        static let flags: [OptionFlag<Self>] = [
            .list(\.callback, "callback", "KEY=VALUE", LinkHelpWords.callbackFlag),
            .toggle(\.open, "open", LinkHelpWords.openFlag),
            .json
        ]
    }

    struct DefaultOptions: CommandOptions {
        var template: String?
        var share = ShareOptions()

        static let flags: [OptionFlag<Self>] =
            [
                .option(
                    \.template, "template", "FILE",
                    LinkHelpWords.templateFlag,
                    values: .fileOrStandardInput)
            ] + OptionFlag<Self>.group(\.share)
    }

    struct CustomOptions: CommandOptions {
        var templateID: String?
        var arg: [String] = []
        var share = ShareOptions()

        static let flags: [OptionFlag<Self>] =
            [
                .option(\.templateID, "template-id", "N", LinkHelpWords.templateIDFlag),
                .list(\.arg, ShareInput.templateArgument)
            ]
            + OptionFlag<Self>.group(\.share)
    }

    struct ScrapOptions: CommandOptions {
        var url: String?
        var templateID: String?
        var arg: [String] = []
        var share = ShareOptions()

        static let flags: [OptionFlag<Self>] =
            [
                .option(\.url, "url", "URL", LinkHelpWords.urlFlag),
                .option(\.templateID, "template-id", "N", LinkHelpWords.scrapTemplateIDFlag),
                .list(\.arg, ShareInput.templateArgument)
            ] + OptionFlag<Self>.group(\.share)
    }
}
