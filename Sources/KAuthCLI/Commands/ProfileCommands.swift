import KAuthCore

/// `kauth properties set KEY=VALUE…`: Kakao user properties (not kauth profiles).
enum PropertiesCommand {
    static let spec = CommandSpec(
        name: "properties",
        summary: "set Kakao user properties",
        discussion: "User properties are app-defined fields stored with the user at Kakao (Kakao: /v1/user/update_profile); each key must be registered in the Kakao console.",
        examples: [("kauth properties set level=3 team=blue", "")],
        subcommands: [
            CommandSpec(
                name: "set",
                summary: "store properties for the user",
                arguments: [ArgumentSpec(name: "KEY=VALUE", help: "properties to set", minimum: 1, maximum: nil)],
                examples: [("kauth properties set nickname=Kim level=3", "")],
                run: set
            ),
        ]
    )

    static func set(_ context: CommandContext) async throws -> Int32 {
        let properties = try KeyValueArguments.parse(context.command.arguments, what: "each property")
        do {
            _ = try await context.kakaoAPIClient(for: "kauth properties").send(UpdateProfileRequest(properties: properties))
        } catch KAuthError.api(_, -201, let message) {
            throw KAuthError.failure("a key is not a registered user property of the app (\(message)); register it in the Kakao console under User properties, or check its spelling")
        }
        context.err("Set \(properties.map(\.0).joined(separator: ", ")).\n")
        return 0
    }
}

/// `kauth signup [KEY=VALUE…]`: manual linking for apps with automatic linking off.
enum SignupCommand {
    static let spec = CommandSpec(
        name: "signup",
        summary: "link the user to the app (apps with automatic linking off)",
        discussion: "Completes the link for apps that do not link users automatically (Kakao: /v1/user/signup), optionally storing user properties. `kauth me` shows whether the user has signed up.",
        arguments: [ArgumentSpec(name: "KEY=VALUE", help: "user properties to store", minimum: 0, maximum: nil)],
        examples: [("kauth signup", ""), ("kauth signup level=1", "")],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let properties = try KeyValueArguments.parse(context.command.arguments, what: "each property")
        do {
            _ = try await context.kakaoAPIClient(for: "kauth signup").send(SignupRequest(properties: properties))
        } catch KAuthError.api(_, -102, _) {
            context.err("Already linked: the user is signed up to the app (nothing to do).\n")
            return 0
        } catch KAuthError.api(_, -201, let message) {
            throw KAuthError.failure("a key is not a registered user property of the app (\(message)); register it in the Kakao console under User properties")
        }
        context.err("Signed up: the user is now linked to the app.\n")
        return 0
    }
}

/// `kauth api [-X METHOD] PATH [-f KEY=VALUE…] [--host auth|api]`: any call with the user's token.
enum ApiCommand {
    static let spec = CommandSpec(
        name: "api",
        summary: "make an authenticated API call and print its JSON",
        discussion: "Sends PATH to kapi (or kauth with --host auth) with the user's token, with the same refresh, retry and error handling as every command: GET fields go in the query, others in a form body. Prints the response body.",
        flags: [
            .option("method", short: "X", "METHOD", "HTTP method (default GET, or POST when fields are given)"),
            .option("raw-field", short: "f", "KEY=VALUE", "a parameter, sent as a string (repeatable)", repeatable: true),
            .option("host", "auth|api", "which host the path is on (default api)"),
        ],
        arguments: [ArgumentSpec(name: "PATH", help: "e.g. /v2/user/me", minimum: 1, maximum: 1)],
        examples: [
            ("kauth api /v2/user/me", ""),
            ("kauth api -X POST /v1/user/update_profile -f 'properties={\"level\":\"2\"}'", ""),
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let command = context.command
        let path = command.arguments[0]
        guard path.hasPrefix("/") else { throw KAuthError.usage("PATH must start with /, e.g. /v2/user/me") }
        let fields = try KeyValueArguments.parse(command.all("raw-field"), what: "-f")
        let method = (command.value("method") ?? (fields.isEmpty ? "GET" : "POST")).uppercased()
        guard ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method) else {
            throw KAuthError.usage("unsupported method '\(method)'; use GET, POST, PUT, PATCH or DELETE")
        }
        let host: APIHost
        switch command.value("host") ?? "api" {
        case "api": host = .api
        case "auth": host = .auth
        case let other: throw KAuthError.usage("--host is auth or api, not '\(other)'")
        }
        let result = try await context.apiClient().send(RawAPIRequest(method: method, host: host, path: path, parameters: fields))
        context.out(String(decoding: result.body, as: UTF8.self) + "\n")
        return 0
    }
}
