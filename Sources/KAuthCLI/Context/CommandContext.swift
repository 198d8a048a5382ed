import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a running command has: the world, its parsed line, and the services built from them.
struct CommandContext: Sendable {
    var world: World
    /// The line as parsed: its words and arguments. A command reads its flags from its options.
    var command: ParsedCommand
    /// What the line gave for the global flags.
    var globals: GlobalOptions
    /// `kauth` version, for `--version` and the User-Agent.
    var version: String

    init(world: World, command: ParsedCommand, version: String) {
        self.world = world
        self.command = command
        // No global flag takes a number, so reading them cannot fail.
        globals = (try? GlobalOptions(parsing: command)) ?? GlobalOptions()
        self.version = version
    }

    var terminal: Terminal { world.terminal }
    var environment: Environment { world.environment }
    var paths: KAuthPaths { KAuthPaths.resolve(environment) }
    /// Whether the command declares `--json` and the line gives it.
    var json: Bool {
        command.given(among: command.flags).contains { $0.flag.name == CommonFlags.json.spec.name }
    }

    /// The keystore, with `KAUTH_PASSPHRASE` when set, and its key in the OS keyring unless
    /// `KAUTH_KEYRING=off`.
    var keystore: FileKeystore {
        FileKeystore(
            directory: paths.home, fileSystem: world.fileSystem, passphrase: environment["KAUTH_PASSPHRASE"],
            random: world.random,
            keyring: world.keyring, keyringTurnedOff: environment["KAUTH_KEYRING"]?.lowercased() == "off")
    }

    /// The language sentences are printed in: `KAUTH_LANG`, config `language` (or the selected
    /// provider's `language`), then the locale (`Language.resolve`). Read when a sentence is
    /// printed, never on a path that prints none: `kauth token` reads no config for it.
    var language: Language { Self.language(world: world, provider: globals.provider) }

    /// The language for `world` and the provider the line names, before a command runs: help
    /// pages print in it too.
    static func language(world: World, provider: String?) -> Language {
        Language.resolve(
            environment: { world.environment[$0] },
            configured: {
                let paths = KAuthPaths.resolve(world.environment)
                guard let config = try? ConfigStore(paths: paths, fileSystem: world.fileSystem).load() else {
                    return nil
                }
                return config.value("language")
                    ?? config.value("provider.\(provider ?? "kakao").language")
            })
    }

    /// `--provider NAME` where no stored login names the provider (`kauth status` reads no
    /// provider's settings): a provider kauth knows, built in or configured, else the error a login
    /// would stop with, so that no hint offers a login that cannot work.
    func checkKnownProvider(_ name: String) throws {
        let known = ProviderResolver.knownNames(config: try configStore.load())
        guard known.contains(name) else { throw KAuthError.unknownProvider(name: name, known: known) }
    }

    /// A catalogue message in the user's language.
    func words(_ message: some Message) -> String { message.text(language) }

    /// A catalogue message on stderr, as one line.
    func say(_ message: some Message) { err(words(message) + "\n") }

    /// Whether what goes to stdout may be coloured: it is a terminal, and neither `--no-color`
    /// nor `NO_COLOR` (any value but empty, as no-color.org asks) turns colour off.
    var colours: Bool {
        terminal.stdoutIsTerminal && !globals.noColor && environment["NO_COLOR"] == nil
            && environment["TERM"] != "dumb"
    }

    var configStore: ConfigStore { ConfigStore(paths: paths, fileSystem: world.fileSystem) }
    var profileStore: ProfileStore { ProfileStore(keystore: keystore) }

    /// The one note a command that only reads prints when a read-only keystore kept it from
    /// caching what it read: the command itself succeeds.
    func noteIfNotCached(_ write: CacheWrite) {
        if case .skipped(let path, let reason) = write {
            say(KeystoreNoteWords.readNotCached(path: path, reason: reason))
        }
    }

    /// The token in `KAUTH_ACCESS_TOKEN`, which replaces the keystore for every command that
    /// uses a token.
    var environmentToken: String? { environment["KAUTH_ACCESS_TOKEN"] }

    // MARK: - Profile and keystore

    /// `--profile` or `KAUTH_PROFILE`, checked; nil when neither names one.
    func explicitProfile() throws -> String? {
        guard let name = globals.profile ?? environment["KAUTH_PROFILE"] else { return nil }
        try Self.validateProfileName(name)
        return name
    }

    /// The profile a command that does not read the keystore names in messages.
    func profileName() throws -> String {
        try explicitProfile() ?? "default"
    }

    static func validateProfileName(_ name: String) throws {
        guard !name.isEmpty, name.count <= 64,
            name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" || $0 == "." })
        else {
            throw CommandError.usage(UsageWords.invalidProfileName(name: name).localized)
        }
    }

