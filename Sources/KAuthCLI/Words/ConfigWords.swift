/// Words of `kauth config` and `kauth completion`.
enum ConfigWords: Message {
    case untypedProvider(name: String, types: [String], closest: String?)
    /// `kauth config list` with nothing set: said on stderr, stdout stays empty.
    case empty(path: String)
    /// A provider key given without `provider.NAME.`: the key it probably meant.
    case bareKey(key: String, meant: String, command: Invocation)
    case unknownShell(String)

    var localized: Localized {
        switch self {
        case .untypedProvider(let name, let types, let closest):
            let set = Invocation("kauth config set provider.\(name).type TYPE")
            let list = types.joined(separator: ", ")
            return Localized(
                en:
                    "warning: provider '\(name)' has no type yet, so no command can use it; set one with \(set) (\(list))\(closest.map { ", or did you mean \($0)?" } ?? "")\n",
                ko:
                    "경고: 제공자 '\(name)'에 아직 유형이 없어 어떤 명령도 쓸 수 없습니다. \(set)(으)로 설정하십시오 (\(list))\(closest.map { ". 혹시 \($0)을(를) 말씀하신 건가요?" } ?? "")\n"
            )
        case .empty(let path):
            let example = Invocation("kauth config set provider.kakao.client_id YOUR_REST_API_KEY")
            return Localized(
                en:
                    "No settings are stored in \(path) yet; set one with `kauth config set KEY VALUE`, e.g. \(example).\n",
                ko: "\(path)에 저장된 설정이 아직 없습니다. `kauth config set KEY VALUE`로 설정하십시오. 예: \(example)\n")
        case .bareKey(let key, let meant, let command):
            return Localized(
                en:
                    "unknown config key '\(key.visible)': provider settings are named provider.NAME.KEY; did you mean \(meant)? Run \(command)",
                ko:
                    "알 수 없는 설정 키 '\(key.visible)': 제공자 설정의 이름은 provider.NAME.KEY입니다. \(meant)을(를) 말씀하신 건가요? \(command)을(를) 실행하십시오"
            )
        case .unknownShell(let shell):
            return Localized(
                en: "unknown shell '\(shell)'; use bash, zsh or fish",
                ko: "알 수 없는 셸 '\(shell)'입니다. bash, zsh, fish 중 하나를 쓰십시오")
        }
    }
}
