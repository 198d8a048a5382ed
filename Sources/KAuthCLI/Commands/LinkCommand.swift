#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// `kauth link`: Kakao Talk share (Kakao Link) from the command line. Kakao validates the message
/// with the app key, and kauth prints the web sharer URL — the SDK's path when Kakao Talk is not
/// installed, and the only one a desktop has. `--open` opens it in the browser.
enum LinkCommand {
    static let spec = CommandSpec(
        name: "link",
        summary: "share messages to Kakao Talk through the web sharer",
        discussion: "Validates a message with Kakao's share API (Authorization: KakaoAK with the app key: KAUTH_APP_KEY, provider.NAME.app_key, else the client id; no login needed) and prints the sharer URL, where the user picks friends or chats and sends. Default templates are checked locally first: every problem is listed with its JSON path and nothing is sent (exit 2).",
        examples: [
            ("kauth link template new feed > feed.json", "a commented starter to edit"),
            ("kauth link default --template feed.json --open", "validate, then open the sharer page"),
            ("kauth link custom --template-id 12345 --arg title=Hello", "a template from the console's template builder"),
            ("kauth link image upload cake.png", "an image URL to use in templates"),
        ],
        subcommands: [defaultSpec, customSpec, scrapSpec, templateSpec, imageSpec]
    )

    static let shareFlags: [FlagSpec] = [
        .option("callback", "KEY=VALUE", "server callback argument (lcba): Kakao calls the app's callback URL with it after a share", repeatable: true),
        .toggle("open", "open the sharer URL in the browser (BROWSER, else xdg-open/open)"),
        .json,
    ]

    static let argFlag = FlagSpec.option("arg", "KEY=VALUE", "template argument for ${KEY} (template_args)", repeatable: true)

    static let defaultSpec = CommandSpec(
        name: "default",
        summary: "share a default template (feed, list, text, …) read from JSON",
        discussion: "Reads the template as JSON (comments and trailing commas allowed) from FILE, or standard input with '-'. It is checked locally, validated at /v2/api/kakaolink/talk/template/default, measured against the SDK's 10 KB limit, and the sharer URL is printed on stdout; Kakao's warnings go to stderr.",
        flags: [.option("template", "FILE", "the template JSON; - reads standard input")] + shareFlags,
        examples: [
            ("kauth link default --template feed.json", ""),
            ("kauth link template new text | kauth link default --template - --open", ""),
            ("kauth link default --template feed.json --callback order=42 --json", "the validation result and the URL"),
        ],
        run: runDefault
    )

    static let customSpec = CommandSpec(
        name: "custom",
        summary: "share a template made in the console's message template builder",
        discussion: "Validates the template and its arguments at /v2/api/kakaolink/talk/template/validate and prints the sharer URL.",
        flags: [.option("template-id", "N", "the template's ID"), argFlag] + shareFlags,
        examples: [
            ("kauth link custom --template-id 12345 --arg title=Hello --arg description=World", ""),
            ("kauth link custom --template-id 12345 --callback user=abcd --open", ""),
        ],
        run: runCustom
    )

    static let scrapSpec = CommandSpec(
        name: "scrap",
        summary: "share a web page that Kakao scrapes",
        discussion: "Kakao scrapes URL (its domain must be registered for the app) into a feed message, or into the template --template-id N. Validated at /v2/api/kakaolink/talk/template/scrap.",
        flags: [.option("url", "URL", "the page to share"), .option("template-id", "N", "a template to put the scraped page into"), argFlag] + shareFlags,
        examples: [
            ("kauth link scrap --url https://developers.kakao.com", ""),
            ("kauth link scrap --url https://developers.kakao.com --template-id 12345 --open", ""),
        ],
        run: runScrap
    )

    static let templateSpec = CommandSpec(
        name: "template",
        summary: "starter templates",
        examples: [("kauth link template new feed > feed.json", "")],
        subcommands: [templateNewSpec]
    )