    /// The keystore, read once, and the profile: `--profile` > `KAUTH_PROFILE` > the keystore's
    /// default profile > `default` (exit 7 when the keystore cannot be used). A `--provider` that
    /// is not the stored login's is refused (exit 2) before anything is sent or deleted, unless
    /// `anyProvider`: a new login replaces whatever the profile holds.
    func storedLogin(anyProvider: Bool = false) throws -> StoredLogin {
        let login = try StoredLogin.read(keystore, profile: explicitProfile())
        if !anyProvider { try providers().checkSelection(login.session, of: login.profile) }
        return login
    }

    // MARK: - Providers

    /// Resolves providers with `--provider` and the given command-line settings.
    func providers(_ overrides: ProviderOverrides = ProviderOverrides()) -> ProviderResolver {
        let store = configStore
        return ProviderResolver(
            environment: environment, loadConfig: { try store.load() }, selected: globals.provider,
            overrides: overrides, addedURLRoles: ProviderURLRole.fromProducts)
    }

    /// The token service for a stored login.
    func tokenService(_ login: StoredLogin) -> TokenService {
        TokenService(world: world, keystore: keystore, login: login, providers: providers())
    }

    // MARK: - API clients

    /// An API client for the current profile: `KAUTH_ACCESS_TOKEN` when set (never refreshed, and
    /// the keystore is not read), else the stored login, refreshed when it expires and once when
    /// the API rejects its token.
    func apiClient() throws -> APIClient {
        if let token = environmentToken {
            return showingRetries(
                APIClient(
                    http: world.http, clock: world.clock, provider: try providers().selectedProvider(),
                    credentials: BearerCredentials(
                        profile: try profileName(),
                        current: { token },
                        recover: { _, message in throw KAuthError.environmentTokenRejected(reason: message) }
                    )
                ))
        }
        return try client(for: tokenService(storedLogin()))
    }

    /// An API client for a command that needs `feature`; other providers get exit 2 before any
    /// token is read or refreshed.
    func apiClient(requiring feature: ProviderFeature) throws -> APIClient {
        let client = try apiClient()
        try client.provider.require(feature)
        return client
    }

    /// An API client on the stored login of `tokens`.
    func client(for tokens: TokenService) throws -> APIClient {
        showingRetries(
            APIClient(
                http: world.http, clock: world.clock,
                provider: try tokens.providers.provider(for: tokens.login.session, of: tokens.profile),
                credentials: BearerCredentials(
                    profile: tokens.profile,
                    current: { try await tokens.validToken().session.accessToken },
                    recover: { rejected, _ in try await tokens.recover(rejected: rejected).accessToken },
                    remember: { rejected, message in
                        await tokens.rememberRejected(accessToken: rejected, message: message)
                    }
                )
            ))
    }

    /// On a terminal, a client whose retries say so ("provider busy, retrying (2/3)…"); piped
    /// output stays as it is.
    func showingRetries(_ client: APIClient) -> APIClient {
        guard terminal.stderrIsTerminal else { return client }
        var client = client
        let context = self
        client.onRetry = { attempt, attempts, _ in
            // The language is read only when a retry is said, never on the way to a token.
            context.err(context.words(ProductWords.providerBusy(attempt: attempt, attempts: attempts)))
        }
        return client
    }

    /// Profile, userinfo, logout and unlink calls for whichever provider the profile uses.
    func userAPI() throws -> UserAPI {
        UserAPI(client: try apiClient())
    }

    // MARK: - Output

    func out(_ text: String) { terminal.writeOut(text) }
    func err(_ text: String) { terminal.writeErr(text) }

    /// Prints a response body as the provider sent it, control characters made visible, ending
    /// with one line break.
    func outBody(_ body: Data) {
        let text = String(decoding: body, as: UTF8.self).visibleKeepingLayout
        out(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Prints one JSON document on stdout. Characters JSON leaves as they are but a terminal may
    /// act on (DEL, C1 controls, bidirectional overrides) are written as `\\u` escapes: the same
    /// document, and nothing a provider put in it can drive the terminal.
    func printJSON(_ value: JSONValue) {
        var text = ""
        for scalar in value.jsonText(pretty: true).unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        out(text + "\n")
    }

    /// A provider's answer as `--json` prints it: under `response`, exactly as sent, beside the
    /// profile and provider it came through and the command's own keys.
    func printResponse(_ body: Data, from client: APIClient, _ extra: [String: JSONValue] = [:]) {
        printResponse(JSONValue.decoding(body), from: client, extra)
    }

    /// The same, for an answer already decoded (or several pages joined into the shape of one).
    func printResponse(_ response: JSONValue, from client: APIClient, _ extra: [String: JSONValue] = [:]) {
        var object = extra
        object["profile"] = .string(client.credentials.profile)
        object["provider"] = .string(client.provider.name)
        object["response"] = response
        printJSON(.object(object))
    }
}
