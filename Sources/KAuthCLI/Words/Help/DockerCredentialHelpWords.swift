/// The help of `docker-credential-kauth`, the Docker credential helper (summaries, discussions, arguments, flags,
/// example notes).
enum DockerCredentialHelpWords {
    static let summary = Localized(
        en: "give Docker a valid access token (a Docker credential helper)",
        ko: "Docker credential helper: 액세스 토큰을 줍니다")
    static let discussion = Localized(
        en:
            "Docker runs it (credHelpers in ~/.docker/config.json maps a registry to kauth) with get, store, erase or list. get reads the registry on stdin (host, host:port or a URL, whose host is taken) and, when docker_hosts of the profile's provider (KAUTH_PROFILE, else the default profile) lists it, prints {\"ServerURL\", \"Username\", \"Secret\"}: the user name docker_username (default oauth2) and a valid access token, refreshed first when needed. For another registry it prints `credentials not found in native keychain` and exits 1, as Docker's own helpers do, and Docker goes on without credentials. list prints the registries served and their user name; store and erase leave the keystore alone. Other failures are printed on stdout, where Docker shows them.",
        ko:
            "Docker가 get, store, erase 또는 list로 실행합니다(~/.docker/config.json의 credHelpers가 레지스트리를 kauth에 연결합니다). get은 표준 입력에서 레지스트리(host, host:port 또는 URL이면 그 호스트)를 읽고, 프로필 제공자(KAUTH_PROFILE, 없으면 기본 프로필)의 docker_hosts에 있으면 {\"ServerURL\", \"Username\", \"Secret\"}를 출력합니다: 사용자 이름 docker_username(기본값 oauth2)과 유효한 액세스 토큰(필요하면 먼저 갱신)입니다. 다른 레지스트리에는 Docker 자체 helper처럼 `credentials not found in native keychain`을 출력하고 1로 끝나며, Docker는 자격 증명 없이 계속합니다. list는 응답하는 레지스트리와 그 사용자 이름을 출력합니다. store와 erase는 키 저장소를 건드리지 않습니다. 그 밖의 실패는 Docker가 보여 주는 표준 출력에 출력합니다."
    )
    static let actionArgument = Localized(
        en: "get, store, erase or list (Docker gives it)", ko: "get, store, erase 또는 list (Docker가 줍니다)")
    static let exampleWhatDockerReceives = Localized(en: "what Docker receives", ko: "Docker가 받는 내용")
}
