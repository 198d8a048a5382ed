import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything that differs between providers, as one value: where they are, what the login asks
/// for, how a client authenticates, how their errors read, where the user's profile comes from, and
/// which of the core's features they have.
///
/// Each provider is one file in this folder defining a `static let` of this type (`kakao`,
/// `snapchat`, `oidc`); `builtIn` lists them. Code outside this folder asks a provider what it
/// *can do* (`Provider.require(_:)`, `ProviderType.features`) and *how* (the closures below), never
/// which provider it is.
package struct ProviderType: Sendable {
    /// The name in config (`provider.NAME.type`) and of the built-in provider of this type.
    package var id: String
    /// The provider's own name, for people (`Kakao`, `Snapchat`, `OpenID Connect`).
    package var displayName: String

    /// The core's base URLs this provider has, with their defaults, and the prefix of the
    /// environment variables that override them (`KAUTH_KAKAO_` + `AUTH_URL`). Roles without a
    /// default are unset until config names them. Roles declared above the core carry their own
    /// (`has(_:)`, `builtInURL(_:)`).
    package var baseURLs: [ProviderURLRole: String?]
    package var environmentPrefix: String?

    /// Where the OAuth endpoints come from: built from the base URLs, or OpenID Connect discovery
    /// from the issuer.
    var endpoints: EndpointSource

    /// The redirect URI a login uses when neither flag, environment nor config gives one. Kakao
    /// and Snap match registered redirect URIs exactly, port included, so theirs is a fixed port
    /// users register once; 0 asks the system for a free one (RFC 8252 §7.3).
    package var redirectPort: UInt16
    var redirectPath: String

    /// Scopes asked for at login when `--scopes` and config give none.
    package var defaultScopes: [String]
    /// `prompt` values the provider documents, which `--prompt` takes (and completes) for it.
    package var prompts: [String]
    /// The request parameters that differ between providers: how `scope` is written, how
    /// `prompt` values are joined, and `login_hint`.
    var authorizeParameters: @Sendable (AuthorizationRequest) -> [(String, String)]

    /// How the client authenticates at the token, device and revocation endpoints.
    var clientAuthentication: ClientAuthenticationPolicy
    /// Provider error codes (`error_code`) that mean "try again later", not "refused".
    var temporaryErrorCodes: Set<String>
    /// What provider error codes mean, so messages can say what to fix.
    var errorMeanings: [String: OAuthErrorMeaning]
    /// Turns a non-2xx answer of the provider's APIs into the error a user can act on.
    package var apiError: @Sendable (_ response: HTTPResponse, _ path: String) -> any Error
    /// How its APIs take parameters in a body: what `kauth api` builds from `-f`/`-F`.
    package var apiBody: APIBodyEncoding = .json
    /// The `Authorization` scheme of the calls its APIs take with the app key alone, no user
    /// token (Kakao: `KakaoAK`), and so whether the `app_key` setting applies; nil: none.
    var appKeyScheme: String? = nil

    /// The user's profile: the request, a check of the answer, and what the keystore caches of it.
    package var profile: ProfileAPI
    /// How `kauth logout` ends the session at the provider.
    package var logout: LogoutMethod
    /// How `kauth unlink` disconnects the user from the app; nil when the provider has no such thing.
    package var unlink: (@Sendable (Provider) throws -> APICall)?

    /// The core's features the provider has beyond logging in, refreshing and showing the profile
    /// (features of targets built on the core say themselves which providers have them).
    package var features: Set<ProviderFeature>
    /// Console steps and names that help a user fix their app's settings: provider facts, not
    /// kauth's words.
    package var help: ProviderHelp

    /// Whether the endpoints come from an issuer's discovery document (and so the provider takes
    /// an issuer setting).
    package var usesDiscovery: Bool {
        if case .discovery = endpoints { return true }
        return false
    }

    /// The built-in provider types. A new provider is a new file in this folder plus its line here.
    package static let builtIn: [ProviderType] = [.kakao, .snapchat, .oidc]

    /// The built-in type called `id`.
    package static func named(_ id: String) -> ProviderType? {
        builtIn.first { $0.id == id }
    }
}

