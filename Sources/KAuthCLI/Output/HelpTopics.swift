extension HelpTopic {
    /// The topics `kauth help` lists, in that order.
    static let all: [HelpTopic] = [.environment, .exitCodes]
}
