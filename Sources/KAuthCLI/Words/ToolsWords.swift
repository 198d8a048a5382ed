/// Words of the credential helpers other tools run: `kauth git-credential` (git) and
/// `docker-credential-kauth` (Docker), and of their config keys.
enum ToolsWords: Message {
    /// A `git_hosts` or `docker_hosts` entry that is not `host` or `host:port`.
    case notAHost(key: String, entry: String)
    /// The provider's access token cannot travel in the tool's protocol (a line break in it).
    case tokenUnsendable(tool: String)
    /// `docker-credential-kauth` was asked for an action Docker's protocol does not have.
    case unknownDockerAction(action: String)

    var localized: Localized {
        switch self {
        case .notAHost(let key, let entry):
            Localized(
                en:
                    "\(key.visible): '\(entry.visible)' is not a host; list hosts as git and Docker send them, host or host:port (git.example.com, registry.example.com:5000), separated by commas or spaces, without https:// or a path",
                ko:
                    "\(key.visible): '\(entry.visible)'은(는) 호스트가 아닙니다. git과 Docker가 보내는 그대로 host 또는 host:port(git.example.com, registry.example.com:5000)를 쉼표나 공백으로 구분해 적고, https://나 경로는 빼십시오"
            )
        case .tokenUnsendable(let tool):
            Localized(
                en:
                    "the provider's access token contains a line break or another control character, which \(tool)'s credential protocol cannot carry; nothing was sent",
                ko: "제공자가 준 액세스 토큰에 줄바꿈이나 다른 제어 문자가 있어 \(tool)의 자격 증명 프로토콜로 보낼 수 없습니다. 아무것도 보내지 않았습니다"
            )
        case .unknownDockerAction(let action):
            Localized(
                en:
                    "unknown action '\(action.visible)'; docker-credential-kauth answers Docker's get, store, erase and list (Docker runs it itself: set credHelpers in ~/.docker/config.json)",
                ko:
                    "알 수 없는 동작 '\(action.visible)'입니다. docker-credential-kauth는 Docker의 get, store, erase, list에 응답합니다(Docker가 직접 실행합니다. ~/.docker/config.json의 credHelpers에 설정하십시오)"
            )
        }
    }
}
