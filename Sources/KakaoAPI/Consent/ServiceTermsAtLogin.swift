import KAuthCore

extension AuthorizationParameter {
    /// Kakao Sync's `service_terms` at login: the tags of the service terms the consent screen
    /// asks the user to agree to, as a comma list (for providers with `.serviceTerms`).
    package static func serviceTerms(_ tags: [String]) -> AuthorizationParameter {
        AuthorizationParameter("service_terms", tags.joined(separator: ","))
    }
}
