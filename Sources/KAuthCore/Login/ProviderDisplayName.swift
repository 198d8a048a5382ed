extension ResolvedProvider {
    /// The provider as the browser pages name it: the brand for the kinds kauth knows ("Kakao",
    /// not the `--provider` key "kakao"), and for an OpenID Connect provider the name its user
    /// gave it, since kauth knows no better one.
    package var displayName: String {
        switch kind {
        case .kakao: "Kakao"
        case .snapchat: "Snapchat"
        case .oidc: name
        }
    }
}
