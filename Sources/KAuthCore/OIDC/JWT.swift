import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JWSAlgorithm {
    /// What a provider that says nothing (`id_token_signing_alg_values_supported` absent) may
    /// sign with: RS256, which every OpenID provider must offer (OIDC Core §15.1).
    static let assumed: [String] = [JWSAlgorithm.rs256.rawValue]
}

/// The JOSE header members kauth reads (RFC 7515 §4.1).
package struct JWTHeader: Sendable, Equatable {
    package var alg: String
    package var kid: String?
    package var typ: String?
    /// Every member, including ones kauth does not read.
    package var members: [String: JSONValue]

    package init(alg: String, kid: String? = nil, typ: String? = nil, members: [String: JSONValue] = [:]) {
        self.alg = alg
        self.kid = kid
        self.typ = typ
        self.members = members
    }
}

/// A JWS in compact serialization (RFC 7515 §7.1) whose payload is a JSON object of claims (a JWT,
/// RFC 7519), taken apart but not verified: `IDTokenValidator` decides whether to trust it.
package struct JWT: Sendable, Equatable {
    package let header: JWTHeader
    /// The payload's claims, a JSON object.
    package let claims: JSONValue
    /// `BASE64URL(header) '.' BASE64URL(payload)` exactly as received: what the signature covers.
    package let signingInput: [UInt8]
    /// The decoded signature.
    package let signature: [UInt8]

    /// Parses `compact`, or throws `IDTokenError.malformed` saying what is wrong.
    ///
    /// Strict: exactly three parts, unpadded base64url (RFC 7515 §2), a header that is a JSON object
    /// with a string `alg`, and no `crit` (§4.1.11: kauth understands no extension, so a token that
    /// makes one critical must be refused), and a payload that is a JSON object.
    package init(compact: String) throws(IDTokenError) {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            if parts.count == 5 {
                throw .malformed(.encrypted)
            }
            throw .malformed(.partCount(parts.count))
        }
        func decode(_ part: Substring, _ name: String) throws(IDTokenError) -> [UInt8] {
            guard !part.contains("="), let bytes = Base64URL.decode(String(part)) else {
                throw .malformed(.notBase64URL(part: name))
            }
            return bytes
        }
        let headerBytes = try decode(parts[0], "header")
        let payloadBytes = try decode(parts[1], "payload")
        let signature = try decode(parts[2], "signature")

        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(headerBytes)) else {
            throw .malformed(.headerNotAnObject)
        }
        guard case .string(let alg)? = members["alg"] else {
            throw .malformed(.noAlgorithm)
        }
        var kid: String?
        switch members["kid"] {
        case nil: break
        case .string(let value)?: kid = value
        default: throw .malformed(.keyIDNotAString)
        }
        if members["crit"] != nil {
            throw .malformed(.criticalExtensions)
        }
        guard let claims = try? JSONDecoder().decode(JSONValue.self, from: Data(payloadBytes)),
            case .object = claims
        else {
            throw .malformed(.payloadNotAnObject)
        }
        self.header = JWTHeader(alg: alg, kid: kid, typ: members["typ"]?.stringValue, members: members)
        self.claims = claims
        self.signingInput = Array(compact.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        self.signature = signature
    }
}
