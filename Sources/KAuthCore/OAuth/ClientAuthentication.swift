import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A client's identity and the method it authenticates with at one endpoint.
struct ClientCredentials: Sendable, Equatable {
    var clientID: String
    var secret: String?
    var method: ClientAuthMethod

    /// Chooses the method for an endpoint.
    ///
    /// - Parameters:
    ///   - forced: the provider's `token_endpoint_auth_method` setting, which wins.
    ///   - advertised: the endpoint's `*_auth_methods_supported`; nil when the server does not say,
    ///     which RFC 8414 §2 reads as `client_secret_basic`.
    static func choose(
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
    func apply(to pairs: [(String, String)]) -> (pairs: [(String, String)], headers: [HTTPHeader]) {
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

extension Provider {
    /// The credentials for the token and device endpoints.
    func tokenCredentials() throws -> ClientCredentials {
        ClientCredentials.choose(
            clientID: try requireClientID(), secret: clientSecret, policy: type.clientAuthentication,
            forced: forcedClientAuth, advertised: endpoints?.tokenAuthMethods)
    }

    /// The credentials for the revocation endpoint (its own advertised methods, RFC 8414 §2).
    func revocationCredentials() throws -> ClientCredentials {
        ClientCredentials.choose(
            clientID: try requireClientID(), secret: clientSecret, policy: type.clientAuthentication,
            forced: forcedClientAuth, advertised: endpoints?.revocationAuthMethods ?? endpoints?.tokenAuthMethods)
    }
}
