import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `GET` and `POST /_sandbox/config`: the configuration in force, and changing it at run time.
extension SandboxEngine {
    /// The switches `POST /_sandbox/config` takes as `true`/`false` (also `1`/`0`, `yes`/`no`,
    /// `on`/`off`), by form name.
    private static var flags: [(String, WritableKeyPath<SandboxConfiguration, Bool>)] {
        [
            ("deny", \.deny),
            ("auto_link", \.autoLink),
            ("oidc", \.oidc),
            ("bare_refresh_errors", \.bareRefreshErrors),
            ("one_use_refresh_tokens", \.oneUseRefreshTokens),
            ("revocation_requires_bearer", \.revocationRequiresBearer),
            ("require_nonce", \.requireNonce),
            ("friends_api_enabled", \.friendsAPIEnabled),
            ("korean_names", \.koreanNames),
            ("refresh_tokens", \.issueRefreshTokens),
            ("advertise_standard_scopes", \.advertiseStandardScopes),
            ("page_links_loop", \.pageLinksLoop)
        ]
    }

    /// Lifetimes `POST /_sandbox/config` takes in seconds (0 or more), by form name.
    private static var durations: [(String, WritableKeyPath<SandboxConfiguration, Int>)] {
        [
            ("access_token_lifetime", \.accessTokenLifetime),
            ("id_token_lifetime", \.idTokenLifetime),
            ("refresh_token_lifetime", \.refreshTokenLifetime),
            ("rotation_threshold", \.rotationThreshold),
            ("code_lifetime", \.codeLifetime),
            ("auth_time_age", \.authTimeAge)
        ]
    }

    /// The configuration, without the client secret (only whether one is required).
    var configurationJSON: OrderedJSON {
        .object([
            ("client_id", configuration.clientID.map(OrderedJSON.string) ?? .null),
            ("client_secret_required", .bool(configuration.clientSecret != nil)),
            ("access_token_lifetime", .int(configuration.accessTokenLifetime)),
            ("id_token_lifetime", .int(configuration.idTokenLifetime)),
            ("refresh_token_lifetime", .int(configuration.refreshTokenLifetime)),
            ("rotation_threshold", .int(configuration.rotationThreshold)),
            ("code_lifetime", .int(configuration.codeLifetime)),
            ("deny", .bool(configuration.deny)),
            ("default_scopes", .array(configuration.defaultScopes.map(OrderedJSON.string))),
            ("auto_link", .bool(configuration.autoLink)),
            ("custom_property_keys", .array(configuration.customPropertyKeys.map(OrderedJSON.string))),
            (
                "service_terms",
                .array(
                    configuration.serviceTerms.map { term in
                        .object([
                            ("tag", .string(term.tag)), ("required", .bool(term.required)),
                            ("revocable", .bool(term.revocable))
                        ])
                    })
            ),
            ("shipping_address_count", .int(configuration.shippingAddressCount)),
            ("mode", .string(configuration.mode.rawValue)),
            ("oidc", .bool(configuration.oidc)),
            ("issuer", .string(configuration.effectiveIssuer)),
            ("device_interval", .int(configuration.deviceInterval)),
            ("client_auth_methods", .array(configuration.clientAuthMethods.map { .string($0.rawValue) })),
            ("client_public_key_registered", .bool(configuration.clientPublicKey != nil)),
            ("tls_client_auth_subject_dn", configuration.clientCertificateSubject.map(OrderedJSON.string) ?? .null),
            ("assertion_algs", .array(configuration.assertionAlgorithms.map(OrderedJSON.string))),
            ("assertion_audience", .string(configuration.assertionAudienceIsEndpoint ? "endpoint" : "token_endpoint")),
            ("bare_refresh_errors", .bool(configuration.bareRefreshErrors)),
            ("one_use_refresh_tokens", .bool(configuration.oneUseRefreshTokens)),
            ("revocation_requires_bearer", .bool(configuration.revocationRequiresBearer)),
            ("authorization_response_iss", .string(configuration.authorizationResponseIss.rawValue)),
            ("require_nonce", .bool(configuration.requireNonce)),
            ("friend_count", .int(configuration.friendCount)),
            ("friends_api_enabled", .bool(configuration.friendsAPIEnabled)),
            ("korean_names", .bool(configuration.koreanNames)),
            ("picker", configuration.pickerOutcome.json),
            ("item_count", .int(configuration.itemCount)),
            ("page_link_base", configuration.pageLinkBase.map(OrderedJSON.string) ?? .null),
            ("page_links_loop", .bool(configuration.pageLinksLoop)),
            ("item_failure_page", .int(configuration.itemFailurePage)),
            ("id_token_alg", .string(configuration.idTokenAlgorithm.rawValue)),
            ("userinfo_sub", configuration.userinfoSubject.map(OrderedJSON.string) ?? .null),
            ("refresh_tokens", .bool(configuration.issueRefreshTokens)),
            ("advertise_standard_scopes", .bool(configuration.advertiseStandardScopes)),
            ("resources", .array(configuration.resources.map(OrderedJSON.string))),
            ("auth_time_age", .int(configuration.authTimeAge)),
            ("ci_issuer", .string(ciIssuer))
        ])
    }

