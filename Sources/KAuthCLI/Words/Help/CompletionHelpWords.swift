/// The help of `kauth completion` (summaries, discussions, arguments, flags, example notes).
enum CompletionHelpWords {
    static let summary = Localized(
        en: "print a shell completion script (bash, zsh, fish)", ko: "셸 자동 완성 스크립트를 출력합니다 (bash, zsh, fish)")
    static let discussion = Localized(
        en:
            "Completes commands, subcommands and flags, and their values: providers, stored profiles, config keys, prompts, shells, template types, and files where a file goes. Names of profiles and providers come from `kauth __complete`, which reads only the local config and keystore (never the network, and no profile names from an encrypted keystore). `make install` puts the scripts where bash, zsh and fish look; otherwise load one from your shell's start-up file.",
        ko:
            "명령, 하위 명령, 플래그와 그 값을 자동 완성합니다: 제공자, 저장된 프로필, 설정 키, prompt, 셸, 템플릿 종류, 파일이 올 자리의 파일. 프로필과 제공자 이름은 `kauth __complete`에서 오며, 이 명령은 로컬 설정과 키 저장소만 읽습니다 (네트워크는 쓰지 않고, 암호화된 키 저장소에서는 프로필 이름을 읽지 않습니다). `make install`은 bash, zsh, fish가 찾는 곳에 스크립트를 설치합니다. 그렇지 않으면 셸의 시작 파일에서 불러오십시오."
    )
    static let shellArgument = Localized(en: "bash, zsh or fish", ko: "bash, zsh 또는 fish")
}
