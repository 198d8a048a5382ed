/// Flags named outside the command that takes them: error messages offer them as the fix
/// (`pass --client-id ID`, `--port N`) only where the running command declares them, the login
/// recipe repeats them, and the parser's hint names `--with-token`. Declared here, below both the
/// commands and the words, so neither has to know the other.
enum SharedFlags {
    // `kauth login`: where and as whom it logs in.
    static let clientID = Option("client-id", "ID", SharedFlagHelpWords.clientIDFlag)
    static let clientSecret = Option("client-secret", "SECRET", SharedFlagHelpWords.clientSecretFlag)
    static let issuer = Option("issuer", "URL", SharedFlagHelpWords.issuerFlag)
    static let redirectURI = Option("redirect-uri", "URI", SharedFlagHelpWords.redirectURIFlag)
    static let loginPort = IntegerOption.port(
        SharedFlagHelpWords.loginPortFlag)
    static let openID = Toggle("openid", SharedFlagHelpWords.openIDFlag)
    static let nonce = Option(
        "nonce", "TEXT",
        SharedFlagHelpWords.nonceFlag
    )
    static let withToken = Toggle("with-token", SharedFlagHelpWords.withTokenFlag)

    /// `kauth token --id-token`.
    static let idToken = Toggle(
        "id-token", SharedFlagHelpWords.idTokenFlag)

    /// `kauth shipping picker --port`.
    static let pickerPort = IntegerOption(
        "port", "N",
        SharedFlagHelpWords.portFlag,
        range: 0...65535)
}
