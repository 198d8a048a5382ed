import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a client proves who it is at the token, device authorization and revocation endpoints
/// (RFC 6749 §2.3, OIDC Core §9, RFC 7591 names).
package enum ClientAuthMethod: String, Sendable, Codable, CaseIterable, Equatable {
    /// `Authorization: Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1): every
    /// server MUST support it, and some accept nothing else.
    case clientSecretBasic = "client_secret_basic"
    /// `client_id` and `client_secret` in the form body.
    case clientSecretPost = "client_secret_post"
    /// A public client: `client_id` in the body, no secret.
    case none
}

/// How a provider chooses the method.
package enum ClientAuthenticationPolicy: Sendable {
    /// This method whenever the client has a secret (Kakao wants the secret in the body; Snap
    /// takes HTTP Basic), none otherwise.
    case whenSecret(ClientAuthMethod)
    /// What the server advertises for the endpoint (`token_endpoint_auth_methods_supported`,
    /// `revocation_endpoint_auth_methods_supported`), `client_secret_basic` preferred.
    case advertised
}

/// A client's identity and the method it authenticates with at one endpoint.
package struct ClientCredentials: Sendable, Equatable {
    package var clientID: String
    package var secret: String?
    package var method: ClientAuthMethod

    package init(clientID: String, secret: String?, method: ClientAuthMethod) {
        self.clientID = clientID
        self.secret = secret
        self.method = method
    }

    /// Chooses the method for an endpoint.
    ///
    /// - Parameters:
    ///   - forced: the provider's `token_endpoint_auth_method` setting, which wins.
    ///   - advertised: the endpoint's `*_auth_methods_supported`; nil when the server does not say,
    ///     which RFC 8414 §2 reads as `client_secret_basic`.
    package static func choose(
        clientID: String, secret: String?, policy: ClientAuthenticationPolicy, forced: ClientAuthMethod?,
        advertised: [String]?
    ) -> ClientCredentials {
        if let forced {
            return ClientCredentials(
                clientID: clientID, secret: forced == .none ? nil : secret, method: secret == nil ? .none : forced)
        }
        guard let secret else { return ClientCredentials(clientID: clientID, secret: nil, method: .none) }
        switch policy {
        case .whenSecret(let method):
            return ClientCredentials(clientID: clientID, secret: secret, method: method)
        case .advertised:
            let supported = advertised ?? [ClientAuthMethod.clientSecretBasic.rawValue]
            // Basic first: servers MUST support it (RFC 6749 §2.3.1); the body only when it is
            // the one the server lists and Basic is not.
            let method: ClientAuthMethod =
                !supported.contains(ClientAuthMethod.clientSecretBasic.rawValue)
                    && supported.contains(ClientAuthMethod.clientSecretPost.rawValue)
                ? .clientSecretPost : .clientSecretBasic
            return ClientCredentials(clientID: clientID, secret: secret, method: method)
        }
    }

    /// The form parameters and headers that carry these credentials. With Basic the body does not
    /// repeat `client_id`: a request uses one authentication method (RFC 6749 §2.3).
    package func apply(to pairs: [(String, String)]) -> (pairs: [(String, String)], headers: [HTTPHeader]) {
        switch method {
        case .clientSecretBasic:
            let user = FormURLEncoding.escape(clientID) + ":" + FormURLEncoding.escape(secret ?? "")
            return (pairs, [HTTPHeader("Authorization", "Basic " + Data(user.utf8).base64EncodedString())])
        case .clientSecretPost:
            return ([("client_id", clientID)] + pairs + [("client_secret", secret ?? "")], [])
        case .none:
            return ([("client_id", clientID)] + pairs, [])
        }
    }
}
