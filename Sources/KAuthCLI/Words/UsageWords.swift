/// Words of usage errors (exit 2): a command line the parser, a flag or a value check cannot
/// take. Flags, commands and values are quoted as typed; the extra arguments of a line that has
/// too many are never repeated (one may be a secret).
enum UsageWords: Message {
    case flagGivenTwice(flag: String)
    case flagNeedsValue(flag: String, valueName: String)
    case unknownFlag(flag: String, command: String)
    case flagTakesNoValue(flag: String)
    /// `globals`: the global flags the command does take.
    case flagDoesNotApply(flag: String, command: String, globals: [String])
    case needsArgument(command: String, argument: String)
    /// A missing argument that is one of a few words (`kauth completion`: bash, zsh or fish).
    case nameOneOf(command: String, argument: String, choices: [String])
    /// `--json` before a command that prints no data.
    case jsonDoesNotApply(command: String)
    /// `withToken`: the line has `--with-token`, which reads its token on standard input.
    case tooManyArguments(command: String, maximum: Int, extra: Int, withToken: Bool)
    case unknownCommand(word: String, command: String)
    case unknownCommandOrTopic(word: String, command: String)
    case wholeNumber(flag: String, lowest: Int, highest: Int, given: String)
    /// A profile name that is not ASCII letters, digits, `-`, `_` and `.` (a Korean one too).
    case invalidProfileName(name: String)
    /// A word that is not `KEY=VALUE`; `what` says which: a flag (`--arg`), or `eachProperty`.
    case needsKeyValue(what: Localized, given: String)

    var localized: Localized {
        switch self {
        case .flagGivenTwice(let flag):
            Localized(en: "flag --\(flag) was given more than once", ko: "--\(flag) 플래그가 두 번 이상 주어졌습니다")
        case .flagNeedsValue(let flag, let valueName):
            Localized(en: "flag \(flag) needs a value (\(valueName))", ko: "\(flag) 플래그에는 값(\(valueName))이 필요합니다")
        case .unknownFlag(let flag, let command):
            Localized(
                en: "unknown flag '\(flag.visible)' for '\(command)'",
                ko: "'\(command)'에 알 수 없는 플래그 '\(flag.visible)'입니다")
        case .flagTakesNoValue(let flag):
            Localized(en: "flag \(flag) takes no value", ko: "\(flag) 플래그는 값을 받지 않습니다")
        case .flagDoesNotApply(let flag, let command, let globals):
            Localized(
                en: "flag --\(flag) does not apply to '\(command)'"
                    + (globals.isEmpty ? "" : "; its global flags are \(globals.joined(separator: ", "))"),
                ko: "--\(flag) 플래그는 '\(command)'에 쓸 수 없습니다"
                    + (globals.isEmpty ? "" : ". 이 명령의 전역 플래그: \(globals.joined(separator: ", "))"))
        case .nameOneOf(let command, let argument, let choices):
            Localized(
                en: "'\(command)': name a \(argument): "
                    + (choices.count == 1
                        ? choices[0] : choices.dropLast().joined(separator: ", ") + " or " + choices.last!),
                ko: "'\(command)': \(argument)을(를) 하나 지정하십시오: " + choices.joined(separator: ", "))
        case .jsonDoesNotApply(let command):
            Localized(
                en: "flag --json does not apply to '\(command)': it prints no data",
                ko: "--json 플래그는 '\(command)'에 쓸 수 없습니다: 이 명령은 데이터를 출력하지 않습니다")
        case .needsArgument(let command, let argument):
            Localized(en: "'\(command)' needs \(argument)", ko: "'\(command)'에는 \(argument)이(가) 필요합니다")
        case .tooManyArguments(let command, let maximum, let extra, let withToken):
            Localized(
                en: "'\(command)' "
                    + (maximum == 0
                        ? "takes no argument" : "takes at most \(maximum) argument\(maximum == 1 ? "" : "s")")
                    + "; \(extra) more \(extra == 1 ? "was" : "were") given (not shown here, since \(extra == 1 ? "it" : "they") may be secret)"
                    + (withToken
                        ? "; --with-token reads the refresh token on standard input: echo \"$KAUTH_REFRESH_TOKEN\" | kauth login --with-token"
                        : ""),
                ko: "'\(command)'"
                    + (maximum == 0 ? "은(는) 인자를 받지 않습니다" : "은(는) 인자를 최대 \(maximum)개 받습니다")
                    + ". 인자가 \(extra)개 더 주어졌습니다(비밀 값일 수 있어 여기에 보여주지 않습니다)"
                    + (withToken
                        ? ". --with-token은 리프레시 토큰을 표준 입력에서 읽습니다: echo \"$KAUTH_REFRESH_TOKEN\" | kauth login --with-token"
                        : ""))
        case .unknownCommand(let word, let command):
            Localized(
                en: "unknown command '\(word.visible)' for '\(command)'",
                ko: "'\(command)'에 알 수 없는 명령 '\(word.visible)'입니다")
        case .unknownCommandOrTopic(let word, let command):
            Localized(
                en: "unknown command or help topic '\(word.visible)' for '\(command)'",
                ko: "'\(command)'에 알 수 없는 명령 또는 도움말 주제 '\(word.visible)'입니다")
        case .wholeNumber(let flag, let lowest, let highest, let given):
            Localized(
                en: "--\(flag) needs a whole number from \(lowest) to \(highest), not '\(given)'",
                ko: "--\(flag)에는 '\(given)'이(가) 아니라 \(lowest)에서 \(highest) 사이의 정수가 필요합니다")
        case .invalidProfileName(let name):
            Localized(
                en: "invalid profile name '\(name.visible)'; use ASCII letters (a-z, A-Z), digits, '-', '_' or '.'",
                ko: "프로필 이름 '\(name.visible)'은(는) 쓸 수 없습니다. 영문자(a-z, A-Z), 숫자, '-', '_', '.'만 쓰십시오")
        case .needsKeyValue(let what, let given):
            Localized(
                en: "\(what.english) needs KEY=VALUE, not '\(given)'",
                ko: "\(what.korean)에는 '\(given)'이(가) 아니라 KEY=VALUE가 필요합니다")
        }
    }
}

/// The frame of every error kauth prints: `error: …`, the "did you mean" lines, and where usage
/// is explained.
enum ReportWords: Message {
    case error(Localized)
    case didYouMean(count: Int)
    case runHelp(command: String)

    var localized: Localized {
        switch self {
        case .error(let message): Localized(en: "error: ", ko: "오류: ") + message
        case .didYouMean(let count):
            count == 1
                ? Localized(en: "Did you mean this?", ko: "혹시 이것을 찾으셨나요?")
                : Localized(en: "Did you mean one of these?", ko: "혹시 다음 중 하나를 찾으셨나요?")
        case .runHelp(let command):
            Localized(
                en: "Run '\(command) --help' for usage.", ko: "사용법은 '\(command) --help'를 실행해 확인하십시오.")
        }
    }
}

extension UsageWords {
    /// What `kauth properties set` and `kauth signup` need each argument to be `KEY=VALUE` for.
    static let eachProperty = Localized(en: "each property", ko: "각 속성")
}
