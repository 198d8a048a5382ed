/// The help of `kauth help`, as shell completion offers it.
enum HelpCommandHelpWords {
    static let summary = Localized(en: "help for a command or a topic", ko: "명령이나 주제의 도움말")
    static let commandArgument = Localized(en: "a command or help topic", ko: "명령 또는 도움말 주제")
}
