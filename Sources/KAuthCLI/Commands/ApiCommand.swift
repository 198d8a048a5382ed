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
        summary: Localized(en: "make an authenticated API call and print its answer", ko: "인증된 API를 호출하고 그 응답을 출력합니다"),
        discussion: Localized(
            en: """
                Sends PATH to the provider's API host (Kakao: kapi; --host auth for kauth), or a full URL on one of the provider's own hosts, with the user's token and the same refresh, retry and error handling as every command. The provider's body is printed as it came, on errors too (exit code as for every command).

                As in gh api: fields go in the query on GET; on other methods in the body: a JSON object (gh's choice; Snapchat and OpenID Connect providers), or a form for Kakao, whose APIs read form fields (-H 'Content-Type: application/json' or '…x-www-form-urlencoded' picks the other). In a JSON body, key[sub]=v nests and key[]=v appends. -F reads true, false, null and numbers as JSON values and @FILE (@- for standard input) as the file's text. --input sends a body as it is (Content-Type application/json unless -H gives one); fields then go in the query. The method is GET, or POST when fields or --input are given (with --paginate, GET).

                --paginate follows the provider's next-page links (RFC 8288 Link rel="next", Kakao's after_url) with GET, and prints the pages joined: arrays end to end, or the first page's object with its lists joined. At most 1000 pages, never a page twice, and never to another host: the token stays with the provider.

                Unlike gh: --field PATH prints one value of the answer, as kauth me --field does (gh's --field is -F here, long form --typed-field), and -H Authorization is refused, since the token is kauth's to send.
                """,
            ko: """
                PATH를 제공자의 API 호스트(카카오: kapi, --host auth면 kauth)로, 또는 제공자 자신의 호스트에 있는 전체 URL로, 사용자의 토큰과 함께 보냅니다. 갱신, 재시도, 오류 처리는 다른 모든 명령과 같습니다. 제공자의 본문은 오류일 때도 받은 그대로 출력합니다 (종료 코드는 다른 명령과 같습니다).

                gh api처럼, GET이면 필드를 쿼리에 넣고, 다른 메서드면 본문에 넣습니다: JSON 객체 (gh의 방식, Snapchat과 OpenID Connect 제공자), 또는 폼 필드를 읽는 카카오 API에는 폼 (-H 'Content-Type: application/json'이나 '…x-www-form-urlencoded'로 다른 쪽을 고릅니다). JSON 본문에서 key[sub]=v는 중첩하고 key[]=v는 뒤에 붙입니다. -F는 true, false, null과 숫자를 JSON 값으로, @FILE(표준 입력은 @-)을 파일의 텍스트로 읽습니다. --input은 본문을 그대로 보냅니다 (-H로 주지 않으면 Content-Type은 application/json). 이때 필드는 쿼리에 넣습니다. 메서드는 GET이며, 필드나 --input을 주면 POST입니다 (--paginate면 GET).

                --paginate는 제공자의 다음 페이지 링크(RFC 8288 Link rel="next", 카카오의 after_url)를 GET으로 따라가고 페이지를 이어서 출력합니다: 배열은 끝과 끝을 잇고, 객체는 첫 페이지의 객체에 목록을 이어 붙입니다. 최대 1000페이지까지, 같은 페이지는 두 번 가져오지 않으며, 다른 호스트로는 가지 않습니다: 토큰은 제공자에게만 갑니다.

                gh와 다른 점: --field PATH는 kauth me --field처럼 응답의 값 하나를 출력하고 (gh의 --field는 여기서 -F, 긴 이름 --typed-field), -H Authorization은 거부합니다. 토큰은 kauth가 보내기 때문입니다.
                """),
        options: Options.self,
        arguments: [
            ArgumentSpec(
                name: "PATH|URL",
                help: Localized(
                    en: "e.g. /v2/user/me, or https://id.example.com/userinfo",
                    ko: "예: /v2/user/me, 또는 https://id.example.com/userinfo"), minimum: 1, maximum: 1)
        ],
        examples: [
            ("kauth api /v2/user/me", .none),
            (
                "kauth api -X POST /v1/user/update_profile -f 'properties={\"level\":\"2\"}'",
                Localized(en: "Kakao: a form body", ko: "카카오: 폼 본문")
            ),
            (
                "kauth api --paginate /v1/api/talk/friends -F limit=100",
                Localized(en: "every page, joined", ko: "모든 페이지를 이어서")
            ),
            (
                "kauth api -X POST /v1/me -f 'query={me{displayName}}' --provider snapchat",
                Localized(en: "Snapchat: a JSON body", ko: "Snapchat: JSON 본문")
            ),
            (
                "kauth api https://id.example.com/oauth/userinfo --provider work",
                Localized(
                    en: "an OpenID Connect provider: a URL on its issuer's host",
                    ko: "OpenID Connect 제공자: issuer 호스트의 URL")
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
            try KeyValueArguments.parse(options.rawField, what: "-f").map {
                ($0.0, APIFieldValue.string($0.1))
            }
                + KeyValueArguments.parse(options.typedField, what: "-F").map {
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
                Localized(
                    en: "HTTP method (default GET, or POST when fields or --input are given without --paginate)",
                    ko: "HTTP 메서드 (기본값 GET, --paginate 없이 필드나 --input을 주면 POST)"),
                values: .choices(methods)),
            .list(
                \.rawField, "raw-field", short: "f", "KEY=VALUE",
                Localized(en: "a parameter, sent as a string (repeatable)", ko: "문자열로 보내는 파라미터 (여러 번 지정 가능)")),
            .list(
                \.typedField, "typed-field", short: "F", "KEY=VALUE",
                Localized(
                    en: "a parameter: true, false, null and numbers as JSON, @FILE as the file's text (repeatable)",
                    ko: "파라미터: true, false, null과 숫자는 JSON으로, @FILE은 파일의 텍스트로 보냅니다 (여러 번 지정 가능)")),
            .list(
                \.header, "header", short: "H", "'NAME: VALUE'",
                Localized(
                    en: "an HTTP header to send (repeatable; not Authorization)",
                    ko: "보낼 HTTP 헤더 (여러 번 지정 가능, Authorization 제외)")),
            .option(
                \.input, "input", "FILE|-",
                Localized(
                    en: "the request body, sent as it is, from FILE or standard input",
                    ko: "요청 본문을 FILE이나 표준 입력에서 읽어 그대로 보냅니다"),
                values: .fileOrStandardInput),
            .toggle(
                \.paginate, "paginate",
                Localized(
                    en: "follow next-page links and print all pages joined", ko: "다음 페이지 링크를 따라가 모든 페이지를 이어서 출력합니다")),
            .toggle(
                \.include, "include", short: "i",
                Localized(en: "print the status line and headers before the body", ko: "본문 앞에 상태 줄과 헤더를 출력합니다")),
            .toggle(\.silent, "silent", Localized(en: "print no body", ko: "본문을 출력하지 않습니다")),
            .option(
                \.field, "field", "PATH",
                Localized(
                    en: "print one value of the answer, e.g. kakao_account.email",
                    ko: "응답의 값 하나를 출력합니다. 예: kakao_account.email")),
            .option(
                \.host, "host", "auth|api",
                Localized(en: "which host PATH is on (default api)", ko: "PATH가 있는 호스트 (기본값 api)"),
                values: .choices(["auth", "api"])),
            .json(
                Localized(
                    en: "print the body under `response`, with the method, URL and status",
                    ko: "본문을 `response` 아래에 메서드, URL, 상태와 함께 출력합니다"))
        ]
    }
}