    static let templateNewSpec = CommandSpec(
        name: "new",
        summary: "print a commented starter template",
        discussion: "Prints a starter for TYPE (feed, list, location, commerce, text or calendar) from Kakao's examples, with comments on each member and its limits. kauth reads the comments as they are; --no-comments prints plain JSON for other tools.",
        flags: [.toggle("no-comments", "leave the comment lines out (plain JSON)")],
        arguments: [ArgumentSpec(name: "TYPE", help: "feed, list, location, commerce, text or calendar", minimum: 1, maximum: 1)],
        examples: [
            ("kauth link template new feed > feed.json", ""),
            ("kauth link template new text --no-comments | jq .", ""),
        ],
        run: runTemplateNew
    )

    static let imageSpec = CommandSpec(
        name: "image",
        summary: "upload or scrap an image for templates",
        examples: [
            ("kauth link image upload cake.png", ""),
            ("kauth link image scrap https://example.com/cake.jpg --json", ""),
        ],
        subcommands: [imageUploadSpec, imageScrapSpec]
    )

    static let imageUploadSpec = CommandSpec(
        name: "upload",
        summary: "upload an image and print its URL",
        discussion: "Uploads FILE to Kakao's image server (kept there for 20 days) and prints its URL. The file must be a PNG, JPEG or GIF, judged by its content, of at most 2 MB: anything else is refused before a request is made (exit 2).",
        flags: [.json],
        arguments: [ArgumentSpec(name: "FILE", help: "a PNG, JPEG or GIF of at most 2 MB", minimum: 1, maximum: 1)],
        examples: [
            ("kauth link image upload cake.png", "prints the https URL"),
            ("kauth link image upload cake.png --json", "url, content_type, length, width, height"),
        ],
        run: runImageUpload
    )

    static let imageScrapSpec = CommandSpec(
        name: "scrap",
        summary: "have Kakao fetch an image from the web and print its URL",
        flags: [.json],
        arguments: [ArgumentSpec(name: "URL", help: "the image's http or https URL", minimum: 1, maximum: 1)],
        examples: [("kauth link image scrap https://example.com/cake.jpg", "")],
        run: runImageScrap
    )

    // MARK: - Share

    static func runDefault(_ context: CommandContext) async throws -> Int32 {
        guard let source = context.command.value("template") else {
            throw KAuthError.usage("'kauth link default' needs --template FILE (or - for standard input); start from `kauth link template new feed`")
        }
        let template = try ShareInput.template(context, source: source)
        return try await share(context, message: .default(template))
    }

    static func runCustom(_ context: CommandContext) async throws -> Int32 {
        guard let id = try ShareInput.templateID(context) else {
            throw KAuthError.usage("'kauth link custom' needs --template-id N: the ID of a template from the console's message template builder")
        }
        return try await share(context, message: .custom(templateID: id, args: try ShareInput.pairs(context, "arg")))
    }

    static func runScrap(_ context: CommandContext) async throws -> Int32 {
        guard let url = context.command.value("url") else {
            throw KAuthError.usage("'kauth link scrap' needs --url URL: the page to share")
        }
        let message = ShareMessage.scrap(
            url: try ShareInput.webURL(url, flag: "--url"),
            templateID: try ShareInput.templateID(context),
            args: try ShareInput.pairs(context, "arg")
        )
        return try await share(context, message: message)
    }

