/// The help of `kauth git-credential`, the git credential helper (summaries, discussions, arguments, flags, example
/// notes).
enum GitCredentialHelpWords {
    static let summary = Localized(
        en: "give git a valid access token (a git credential helper)",
        ko: "git에 유효한 액세스 토큰을 줍니다 (git credential helper)")
    static let discussion = Localized(
        en:
            "git runs it with get, store or erase and the request on stdin, as `git help credential` describes: key=value lines up to a blank line. For get, when the host git names (host:port when the URL has a port) is listed in git_hosts of the profile's provider (provider.NAME.git_hosts, hosts separated by commas or spaces), kauth answers username (git_username, default oauth2), password (a valid access token, refreshed first when needed, as `kauth token` does) and password_expiry_utc. https only; plain http only for a host on this machine. For any other host it prints nothing and exits 0, so git asks its next helper. store does nothing: the login is kauth's. erase, which git sends after the server refused the token (HTTP 401), marks the stored access token expired so that the next get refreshes it; the login stays. git 2.39 does not retry the command after a 401: run it again. The profile: --profile, else KAUTH_PROFILE, else the default one. As git-credential-kauth (the link `make install` puts next to kauth), `credential.helper = kauth` finds it.",
        ko:
            "git이 get, store 또는 erase와 함께 표준 입력으로 요청을 주어 실행합니다. `git help credential`이 설명하는 대로 빈 줄까지 key=value 줄입니다. get에서는 git이 알려 준 호스트(URL에 포트가 있으면 host:port)가 프로필 제공자의 git_hosts(provider.NAME.git_hosts, 호스트는 쉼표나 공백으로 구분)에 있으면 username(git_username, 기본값 oauth2), password(유효한 액세스 토큰, 필요하면 `kauth token`처럼 먼저 갱신), password_expiry_utc로 응답합니다. https만 쓰며, 평문 http는 이 컴퓨터의 호스트에만 허용합니다. 다른 호스트에는 아무것도 출력하지 않고 0으로 끝나므로 git은 다음 helper에 묻습니다. store는 아무것도 하지 않습니다: 로그인은 kauth가 관리합니다. 서버가 토큰을 거부한 뒤(HTTP 401) git이 보내는 erase는 저장된 액세스 토큰을 만료된 것으로 표시해 다음 get에서 갱신하게 합니다. 로그인은 그대로 남습니다. git 2.39는 401 뒤에 명령을 다시 시도하지 않으니 다시 실행하십시오. 프로필: --profile, 없으면 KAUTH_PROFILE, 없으면 기본 프로필입니다. git-credential-kauth(`make install`이 kauth 옆에 두는 링크)로 실행하면 `credential.helper = kauth`로 찾을 수 있습니다."
    )
    static let operationArgument = Localized(
        en: "get, store or erase (git gives it)", ko: "get, store 또는 erase (git이 줍니다)")
    static let exampleGitAsksKauthForThatHost = Localized(
        en: "git asks kauth for that host", ko: "git이 그 호스트에 대해 kauth에 묻습니다")
    static let exampleTheHostsALoginAnswersFor = Localized(en: "the hosts a login answers for", ko: "로그인이 응답할 호스트")
    static let exampleAnotherProfilesLogin = Localized(en: "another profile's login", ko: "다른 프로필의 로그인")
}
