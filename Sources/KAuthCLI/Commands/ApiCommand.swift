import KAuthCore

/// `kauth api [-X METHOD] PATH|URL [-f KEY=VALUE…] [--host auth|api]`: any call with the user's
/// token, which goes only to a host of the provider that issued it.
enum ApiCommand {
    static let spec = CommandSpec(
        name: "api",
        summary: "make an authenticated API call and print its JSON",
        discussion: "Sends PATH to the provider's API host (Kakao: kapi; --host auth for kauth), or a full URL on one of the provider's own hosts, with the user's token and the same refresh, retry and error handling as every command: GET fields go in the query, others in a form body. Prints the response body. A token is only ever sent to the provider that issued it: for an OpenID Connect login, give a full URL on the issuer's host, or set provider.NAME.api_url to use paths.",
        flags: [
            .option("method", short: "X", "METHOD", "HTTP method (default GET, or POST when fields are given)", values: .choices(["GET", "POST", "PUT", "PATCH", "DELETE"])),
            .option("raw-field", short: "f", "KEY=VALUE", "a parameter, sent as a string (repeatable)", repeatable: true),
            .option("host", "auth|api", "which host PATH is on (default api)", values: .choices(["auth", "api"])),
            .toggle("json", "print the body under `response`, with the method and URL"),
        ],
        arguments: [ArgumentSpec(name: "PATH|URL", help: "e.g. /v2/user/me, or https://id.example.com/userinfo", minimum: 1, maximum: 1)],
        examples: [
            ("kauth api /v2/user/me", ""),
            ("kauth api -X POST /v1/user/update_profile -f 'properties={\"level\":\"2\"}'", ""),
            ("kauth api https://id.example.com/oauth/userinfo --provider work", "an OpenID Connect provider: a URL on its issuer's host"),
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let command = context.command
        let target = command.arguments[0]
        let fields = try KeyValueArguments.parse(command.all("raw-field"), what: "-f")
        let method = (command.value("method") ?? (fields.isEmpty ? "GET" : "POST")).uppercased()
        guard ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method) else {
            throw KAuthError.usage("unsupported method '\(method.visible)'; use GET, POST, PUT, PATCH or DELETE")
        }
        let client = try context.apiClient()
        let provider = client.provider
        let call: APICall
        if target.hasPrefix("/") {
            let host: ProviderURLRole
            switch command.value("host") ?? "api" {
            case "api": host = .api
            case "auth": host = .auth
            case let other: throw KAuthError.usage("--host is auth or api, not '\(other.visible)'")
            }
            guard provider.urls[host] != nil else {
                throw KAuthError.usage("provider '\(provider.name)' has no \(host.configKey): give a full URL on one of its hosts (\(provider.tokenOrigins.joined(separator: ", "))), or set it with `kauth config set provider.\(provider.name).\(host.configKey) URL`")
            }
            call = APICall(method: method, host: host, path: target, parameters: fields)
        } else {
            if command.has("host") { throw KAuthError.usage("--host is for paths; a URL names its host itself") }
            guard let origin = Provider.origin(of: target), target.lowercased().hasPrefix("https://") || target.lowercased().hasPrefix("http://") else {
                throw KAuthError.usage("PATH must start with / (e.g. /v2/user/me), or be a full http(s) URL")
            }
            guard provider.tokenOrigins.contains(origin) else {
                throw KAuthError.hostNotAllowed(url: target, provider: provider.name, allowed: provider.tokenOrigins)
            }
            call = APICall(method: method, url: target, parameters: fields)
        }
        let result = try await client.send(call)
        if context.json {
            context.printResponse(result.body, from: client, ["method": .string(method), "url": .string(call.isAbsolute ? call.path : (try provider.url(call.host)) + call.path)])
        } else {
            context.outBody(result.body)
        }
        return 0
    }
}