    /// Validate, measure, warn, then print (and open) the sharer URL.
    static func share(_ context: CommandContext, message: ShareMessage) async throws -> Int32 {
        let callbacks = try ShareInput.pairs(context, "callback")
        let client = try context.appKeyClient()
        let provider = client.provider
        guard let appKey = provider.appKey else {
            throw KAuthError.usage("no app key for provider '\(provider.name)'; set KAUTH_APP_KEY, KAUTH_CLIENT_ID or `kauth config set provider.\(provider.name).app_key KEY`")
        }
        let result = try await client.send(ShareValidationRequest(message: message))
        let validation = result.value
        let agent = KakaoAgent.value(version: context.version)
        var extras = ["KA": agent]
        if !callbacks.isEmpty { extras["lcba"] = ShareParameters.argsJSON(callbacks) }
        let size = ShareMessageSize.measure(
            templateMessage: validation.templateMessage,
            templateID: validation.templateID,
            templateArgs: validation.arguments,
            appKey: appKey,
            appVersion: context.version,
            extras: extras
        )
        if let violation = ShareMessageSize.violation(size: size) {
            throw KAuthError.invalidTemplate(violations: [violation])
        }
        for warning in validation.warnings {
            context.err("warning: \(warning.key): \(warning.message)\n")
        }
        let url = SharerURL.make(base: provider.sharerBaseURL, appKey: appKey, message: message, agent: agent, callbackArgs: callbacks)
        var opened: Bool?
        if context.command.has("open") {
            opened = ShareInput.open(url, context: context)
        }
        if context.json {
            var object: [String: JSONValue] = [
                "action": .string(message.action.rawValue),
                "sharer_url": .string(url),
                "message_bytes": .number(Double(size)),
                "message_limit": .number(Double(ShareMessageSize.limit)),
                "validation": (try? JSONDecoder().decode(JSONValue.self, from: result.body)) ?? .null,
            ]
            if let opened { object["opened"] = .bool(opened) }
            context.printJSON(.object(object))
        } else {
            context.out(url + "\n")
        }
        return 0
    }

    // MARK: - Templates