    /// `POST /_sandbox/config`, any of these form fields:
    ///
    /// - `access_token_lifetime`, `id_token_lifetime`, `refresh_token_lifetime`, `rotation_threshold`,
    ///   `code_lifetime`: seconds, 0 or more (lifetimes under a minute work);
    /// - the switches `deny`, `auto_link`, `oidc`, `bare_refresh_errors`,
    ///   `one_use_refresh_tokens`, `revocation_requires_bearer`, `require_nonce`,
    ///   `friends_api_enabled`, `page_links_loop`, `refresh_tokens`, `advertise_standard_scopes`:
    ///   `true`/`false`;
    /// - `friend_count`, `item_count`: 0 to 10000;
    /// - `page_link_base`: the origin next-page links name instead of the sandbox's (empty: its own);
    /// - `item_failure_page`: the page of `/api/items` that answers 503 (0: none);
    /// - `id_token_alg`: the algorithm of ID tokens (`RS256` … `EdDSA`, `HS256` … with a client
    ///   secret);
    /// - `userinfo_sub`: the `sub` UserInfo answers (empty: the user's own);
    /// - `resources`: the RFC 8707 resources tokens may be for (commas or spaces);
    /// - `auth_time_age`: seconds; ID tokens say the user authenticated that long ago;
    /// - `mode`: `kakao` or `snapchat`;
    /// - `device_interval`: seconds, 1 to 3600, for device codes issued from then on;
    /// - `client_id`, `client_secret`: the app key and secret to require (empty: any key, no
    ///   secret);
    /// - `client_auth_methods`: some of `client_secret_basic`, `client_secret_post`,
    ///   `client_secret_jwt`, `private_key_jwt` and `tls_client_auth`, separated by commas or spaces;
    /// - `client_public_key`: the PEM public key `private_key_jwt` assertions are checked with
    ///   (empty: none);
    /// - `tls_client_auth_subject_dn`: the subject (RFC 4514) a `tls_client_auth` client's
    ///   certificate must have (empty: none registered);
    /// - `assertion_algs`: `token_endpoint_auth_signing_alg_values_supported`;
    /// - `assertion_audience`: `token_endpoint` (an assertion's `aud` includes the token endpoint
    ///   or the issuer) or `endpoint` (it is, as one string, the URL it is presented at);
    /// - `authorization_response_iss`: `standard`, `unadvertised` or `wrong`.
    ///
    /// All are checked before any is applied, so a bad request changes nothing. `auto_link`
    /// applies to users' next first login; users already linked stay linked.
    mutating func updateConfiguration(_ form: [(String, String)]) -> HTTPServerResponse {
        var updated = configuration
        for (name, value) in form {
            if let path = Self.flags.first(where: { $0.0 == name })?.1 {
                guard let flag = Self.flag(value) else {
                    return Self.controlError(400, "\(name) must be true or false, not \(value)")
                }
                updated[keyPath: path] = flag
                continue
            }
            if let path = Self.durations.first(where: { $0.0 == name })?.1 {
                guard let seconds = Int(value), seconds >= 0 else {
                    return Self.controlError(400, "\(name) must be a number of seconds, not \(value)")
                }
                updated[keyPath: path] = seconds
                continue
            }
            switch name {
            case "mode":
                guard let mode = SandboxMode(rawValue: value.lowercased()) else {
                    return Self.controlError(400, "mode must be kakao or snapchat, not \(value)")
                }
                updated.mode = mode
            case "device_interval":
                guard let seconds = Int(value), (1...3600).contains(seconds) else {
                    return Self.controlError(
                        400, "device_interval must be a number of seconds from 1 to 3600, not \(value)")
                }
                updated.deviceInterval = seconds
            case "client_id":
                updated.clientID = value.isEmpty ? nil : value
            case "client_secret":
                updated.clientSecret = value.isEmpty ? nil : value
            case "client_auth_methods":
                let names = SandboxScopes.parse(value)
                let methods = names.compactMap(SandboxClientAuthMethod.init(rawValue:))
                guard !methods.isEmpty, methods.count == names.count else {
                    let known = SandboxClientAuthMethod.allCases.map(\.rawValue).joined(separator: ", ")
                    return Self.controlError(400, "client_auth_methods must name some of \(known), not \(value)")
                }
                updated.clientAuthMethods = methods
            case "friend_count":
                guard let count = Int(value), (0...10_000).contains(count) else {
                    return Self.controlError(400, "friend_count must be a number from 0 to 10000, not \(value)")
                }
                updated.friendCount = count
            case "id_token_alg":
                guard let algorithm = JWSAlgorithm(rawValue: value) else {
                    return Self.controlError(
                        400,
                        "id_token_alg must be one of \(JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")), not \(value)"
                    )
                }
                updated.idTokenAlgorithm = algorithm
            case "resources":
                updated.resources = SandboxScopes.parse(value)
            case "userinfo_sub":
                updated.userinfoSubject = value.isEmpty ? nil : value
            case "item_count":
                guard let count = Int(value), (0...10_000).contains(count) else {
                    return Self.controlError(400, "item_count must be a number from 0 to 10000, not \(value)")
                }
                updated.itemCount = count
            case "item_failure_page":
                guard let page = Int(value), page >= 0 else {
                    return Self.controlError(
                        400, "item_failure_page must be a page number, or 0 for none, not \(value)")
                }
                updated.itemFailurePage = page
            case "page_link_base":
                guard value.isEmpty || value.hasPrefix("http://") || value.hasPrefix("https://") else {
                    return Self.controlError(400, "page_link_base must be an http(s) origin, or empty, not \(value)")
                }
                updated.pageLinkBase = value.isEmpty ? nil : value
            case "client_public_key":
                if value.isEmpty {
                    updated.clientPublicKey = nil
                } else {
                    let usable = JWSAlgorithm.allCases.filter { $0.family != .hmac && $0.family != .edDSA }.contains {
                        (try? JWSVerificationKey.publicKey(pem: Array(value.utf8), algorithm: $0)) != nil
                    }
                    guard usable else {
                        return Self.controlError(400, "client_public_key must be a PEM public key (RSA or EC)")
                    }
                    updated.clientPublicKey = value
                }
            case "tls_client_auth_subject_dn":
                if value.isEmpty {
                    updated.clientCertificateSubject = nil
                } else {
                    guard SandboxDistinguishedName(value) != nil else {
                        return Self.controlError(
                            400, "tls_client_auth_subject_dn must be a distinguished name such as CN=client,O=Example")
                    }
                    updated.clientCertificateSubject = value
                }
            case "assertion_audience":
                guard ["token_endpoint", "endpoint"].contains(value) else {
                    return Self.controlError(400, "assertion_audience must be token_endpoint or endpoint, not \(value)")
                }
                updated.assertionAudienceIsEndpoint = value == "endpoint"
            case "assertion_algs":
                let names = SandboxScopes.parse(value)
                guard !names.isEmpty, names.allSatisfy({ JWSAlgorithm(rawValue: $0) != nil }) else {
                    return Self.controlError(400, "assertion_algs must name JWS algorithms (RS256, ES256, HS256…)")
                }
                updated.assertionAlgorithms = names
            case "authorization_response_iss":
                guard let behaviour = SandboxIssParameter(rawValue: value) else {
                    return Self.controlError(
                        400, "authorization_response_iss must be standard, unadvertised or wrong, not \(value)")
                }
                updated.authorizationResponseIss = behaviour
            default:
                return Self.controlError(400, "unknown setting \(name)")
            }
        }
        if updated.idTokenAlgorithm.family == .hmac, updated.clientSecret == nil {
            return Self.controlError(
                400,
                "id_token_alg \(updated.idTokenAlgorithm.rawValue) signs with the client secret: set client_secret too")
        }
        configuration = updated
        return .json(200, configurationJSON.data)
    }
}
