import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A CI system's OpenID issuer of the sandbox's own, beside the provider: it mints "CI job"
/// JWTs with a second signing key (as GitHub Actions, GitLab and Kubernetes give each job a token
/// of their own), serves a GitHub-Actions-like token service, and is the one issuer whose tokens
/// the token endpoint takes as RFC 8693 subject tokens.
extension SandboxEngine {
    /// The CI issuer: `/ci` under the sandbox's URL.
    var ciIssuer: String { configuration.effectiveIssuer + "/ci" }
    /// An issuer no one trusts, for foreign subject tokens.
    static let foreignCIIssuer = "https://ci.foreign.invalid"
    /// GitHub Actions' token service (`ACTIONS_ID_TOKEN_REQUEST_URL`) and the CI key set.
    static let githubTokenPath = "/ci/github/token"
    static let ciJWKSPath = "/ci/jwks.json"

    mutating func ciKey() throws -> SandboxSigningKey {
        if let key = ciSigningKey { return key }
        let key = try SandboxSigningKey.generate()
        ciSigningKey = key
        return key
    }

    /// A CI job's token: `iss` the CI issuer (or, `foreign`, another one and another key), `aud`,
    /// `sub`, `iat`, `nbf`, `exp` = now + `lifetime` (negative: already expired), `jti`, and
    /// GitHub's `repository` and `ref`.
    mutating func mintCIToken(audience: String, subject: String, lifetime: Int, foreign: Bool = false) throws
        -> String
    {
        let key = foreign ? try SandboxSigningKey.generate() : try ciKey()
        let issued = Int(now.timeIntervalSince1970)
        let claims = OrderedJSON.object([
            ("iss", .string(foreign ? Self.foreignCIIssuer : ciIssuer)),
            ("aud", .string(audience)),
            ("sub", .string(subject)),
            ("iat", .int(issued + min(lifetime, 0) - 60)),
            ("nbf", .int(issued + min(lifetime, 0) - 60)),
            ("exp", .int(issued + lifetime)),
            ("jti", .string(SandboxSecrets.make(random))),
            ("repository", .string("kauth/demo")),
            ("ref", .string("refs/heads/main"))
        ])
        return try key.signJWT(claims: claims)
    }

    /// A subject token's claims when the CI issuer signed it for this provider (`aud` its issuer)
    /// and it has not expired; else why not, for `error_description`.
    mutating func verifyCIToken(_ token: String) -> Result<IDTokenClaims, SubjectTokenRefusal> {
        guard let key = try? ciKey(),
            let keys = try? JWKSet.parse(OrderedJSON.object([("keys", .array([key.publicJWK()]))]).data)
        else { return .failure("the CI issuer has no key") }
        let validator = IDTokenValidator(
            issuer: ciIssuer, clientID: configuration.effectiveIssuer, nonce: nil, clock: clock, allowedSkew: 0)
        do throws(IDTokenError) {
            return .success(try validator.validate(token, keys: keys))
        } catch .expired {
            return .failure("subject_token has expired")
        } catch .wrongAudience {
            return .failure("subject_token is not for this server (aud)")
        } catch .wrongIssuer {
            return .failure("subject_token is from an issuer this server does not trust")
        } catch .malformed {
            return .failure("subject_token is not a JWT")
        } catch {
            return .failure("subject_token is not signed by an issuer this server trusts")
        }
    }

    /// Why a subject token was refused: the `error_description`.
    struct SubjectTokenRefusal: Error, ExpressibleByStringLiteral {
        var description: String
        init(stringLiteral value: String) { description = value }
    }

    /// `GET /ci/github/token?audience=A` with `Authorization: Bearer REQUEST_TOKEN`, as GitHub
    /// Actions' `ACTIONS_ID_TOKEN_REQUEST_URL`: `{"count": 1, "value": "<JWT>"}` for a known
    /// request token, the token's `aud` the `audience` asked (GitHub's default without one: the
    /// repository owner's URL); 401 otherwise.
    mutating func githubToken(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let header = request.headers.value(for: "Authorization") ?? ""
        let bearer = header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)) : ""
        guard let job = ciJobs[bearer] else {
            entry.error = "bad_credentials"
            return .json(401, OrderedJSON.object([("message", .string("Bad credentials"))]).data)
        }
        let audience = request.query.first(named: "audience") ?? "https://github.com/kauth"
        entry.audiences = [audience]
        entry.subject = job.subject
        guard let token = try? mintCIToken(audience: audience, subject: job.subject, lifetime: job.lifetime) else {
            return .text(500, "sandbox: cannot sign the CI token\n")
        }
        return .json(200, OrderedJSON.object([("count", .int(1)), ("value", .string(token))]).data)
    }

    /// `GET /ci/jwks.json`: the CI issuer's public key.
    mutating func ciJWKS() -> HTTPServerResponse {
        guard let key = try? ciKey() else { return .text(500, "sandbox: cannot make the CI key\n") }
        return .json(200, OrderedJSON.object([("keys", .array([key.publicJWK()]))]).data)
    }
}
