#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// What a running command has: the world, its parsed line, and the services built from them.
struct CommandContext: Sendable {
    var world: World
    var command: ParsedCommand
    /// `kauth` version, for `--version` and the User-Agent.
    var version: String

    var terminal: Terminal { world.terminal }
    var environment: Environment { world.environment }
    var paths: KAuthPaths { KAuthPaths.resolve(environment) }
    var json: Bool { command.has("json") }

    /// The keystore, with `KAUTH_PASSPHRASE` when set.
    var keystore: FileKeystore {
        FileKeystore(directory: paths.home, fileSystem: world.fileSystem, passphrase: environment["KAUTH_PASSPHRASE"], random: world.random)
    }

    var configStore: ConfigStore { ConfigStore(paths: paths, fileSystem: world.fileSystem) }

    /// Everything in the keystore, read without the lock (exit 7 when it cannot be used).
    func keystoreContents() throws -> KeystoreContents {
        try KeystoreErrors.mapping { try keystore.load() }
    }

    /// `--profile` > `KAUTH_PROFILE` > the keystore's default profile > `default`.
    func profile() throws -> String {
        if let name = command.value("profile") ?? environment["KAUTH_PROFILE"] {
            try Self.validateProfileName(name)
            return name
        }
        let stored = try? keystore.load().defaultProfile
        return stored ?? "default"
    }

    static func validateProfileName(_ name: String) throws {
        guard !name.isEmpty, name.count <= 64,
              name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" || $0 == "." })
        else {
            throw KAuthError.usage("invalid profile name '\(name)'; use letters, digits, '-', '_' or '.'")
        }
    }

    /// The provider for `session` (or for a new login when nil): `--provider`, else the session's,
    /// else `kakao`; settings flag > env > config > the session's record > default.
    func provider(for session: StoredSession?, overrides: ProviderOverrides = ProviderOverrides()) throws -> ResolvedProvider {
        let name = command.value("provider") ?? session?.provider ?? "kakao"
        var resolved = try ResolvedProvider.resolve(
            name: name,
            overrides: overrides,
            environment: environment,
            config: try configStore.load(),
            stored: StoredProviderRecord(
                authURL: session?.authBaseURL, apiURL: session?.apiBaseURL,
                issuer: session?.issuer, endpoints: session?.endpoints
            )
        )
        if let session {
            // A session's tokens belong to the client that obtained them: refresh with that one.
            resolved.clientID = session.clientID
        }
        return resolved
    }

    /// The token service for the current profile.
    func tokenService() throws -> TokenService {
        let context = self
        return TokenService(world: world, keystore: keystore, profile: try profile()) { session in
            try context.provider(for: session)
        }
    }

    /// An API client for the current profile: `KAUTH_ACCESS_TOKEN` when set (never refreshed),
    /// else the stored login with refresh on expiry and on -401.
    func apiClient() throws -> APIClient {
        let profile = try profile()
        if let token = environment["KAUTH_ACCESS_TOKEN"] {
            let provider = try self.provider(for: nil)
            return APIClient(
                http: world.http, clock: world.clock, provider: provider,
                credentials: BearerCredentials(
                    profile: profile,
                    current: { token },
                    recover: { _, message in throw KAuthError.environmentTokenRejected(reason: message) }
                )
            )
        }
        let tokens = try tokenService()
        return try storedLoginClient(tokens: tokens, session: try tokens.storedSession())
    }

    /// An API client on the stored login, refreshing when it expires and once on -401.
    func storedLoginClient(tokens: TokenService, session: StoredSession?) throws -> APIClient {
        APIClient(
            http: world.http, clock: world.clock, provider: try provider(for: session),
            credentials: BearerCredentials(
                profile: tokens.profile,
                current: { try await tokens.validSession().accessToken },
                recover: { rejected, _ in try await tokens.recover(rejected: rejected).accessToken }
            )
        )
    }

    /// The API client for a command only Kakao has (its user, consent and share APIs); other
    /// providers get a usage error (exit 2) rather than a call to an endpoint they lack.
    func kakaoAPIClient(for command: String) throws -> APIClient {
        let client = try apiClient()
        guard client.provider.kind == .kakao else {
            throw KAuthError.usage("`\(command)` uses Kakao's APIs; provider '\(client.provider.name)' (\(client.provider.kind.rawValue)) has no such API")
        }
        return client
    }

    /// Profile, logout and unlink calls for whichever provider the profile uses.
    func userAPI() throws -> ProviderUserAPI {
        ProviderUserAPI(client: try apiClient(), http: world.http)
    }

    // MARK: - Output

    func out(_ text: String) { terminal.writeOut(text) }
    func err(_ text: String) { terminal.writeErr(text) }

    /// Prints one JSON object on stdout.
    func printJSON(_ value: JSONValue) {
        out(value.jsonText(pretty: true) + "\n")
    }
}
