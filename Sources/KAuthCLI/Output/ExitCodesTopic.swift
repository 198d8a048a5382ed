extension HelpTopic {
    /// `kauth help exit-codes`: what each code means and what to do. `exitCode` of `KAuthError` and
    /// `CommandError` (`ExitCodes.swift`) is the one mapping from errors to these codes.
    static let exitCodes = HelpTopic(
        name: "exit-codes",
        summary: ExitCodesTopicWords.summary,
        manSection: ExitCodesTopicWords.manSection,
        introduction: ExitCodesTopicWords.introduction,
        groups: [
            HelpTopic.Group(
                title: .none,
                entries: [
                    Entry(
                        term: "0", summary: ExitCodesTopicWords.code0Summary,
                        detail: ExitCodesTopicWords.code0Detail),
                    Entry(
                        term: "1", summary: ExitCodesTopicWords.code1Summary,
                        detail: ExitCodesTopicWords.code1Detail
                    ),
                    Entry(
                        term: "2",
                        summary: ExitCodesTopicWords.code2Summary,
                        detail: ExitCodesTopicWords.code2Detail
                    ),
                    Entry(
                        term: "3",
                        summary: ExitCodesTopicWords.code3Summary,
                        detail: ExitCodesTopicWords.code3Detail
                    ),
                    Entry(
                        term: "4", summary: ExitCodesTopicWords.code4Summary,
                        detail: ExitCodesTopicWords.code4Detail
                    ),
                    Entry(
                        term: "5",
                        summary: ExitCodesTopicWords.code5Summary,
                        detail: ExitCodesTopicWords.code5Detail
                    ),
                    Entry(
                        term: "6",
                        summary: ExitCodesTopicWords.code6Summary,
                        detail: ExitCodesTopicWords.code6Detail
                    ),
                    Entry(
                        term: "7",
                        summary: ExitCodesTopicWords.code7Summary,
                        detail: ExitCodesTopicWords.code7Detail
                    )
                ])
        ]
    )
}