/// Where a provider's OAuth endpoints come from.
enum EndpointSource: Sendable {
    /// Fixed paths under the provider's base URLs.
    case fixed(@Sendable (_ urls: [ProviderURLRole: String]) -> ProviderEndpoints)
    /// OpenID Connect Discovery 1.0 from the configured issuer.
    case discovery
}

/// How the keystore's cached user and `kauth me` come from a provider's profile API.
package struct ProfileAPI: Sendable {
    /// The profile request; `propertyKeys` narrows it where the provider's request takes them (Kakao).
    package var request: @Sendable (_ provider: Provider, _ propertyKeys: [String]) throws -> any APIRequest<JSONValue>
    /// Refuses an answer that is an error in disguise (a GraphQL `errors` member with status 200).
    package var check: @Sendable (_ profile: JSONValue) throws -> Void
    /// What the keystore keeps of the profile.
    package var cachedUser: @Sendable (_ profile: JSONValue) -> CachedUser
    /// Where in the answer the user's own members are (Snapchat's GraphQL: `data.me`), so that
    /// `kauth me` shows them and `--field` finds them by the names it shows; nil: the answer itself.
    var userAt: String? = nil
    /// Whether the profile is OpenID Connect userinfo, which must be about the ID token's
    /// subject when the login has an ID token (OIDC Core §5.3.2).
    var isUserinfo = false

    /// The part of `profile` that is the user: what `kauth me` shows and `--field` reads.
    package func user(in profile: JSONValue) -> JSONValue {
        userAt.flatMap { profile.value(at: $0) } ?? profile
    }
}

/// How a provider ends a session at logout.
package enum LogoutMethod: Sendable {
    /// An API call with the user's token (Kakao's `/v1/user/logout`).
    case call(@Sendable (Provider) throws -> APICall)
    /// RFC 7009 revocation of the refresh token (else the access token).
    case revocation
}

/// Provider facts that messages quote when a user has to change their app's settings.
package struct ProviderHelp: Sendable {
    /// What the provider calls the client id (Kakao: "REST API key").
    package var clientIDName: String
    /// Where redirect URIs are registered, and the error the provider shows when one is not.
    package var redirectRegistration: String?
    /// What to enable for ID tokens, when the provider needs a setting for it.
    var idTokenSetup: String?
    /// How a login asks for a refresh token, for providers that issue one only when asked:
    /// OpenID Connect's `offline_access` scope with `prompt=consent` (OIDC Core §11).
    package var refreshTokenRequest: (scope: String, prompt: String)?

    /// What the client id is called where a provider has no name of its own for it: messages
    /// name a provider's own name (and the provider) only when it differs.
    package static let genericClientIDName = "client id"

    init(
        clientIDName: String = genericClientIDName, redirectRegistration: String? = nil, idTokenSetup: String? = nil,
        refreshTokenRequest: (scope: String, prompt: String)? = nil
    ) {
        self.clientIDName = clientIDName
        self.redirectRegistration = redirectRegistration
        self.idTokenSetup = idTokenSetup
        self.refreshTokenRequest = refreshTokenRequest
    }
}

extension ProviderType {
    /// Whether providers of this type have `role`: as the role's own declaration says when it
    /// names provider types (a role of a target built on the core), else as `baseURLs` says.
    package func has(_ role: ProviderURLRole) -> Bool {
        role.builtInURLs.map { $0[id] != nil } ?? baseURLs.keys.contains(role)
    }

    /// The built-in URL for `role`; nil when the type lacks the role or has it without a default
    /// (an OpenID Connect provider's `api_url`).
    package func builtInURL(_ role: ProviderURLRole) -> String? {
        role.builtInURLs.map { $0[id] } ?? baseURLs[role] ?? nil
    }
}
