/// Flags for many commands, before or after the command words; each command says which it takes
/// (`CommandSpec.globals`). Read by `CommandContext` and `CLI.run`.
enum GlobalFlags {
    static let profile = Option(
        "profile", "NAME",
        GlobalFlagHelpWords.profileFlag,
        values: .dynamic(.profiles))
    static let provider = Option(
        "provider", "NAME",
        GlobalFlagHelpWords.providerFlag,
        values: .dynamic(.providers))
    static let verbose = Toggle("verbose", GlobalFlagHelpWords.verboseFlag)
    static let noColor = Toggle(
        "no-color", GlobalFlagHelpWords.noColorFlag)

    static let specs = GlobalOptions.flags.map(\.spec)
}

/// What the line gave for the global flags, read by the context (`context.globals.profile`).
struct GlobalOptions: CommandOptions {
    var profile: String?
    var provider: String?
    var verbose = false
    var noColor = false

    static let flags: [OptionFlag<Self>] = [
        .option(\.profile, GlobalFlags.profile), .option(\.provider, GlobalFlags.provider),
        .toggle(\.verbose, GlobalFlags.verbose), .toggle(\.noColor, GlobalFlags.noColor)
    ]
}
