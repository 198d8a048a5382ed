import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth api`: any call with the user's token, in `gh api`'s words, the token going only to a
/// host of the provider that issued it.
enum ApiCommand {
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    static let spec = CommandSpec(
        name: "api",
        summary: ApiHelpWords.summary,
        discussion: ApiHelpWords.discussion,
        options: Options.self,
        arguments: [
            ArgumentSpec(
                name: "PATH|URL",
                help: ApiHelpWords.pathURLArgument, minimum: 1, maximum: 1)
        ],
        examples: [
            ("kauth api /v2/user/me", .none),
            (
                "kauth api -X POST /v1/user/update_profile -f 'properties={\"level\":\"2\"}'",
                ApiHelpWords.exampleKakaoFormBody
            ),
            ("kauth api --paginate /v1/api/talk/friends -F limit=100", ApiHelpWords.exampleEveryPageJoined),
            (
                "kauth api -X POST /v1/me -f 'query={me{displayName}}' --provider snapchat",
                ApiHelpWords.exampleSnapchatJSONBody
            ),
            (
                "kauth api https://id.example.com/oauth/userinfo --provider work",
                ApiHelpWords.exampleOpenIDConnectProviderURL
            )
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let command = context.command
        if options.silent && (context.json || options.field != nil) {
            throw CommandError.usage(ApiErrorWords.silentWithOutput.localized)
        }
        if let path = options.field, path.contains("=") {
            throw CommandError.usage(ApiErrorWords.fieldLooksLikeAssignment(path: path).localized)
        }
        let headers = try options.header.map(header)
        var stdinTaken = false
        let fields = APIFields(
            try KeyValueArguments.parse(options.rawField, what: .verbatim("-f")).map {
                ($0.0, APIFieldValue.string($0.1))
            }
                + KeyValueArguments.parse(options.typedField, what: .verbatim("-F")).map {
                    ($0.0, try typed($0.1, context, stdinTaken: &stdinTaken))
                }
        )
        let input = try options.input.map { try body(from: $0, context, stdinTaken: &stdinTaken) }
        // gh's default, except that --paginate lists with GET: its fields are the first page's query.
        let method =
            (options.method ?? (fields.isEmpty && input == nil || options.paginate ? "GET" : "POST"))
            .uppercased()
        guard methods.contains(method) else {
            throw CommandError.usage(ApiErrorWords.unsupportedMethod(method: method).localized)
        }
        if options.paginate && (method != "GET" || input != nil) {
            throw CommandError.usage(ApiErrorWords.paginateNeedsGET(method: method).localized)
        }
        let client = try context.apiClient()
        var call = try self.call(command.arguments[0], method: method, provider: client.provider, options)
        call.extraHeaders = headers
        let contentType = headers.value(for: "Content-Type")
        if let input {
            call.rawBody = (contentType ?? APIBodyEncoding.json.contentType, input)
            call.parameters = fields.pairs
        } else if method == "GET" {
            call.parameters = fields.pairs
        } else if !fields.isEmpty {
            let encoding: APIBodyEncoding
            if let contentType {
                guard let named = APIBodyEncoding(contentType: contentType) else {
                    throw CommandError.usage(ApiErrorWords.bodyFieldsNotFor(contentType: contentType).localized)
                }
                encoding = named
            } else {
                encoding = client.provider.type.apiBody
            }
            do {
                call.rawBody = (encoding.contentType, try fields.body(encoding))
            } catch {
                throw CommandError.usage(
                    ApiErrorWords.fieldNotInJSON(key: error.key, reason: error.reason.localized).localized)
            }
        }

        let first = try await client.exchange(call)
        guard options.paginate else {
            if options.include && !context.json { printHead(first.response, context) }
            return try finish(first, body: nil, pages: [first], method: method, client: client, context, options)
        }
        do {
            let walk = try await APIPages.walk(first: first, allowedOrigins: client.provider.tokenOrigins) { url in
                var next = APICall(method: "GET", url: url)
                next.extraHeaders = headers
                return try await client.exchange(next)
            }
            if options.include && !context.json { walk.pages.forEach { printHead($0.response, context) } }
            return try finish(
                first, body: walk.joined, pages: walk.pages, method: method, client: client, context, options)
        } catch let stopped as APIPages.Stopped {
            if options.include && !context.json { stopped.pages.forEach { printHead($0.response, context) } }
            let error = KAuthError.pagesStopped(stopped.reason)
            if case .failed(let page, _, let pageError) = stopped.reason, let failing = stopped.pages.last {
                // The first page failing is the call failing: no walk to speak of.
                return try finish(
                    failing, body: nil, pages: stopped.pages, method: method, client: client, context, options,
                    failure: page == 1 ? pageError : error)
            }
            let soFar = APIPages.joinedSoFar(stopped.pages)
            return try finish(
                first, body: soFar ?? .null, pages: stopped.pages, method: method, client: client, context, options,
                failure: error)
        }
    }

    // MARK: - The request

    /// The call for PATH or URL, on a host the provider's token may go to.
    static func call(_ target: String, method: String, provider: Provider, _ options: Options) throws -> APICall {
        if target.hasPrefix("/") {
            let host: ProviderURLRole
            switch options.host ?? "api" {
            case "api": host = .api
            case "auth": host = .auth
            case let other: throw CommandError.usage(ApiErrorWords.unknownHost(given: other).localized)
            }
            guard provider.urls[host] != nil else {
                throw CommandError.usage(
                    ApiErrorWords.noHostURL(
                        provider: provider.name, key: host.configKey, origins: provider.tokenOrigins
                    )
                    .localized)
            }
            return APICall(method: method, host: host, path: target)
        }
        if options.host != nil {
            throw CommandError.usage(ApiErrorWords.hostWithURL.localized)
        }
        guard let origin = Provider.origin(of: target),
            target.lowercased().hasPrefix("https://") || target.lowercased().hasPrefix("http://")
        else {
            throw CommandError.usage(ApiErrorWords.notAPathOrURL.localized)
        }
        guard provider.tokenOrigins.contains(origin) else {
            throw KAuthError.hostNotAllowed(url: target, provider: provider.name, allowed: provider.tokenOrigins)
        }
        return APICall(method: method, url: target)
    }

    /// `-H 'Name: value'`. `Authorization` is refused: kauth sends the provider's token itself,
    /// and a header that replaced it would be sent with no word said.
    static func header(_ text: String) throws -> HTTPHeader {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw CommandError.usage(ApiErrorWords.headerShape(given: text).localized)
        }
        let name = text[..<colon].trimmingWhitespace()
        let value = text[text.index(after: colon)...].trimmingWhitespace()
        guard HTTPHeader.isToken(name) else {
            throw CommandError.usage(ApiErrorWords.headerName(given: text, name: String(name)).localized)
        }
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
            throw CommandError.usage(ApiErrorWords.headerControlCharacters(name: String(name)).localized)
        }
        guard name.lowercased() != "authorization" else {
            throw CommandError.usage(ApiErrorWords.authorizationHeader.localized)
        }
        return HTTPHeader(name, value)
    }

    /// `-F`'s value: `@FILE` (`@-`: standard input) as the file's text, else `APIFieldValue.typed`.
    static func typed(_ text: String, _ context: CommandContext, stdinTaken: inout Bool) throws -> APIFieldValue {
        guard text.hasPrefix("@") else { return .typed(text) }
        let data = try body(from: String(text.dropFirst()), context, stdinTaken: &stdinTaken)
        guard let string = String(validating: data, as: UTF8.self) else {
            throw CommandError.usage(ApiErrorWords.fileNotUTF8(given: text).localized)
        }
        return .string(string)
    }

    /// The bytes of FILE, or of standard input for `-` (which can be read once).
    static func body(from source: String, _ context: CommandContext, stdinTaken: inout Bool) throws -> Data {
        if source == "-" {
            guard !stdinTaken else {
                throw CommandError.usage(ApiErrorWords.standardInputTwice.localized)
            }
            stdinTaken = true
        }
        let path = source == "-" ? "/dev/stdin" : source
        let data: Data?
        do {
            data = try context.world.fileSystem.readUserFile(path)
        } catch {
            throw CommandError.usage(ApiErrorWords.cannotRead(source: source, reason: "\(error)").localized)
        }
        guard let data else { throw CommandError.usage(ApiErrorWords.noSuchFile(source: source).localized) }
        return data
    }

    // MARK: - The answer

    /// Prints the answer (`body`: pages joined, else the provider's bytes) as the flags ask, and
    /// returns the exit code: 0, or the failure's.
    static func finish(
        _ exchange: APIExchange, body: JSONValue?, pages: [APIExchange], method: String, client: APIClient,
        _ context: CommandContext, _ options: Options, failure: KAuthError? = nil
    ) throws -> Int32 {
        let failure = failure ?? exchange.failure
        let response = body ?? JSONValue.decoding(exchange.response.body)
        if context.json {
            var document: [String: JSONValue] = [
                "method": .string(method), "url": .string(exchange.url),
                "status": .number(Double(exchange.response.status)),
                "profile": .string(client.credentials.profile), "provider": .string(client.provider.name),
                "response": response
            ]
            if options.paginate { document["pages"] = .number(Double(pages.count)) }
            if options.include { document["headers"] = headersJSON(exchange.response.headers) }
            if let failure {
                document["error"] = .object(ErrorReport.errorObject(failure, context: context))
            } else if let path = options.field {
                document["field"] = .string(path)
                document["value"] = try value(at: path, in: response)
                document["response"] = nil
            }
            context.printJSON(.object(document))
            return failure?.exitCode ?? 0
        }
        if !options.silent {
            if failure == nil, let path = options.field {
                let value = try value(at: path, in: response)
                context.out((value.stringValue ?? value.jsonText()).visible + "\n")
            } else if let body {
                context.printJSON(body)
            } else if !exchange.response.body.isEmpty {
                // On a terminal JSON is for reading: indented and coloured, as gh api shows it;
                // piped, it goes on as it came, for the next program.
                let body = exchange.response.body
                if context.terminal.stdoutIsTerminal, (try? JSONDecoder().decode(JSONValue.self, from: body)) != nil {
                    context.out(
                        JSONTerminalText.render(String(decoding: body, as: UTF8.self), colours: context.colours))
                } else {
                    context.outBody(body)
                }
            }
        }
        if let failure { throw failure }
        return 0
    }

    static func value(at path: String, in response: JSONValue) throws -> JSONValue {
        guard let value = response.value(at: path) else {
            throw CommandError.failed(ApiErrorWords.noSuchField(path: path).localized)
        }
        return value
    }

    /// `-i`: the status line and headers, then a blank line, as received (made visible).
    static func printHead(_ response: HTTPResponse, _ context: CommandContext) {
        var text = (response.statusLine ?? "HTTP \(response.status)").visible + "\n"
        for header in response.headers { text += "\(header.name.visible): \(header.value.visible)\n" }
        context.out(text + "\n")
    }

    static func headersJSON(_ headers: [HTTPHeader]) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for header in headers {
            let name = header.name.lowercased()
            if case .string(let earlier)? = object[name] {
                object[name] = .string(earlier + ", " + header.value)
            } else {
                object[name] = .string(header.value)
            }
        }
        return .object(object)
    }
}

extension ApiCommand {
    struct Options: CommandOptions {
        var method: String?
        var rawField: [String] = []
        var typedField: [String] = []
        var header: [String] = []
        var input: String?
        var paginate = false
        var include = false
        var silent = false
        var field: String?
        var host: String?

        static let flags: [OptionFlag<Self>] = [
            .option(
                \.method, "method", short: "X", "METHOD",
                ApiHelpWords.methodFlag,
                values: .choices(methods)),
            .list(\.rawField, "raw-field", short: "f", "KEY=VALUE", ApiHelpWords.rawFieldFlag),
            .list(\.typedField, "typed-field", short: "F", "KEY=VALUE", ApiHelpWords.typedFieldFlag),
            .list(\.header, "header", short: "H", "'NAME: VALUE'", ApiHelpWords.headerFlag),
            .option(
                \.input, "input", "FILE|-",
                ApiHelpWords.inputFlag,
                values: .fileOrStandardInput),
            .toggle(\.paginate, "paginate", ApiHelpWords.paginateFlag),
            .toggle(\.include, "include", short: "i", ApiHelpWords.includeFlag),
            .toggle(\.silent, "silent", ApiHelpWords.silentFlag),
            .option(\.field, "field", "PATH", ApiHelpWords.fieldFlag),
            .option(
                \.host, "host", "auth|api",
                ApiHelpWords.hostFlag,
                values: .choices(["auth", "api"])),
            .json(
                ApiHelpWords.jsonFlag)
        ]
    }
}
