/// Words of help pages, help topics and the man page that are not a command's own: headings,
/// the lines under them, the man page's sections. A command's summary, discussion, examples and
/// flag help are `Localized` values in its spec (`CommandSpec`, `FlagSpec`), so a command without
/// its Korean help does not compile.
enum HelpWords: Message {
    case usage
    case commands
    case helpTopics
    case arguments
    case flags
    case globalFlags
    case environment
    case examples
    /// The `-h, --help` row every command lists.
    case showHelp
    /// Under a command's environment rows: where every variable is explained.
    case seeTopic(Invocation)
    /// The last line of a group's help.
    case moreAboutCommand(Invocation)
    case moreAboutCommandOrTopic(command: Invocation, topic: Invocation)
    /// After a repeatable flag's help in the man page.
    case repeatable

    // The man page.
    case manTitle
    case manName
    case manSynopsis
    case manDescription
    case manCommands
    case manGlobalFlags
    case manFiles
    case manExamples
    case manSeeAlso
    case manEveryCommandHelps(topics: String, root: String)
    case manGlobalFlagsNote
    case manShowHelp
    case manGlobalFlagsOf
    case manEnvironmentOf(sectionName: String)
    case manConfigFile(Invocation)
    case manKeystoreFile
    case manLockFile
    case manJWKSFolder
    case manHomeDefault

    var localized: Localized {
        switch self {
        case .usage: Localized(en: "Usage:", ko: "사용법:")
        case .commands: Localized(en: "Commands:", ko: "명령:")
        case .helpTopics: Localized(en: "Help topics:", ko: "도움말 주제:")
        case .arguments: Localized(en: "Arguments:", ko: "인수:")
        case .flags: Localized(en: "Flags:", ko: "플래그:")
        case .globalFlags: Localized(en: "Global flags:", ko: "전역 플래그:")
        case .environment: Localized(en: "Environment:", ko: "환경 변수:")
        case .examples: Localized(en: "Examples:", ko: "예시:")
        case .showHelp: Localized(en: "show help for this command", ko: "이 명령의 도움말을 보여 줍니다")
        case .seeTopic(let topic):
            Localized(
                en: "See '\(topic.line)' for every variable and which setting wins.",
                ko: "모든 변수와 그 우선순위는 '\(topic.line)'에서 볼 수 있습니다.")
        case .moreAboutCommand(let command):
            Localized(
                en: "Run '\(command.line)' for more about a command.",
                ko: "명령을 더 알아보려면 '\(command.line)'을(를) 실행하십시오.")
        case .moreAboutCommandOrTopic(let command, let topic):
            Localized(
                en: "Run '\(command.line)' for more about a command,\n'\(topic.line)' for a topic.",
                ko: "명령에 대해 더 알아보려면 '\(command.line)'을(를),\n주제는 '\(topic.line)'을(를) 실행하십시오.")
        case .repeatable: Localized(en: " (repeatable)", ko: " (여러 번 지정 가능)")
        case .manTitle: Localized(en: "User Commands", ko: "사용자 명령")
        case .manName: Localized(en: "NAME", ko: "이름")
        case .manSynopsis: Localized(en: "SYNOPSIS", ko: "개요")
        case .manDescription: Localized(en: "DESCRIPTION", ko: "설명")
        case .manCommands: Localized(en: "COMMANDS", ko: "명령")
        case .manGlobalFlags: Localized(en: "GLOBAL FLAGS", ko: "전역 플래그")
        case .manFiles: Localized(en: "FILES", ko: "파일")
        case .manExamples: Localized(en: "EXAMPLES", ko: "예시")
        case .manSeeAlso: Localized(en: "SEE ALSO", ko: "참고")
        case .manEveryCommandHelps(let topics, let root):
            Localized(
                en:
                    "Every command prints its own help with --help; '\(root) help TOPIC' prints a help topic: \(topics).",
                ko: "모든 명령은 --help로 자신의 도움말을 출력합니다. '\(root) help TOPIC'은 도움말 주제를 출력합니다: \(topics).")
        case .manGlobalFlagsNote:
            Localized(
                en:
                    "Global flags may stand before or after the command words. A command takes only those listed in its entry above; any other is a usage error.",
                ko:
                    "전역 플래그는 명령어 앞이나 뒤에 둘 수 있습니다. 각 명령은 위 항목에 적힌 것만 받으며, 그 밖의 것은 사용법 오류입니다.")
        case .manShowHelp: Localized(en: "show help for the command", ko: "명령의 도움말을 보여 줍니다")
        case .manGlobalFlagsOf: Localized(en: "Global flags: ", ko: "전역 플래그: ")
        case .manEnvironmentOf(let section):
            Localized(en: " (see \(section)).", ko: " (\(section) 참고).")
        case .manConfigFile(let command):
            Localized(
                en: "Settings, written by '\(command.line)' (mode 0600: it may hold a client secret).",
                ko: "설정 파일입니다. '\(command.line)'이(가) 씁니다 (클라이언트 시크릿을 담을 수 있어 모드 0600).")
        case .manKeystoreFile:
            Localized(
                en:
                    "The keystore: every profile's login, with its tokens; mode 0600, encrypted under a key kept in the OS keyring where one answers, or under KAUTH_PASSPHRASE when it is set. kauth refuses a file that others can read, and never overwrites one it cannot read.",
                ko:
                    "키 저장소입니다. 모든 프로필의 로그인과 토큰을 담습니다. 모드 0600이며, OS 키링이 응답하면 키링에 둔 키로, KAUTH_PASSPHRASE가 설정되어 있으면 그 암호로 암호화됩니다. kauth는 다른 사용자가 읽을 수 있는 파일을 거부하고, 읽을 수 없는 파일을 덮어쓰지 않습니다."
            )
        case .manLockFile:
            Localized(
                en: "Locked while the keystore is written, so that parallel runs refresh a token once.",
                ko: "키 저장소를 쓰는 동안 잠가, 동시에 실행되어도 토큰을 한 번만 갱신하게 합니다.")
        case .manJWKSFolder:
            Localized(
                en: "Cached key sets of OpenID Connect providers, for checking ID tokens.",
                ko: "ID 토큰을 검증하기 위해 캐시한 OpenID Connect 제공자의 키 세트입니다.")
        case .manHomeDefault:
            Localized(
                en: "KAUTH_HOME defaults to $XDG_CONFIG_HOME/kauth, else $HOME/.config/kauth.",
                ko: "KAUTH_HOME의 기본값은 $XDG_CONFIG_HOME/kauth, 없으면 $HOME/.config/kauth입니다.")
        }
    }
}

extension Localized {
    /// No text, in both languages: a command without a discussion or an example without a comment.
    static let none = Localized(en: "", ko: "")

    var isEmpty: Bool { english.isEmpty }
}
