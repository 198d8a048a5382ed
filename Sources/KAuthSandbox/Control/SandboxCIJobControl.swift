import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `POST /_sandbox/ci-job`: a CI job the sandbox's CI issuer plays, for token-exchange tests.
extension SandboxEngine {
    /// Form `audience` (default: the provider's issuer), `subject` (default
    /// `repo:kauth/demo:ref:refs/heads/main`), `lifetime` (seconds, default 300; 0 or less: an
    /// already expired token), `foreign=true` (signed by an issuer the provider does not trust).
    /// Answers `id_token` (the job's token, as a file or a variable would hold it), and the
    /// GitHub-Actions-like `request_url` and `request_token` that ask for more.
    mutating func startCIJob(_ form: [(String, String)]) -> HTTPServerResponse {
        let subject = form.first(named: "subject") ?? "repo:kauth/demo:ref:refs/heads/main"
        let audience = form.first(named: "audience") ?? configuration.effectiveIssuer
        var lifetime = 300
        if let text = form.first(named: "lifetime") {
            guard let seconds = Int(text), abs(seconds) <= 86_400 else {
                return Self.controlError(
                    400, "lifetime must be a number of seconds (at most a day either way), not \(text)")
            }
            lifetime = seconds
        }
        let foreign = form.first(named: "foreign").flatMap(Self.flag) ?? false
        guard let token = try? mintCIToken(audience: audience, subject: subject, lifetime: lifetime, foreign: foreign)
        else {
            return Self.controlError(500, "cannot sign the CI token")
        }
        let requestToken = SandboxSecrets.make(random)
        ciJobs[requestToken] = SandboxCIJob(subject: subject, lifetime: lifetime)
        return .json(
            200,
            OrderedJSON.object([
                ("id_token", .string(token)),
                ("issuer", .string(foreign ? Self.foreignCIIssuer : ciIssuer)),
                ("request_url", .string(baseURL + Self.githubTokenPath + "?api-version=2.0")),
                ("request_token", .string(requestToken))
            ]).data)
    }
}
