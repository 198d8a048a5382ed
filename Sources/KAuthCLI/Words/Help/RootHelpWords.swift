/// The help of `kauth` itself (the top of `kauth --help` and of the man page) and of `--version` (summaries,
/// discussions, arguments, flags, example notes).
enum RootHelpWords {
    static let summary = Localized(
        en: "log in to Kakao and other OAuth/OIDC providers from the command line",
        ko: "명령줄에서 카카오와 다른 OAuth/OIDC 제공자에 로그인합니다")
    static let discussion = Localized(
        en:
            "kauth logs you in through the browser, keeps the tokens in a local keystore, refreshes them when needed, and calls the provider's user APIs. Scripts call `kauth token` for a valid access token.",
        ko:
            "kauth는 브라우저로 로그인하고, 토큰을 로컬 키 저장소에 보관하며, 필요하면 갱신하고, 제공자의 사용자 API를 호출합니다. 스크립트는 유효한 액세스 토큰이 필요할 때 `kauth token`을 호출합니다."
    )
    static let exampleUseTheTokenInAScript = Localized(en: "use the token in a script", ko: "스크립트에서 토큰을 사용합니다")
    static let exampleWhatIsStoredWithoutTheNetwork = Localized(
        en: "what is stored, without the network", ko: "네트워크 없이 저장된 내용을 봅니다")
    static let versionFlag = Localized(
        en: "print the version and the commit it was built from", ko: "버전과 빌드한 커밋을 출력합니다")
}
