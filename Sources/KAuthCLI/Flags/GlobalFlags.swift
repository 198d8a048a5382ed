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

    static let specs: [FlagSpec] = [profile.spec, provider.spec, verbose.spec, noColor.spec]
}
