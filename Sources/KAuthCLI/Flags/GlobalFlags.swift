/// Flags for many commands, before or after the command words; each command says which it takes
/// (`CommandSpec.globals`). Read by `CommandContext` and `CLI.run`.
enum GlobalFlags {
    static let profile = Option(
        "profile", "NAME", "use the login stored under NAME (default: KAUTH_PROFILE, else the default profile)",
        values: .dynamic(.profiles))
    static let provider = Option(
        "provider", "NAME",
        "provider to use: kakao (default), snapchat, oidc (any OpenID Connect provider, with --issuer), or one configured with `kauth config`",
        values: .dynamic(.providers))
    static let verbose = Toggle("verbose", "trace HTTP requests to stderr, secrets redacted")
    static let noColor = Toggle("no-color", "no colour in output (also: NO_COLOR)")

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
