import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading what share and memo commands are given: templates, `KEY=VALUE` lists, IDs, URLs.
enum ShareInput {
    /// `--arg KEY=VALUE`, which `link custom`, `link scrap`, `talk memo` and `talk send` take.
    static let templateArgument = Option(
        "arg", "KEY=VALUE",
        ShareInputHelpWords.argFlag,
        repeatable: true)

    /// The template in `source` (a file, or `-` for standard input), parsed and checked.
    static func template(_ context: CommandContext, source: String) throws -> DefaultTemplate {
        let text: String
        if source == "-" {
            var lines: [String] = []
            while let line = context.terminal.readLine() { lines.append(line) }
            text = lines.joined(separator: "\n")
        } else {
            let data: Data?
            do {
                data = try context.world.fileSystem.readUserFile(source)
            } catch {
                throw CommandError.usage(
                    ShareErrorWords.cannotReadTemplate(source: source, reason: "\(error)").localized)
            }
            guard let data else {
                throw CommandError.usage(ShareErrorWords.noSuchTemplate(source: source).localized)
            }
            guard let decoded = String(validating: data, as: UTF8.self) else {
                throw CommandError.usage(ShareErrorWords.templateNotUTF8(source: source).localized)
            }
            text = decoded
        }
        let json: JSONValue
        do {
            json = try LenientJSON.parse(text)
        } catch {
            throw CommandError.usage(
                ShareErrorWords.templateNotJSON(source: source, why: TemplateWords.describe(error)).localized)
        }
        switch TemplateValidator.validate(json) {
        case .success(let template): return template
        case .failure(let problems): throw KAuthError.invalidTemplate(violations: problems.violations)
        }
    }

    /// The message of `talk memo` and `talk send`: exactly one of `--text`, `--template`,
    /// `--template-id` and `--scrap` (which may take a template id), checked before anything is sent.
    static func talkMessage(_ context: CommandContext, _ options: TalkMessageOptions) throws -> ShareMessage {
        let args = try pairs(options.arg, flag: "--arg")
        let id = try templateID(options.templateID)
        if let text = options.text {
            guard options.template == nil, options.templateID == nil, options.scrap == nil, args.isEmpty else {
                throw CommandError.usage(ShareErrorWords.textAlone.localized)
            }
            return .default(try textTemplate(text, link: options.link.map { try webURL($0, flag: "--link") }))
        }
        if options.link != nil {
            throw CommandError.usage(ShareErrorWords.linkWithoutText.localized)
        }
        if let source = options.template {
            guard options.templateID == nil, options.scrap == nil, args.isEmpty else {
                throw CommandError.usage(ShareErrorWords.templateAlone.localized)
            }
            return .default(try template(context, source: source))
        }
        if let url = options.scrap {
            return .scrap(url: try webURL(url, flag: "--scrap"), templateID: id, args: args)
        }
        if let id {
            return .custom(templateID: id, args: args)
        }
        throw CommandError.usage(
            ShareErrorWords.needsMessage(command: context.command.path.joined(separator: " ")).localized)
    }

    /// Kakao's text template for `text`, built as a JSON value (so no character of the text can
    /// break out of its string) and checked like any template. The link is required by Kakao;
    /// without `--link` it is empty, and a tap opens nothing.
    static func textTemplate(_ text: String, link: String?) throws -> DefaultTemplate {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw CommandError.usage(ShareErrorWords.emptyText.localized)
        }
        let count = text.count
        guard count <= TemplateValidator.maximumText else {
            throw CommandError.usage(
                ShareErrorWords.textTooLong(count: count, maximum: TemplateValidator.maximumText).localized)
        }
        var urls: [String: JSONValue] = [:]
        if let link {
            urls["web_url"] = .string(link)
            urls["mobile_web_url"] = .string(link)
        }
        let json: JSONValue = .object(["object_type": .string("text"), "text": .string(text), "link": .object(urls)])
        switch TemplateValidator.validate(json) {
        case .success(let template): return template
        case .failure(let problems): throw KAuthError.invalidTemplate(violations: problems.violations)
        }
    }

    /// The values of `flag` (`--arg`, `--callback`), each KEY=VALUE, as a map; a key given twice
    /// is an error.
    static func pairs(_ values: [String], flag: String) throws -> [String: String] {
        var pairs: [String: String] = [:]
        for (key, value) in try KeyValueArguments.parse(values, what: .verbatim(flag)) {
            guard pairs[key] == nil else {
                throw CommandError.usage(ShareErrorWords.keyTwice(flag: flag, key: key).localized)
            }
            pairs[key] = value
        }
        return pairs
    }

    /// `--template-id N`, a positive whole number.
    static func templateID(_ text: String?) throws -> Int64? {
        guard let text else { return nil }
        guard let id = Int64(text), id > 0 else {
            throw CommandError.usage(ShareErrorWords.templateID(given: text).localized)
        }
        return id
    }

    /// An absolute http or https URL.
    static func webURL(_ text: String, flag: String) throws -> String {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
            let host = URLComponents(string: text)?.host, !host.isEmpty
        else {
            throw CommandError.usage(ShareErrorWords.notAWebURL(flag: flag, given: text).localized)
        }
        return text
    }

    /// Opens `url`; a browser that cannot start is a warning, since the URL is printed anyway.
    static func open(_ url: String, context: CommandContext) async -> Bool {
        do {
            try await context.world.browser.open(url)
            context.err(context.words(LoginProgressWords.openedSharer))
            return true
        } catch {
            let reason = LoginProgress.reason(error as? BrowserError ?? .noBrowser, verbose: context.globals.verbose)
            context.err(context.words(LoginProgressWords.sharerNotOpened(reason: reason)))
            return false
        }
    }
}

/// How `talk memo` and `talk send` are given their message.
struct TalkMessageOptions: CommandOptions {
    var text: String?
    var link: String?
    var template: String?
    var templateID: String?
    var arg: [String] = []
    var scrap: String?

    static let flags: [OptionFlag<Self>] = [
        .option(\.text, "text", "TEXT", ShareInputHelpWords.textFlag),
        .option(\.link, "link", "URL", ShareInputHelpWords.linkFlag),
        .option(
            \.template, "template", "FILE",
            ShareInputHelpWords.templateFlag,
            values: .fileOrStandardInput),
        .option(\.templateID, "template-id", "N", ShareInputHelpWords.templateIDFlag),
        .list(\.arg, ShareInput.templateArgument),
        .option(\.scrap, "scrap", "URL", ShareInputHelpWords.scrapFlag)
    ]
}