    static func runTemplateNew(_ context: CommandContext) async throws -> Int32 {
        let name = context.command.arguments[0]
        guard let type = TemplateType(rawValue: name.lowercased()) else {
            throw KAuthError.usage("unknown template type '\(name)'; use one of: \(TemplateType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        context.out(context.command.has("no-comments") ? TemplateStarters.plain(for: type) : TemplateStarters.text(for: type))
        return 0
    }

    // MARK: - Images

    static func runImageUpload(_ context: CommandContext) async throws -> Int32 {
        let path = context.command.arguments[0]
        let data: Data
        do {
            guard let contents = try context.world.fileSystem.readFile(path) else {
                throw KAuthError.usage("cannot read '\(path)': no such file")
            }
            data = contents
        } catch let error as KAuthError {
            throw error
        } catch {
            throw KAuthError.usage("cannot read '\(path)': \(error)")
        }
        if data.count > ImageInfo.maximumUploadBytes {
            throw KAuthError.usage("'\(path)' is \(data.count) bytes; Kakao takes images of at most \(ImageInfo.maximumUploadBytes) bytes (2 MB): nothing was sent")
        }
        guard let info = ImageInfo.sniff(data) else {
            throw KAuthError.usage("'\(path)' is not a PNG, JPEG or GIF image (judged by its content): nothing was sent")
        }
        let request = ImageUploadRequest(image: data, format: info.format, boundary: MultipartForm.randomBoundary(context.world.random))
        let result = try await context.appKeyClient().send(request)
        printImage(result.value, context: context)
        return 0
    }

    static func runImageScrap(_ context: CommandContext) async throws -> Int32 {
        let url = try ShareInput.webURL(context.command.arguments[0], flag: "URL")
        let result = try await context.appKeyClient().send(ImageScrapRequest(imageURL: url))
        printImage(result.value, context: context)
        return 0
    }

    /// The URL on stdout, or `{"url","content_type","length","width","height"}`.
    static func printImage(_ result: ImageUploadResult, context: CommandContext) {
        let original = result.infos.original
        guard context.json else {
            context.out(original.url + "\n")
            return
        }
        func number(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        context.printJSON(.object([
            "url": .string(original.url),
            "content_type": original.contentType.map(JSONValue.string) ?? .null,
            "length": number(original.length),
            "width": number(original.width),
            "height": number(original.height),
        ]))
    }
}

/// Reading what share and memo commands are given: templates, `KEY=VALUE` lists, IDs, URLs.
enum ShareInput {
    /// The template in `source` (a file, or `-` for standard input), parsed and checked.
    static func template(_ context: CommandContext, source: String) throws -> DefaultTemplate {
        let text: String
        let name: String
        if source == "-" {
            name = "from standard input"
            var lines: [String] = []
            while let line = context.terminal.readLine() { lines.append(line) }
            text = lines.joined(separator: "\n")
        } else {
            name = "'\(source)'"
            let data: Data?
            do {
                data = try context.world.fileSystem.readFile(source)
            } catch {
                throw KAuthError.usage("cannot read the template \(name): \(error)")
            }
            guard let data else { throw KAuthError.usage("cannot read the template \(name): no such file") }
            guard let decoded = String(validating: data, as: UTF8.self) else {
                throw KAuthError.usage("the template \(name) is not UTF-8 text")
            }
            text = decoded
        }
        let json: JSONValue
        do {
            json = try LenientJSON.parse(text)
        } catch {
            throw KAuthError.usage("the template \(name) is not valid JSON: \(error)")
        }
        switch TemplateValidator.validate(json) {
        case .success(let template): return template
        case .failure(let problems): throw KAuthError.invalidTemplate(violations: problems.violations)
        }
    }

    /// `--FLAG KEY=VALUE` values as a map; a key given twice is an error.
    static func pairs(_ context: CommandContext, _ flag: String) throws -> [String: String] {
        var pairs: [String: String] = [:]
        for (key, value) in try KeyValueArguments.parse(context.command.all(flag), what: "--\(flag)") {
            guard pairs[key] == nil else {
                throw KAuthError.usage("--\(flag) \(key)= is given twice")
            }
            pairs[key] = value
        }
        return pairs
    }

    /// `--template-id N`, a positive whole number.
    static func templateID(_ context: CommandContext) throws -> Int64? {
        guard let text = context.command.value("template-id") else { return nil }
        guard let id = Int64(text), id > 0 else {
            throw KAuthError.usage("--template-id needs a template ID (a positive whole number), not '\(text)'")
        }
        return id
    }

    /// An absolute http or https URL.
    static func webURL(_ text: String, flag: String) throws -> String {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
              let host = URLComponents(string: text)?.host, !host.isEmpty
        else {
            throw KAuthError.usage("\(flag) needs an http or https URL, not '\(text)'")
        }
        return text
    }

    /// Opens `url`; a browser that cannot start is a warning, since the URL is printed anyway.
    static func open(_ url: String, context: CommandContext) -> Bool {
        do {
            try context.world.browser.open(url)
            context.err("Opened the sharer page in the browser.\n")
            return true
        } catch {
            let reason = (error as? BrowserError)?.message ?? "\(error)"
            context.err("warning: could not open a browser (\(reason)); open the URL yourself\n")
            return false
        }
    }
}

extension CommandContext {
    /// A client for the app-key APIs (share validation, images): no login, no keystore read.
    func appKeyClient() throws -> APIClient {
        let provider = try self.provider(for: nil)
        guard provider.kind == .kakao else {
            throw KAuthError.usage("`kauth link` uses Kakao's share APIs; provider '\(provider.name)' (\(provider.kind.rawValue)) has none")
        }
        // Only for messages: no keystore read to find the default profile.
        let profile = command.value("profile") ?? environment["KAUTH_PROFILE"] ?? "default"
        return APIClient(
            http: world.http, clock: world.clock, provider: provider,
            credentials: BearerCredentials(
                profile: profile,
                current: { throw KAuthError.failure("this call is made with the app key, not a user token") },
                recover: { _, message in throw KAuthError.failure(message) }
            )
        )
    }
}
