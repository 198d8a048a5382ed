/// Flags named outside the command that takes them: error messages offer them as the fix
/// (`pass --client-id ID`, `--port N`) only where the running command declares them, the login
/// recipe repeats them, and the parser's hint names `--with-token`. Declared here, below both the
/// commands and the words, so neither has to know the other.
enum SharedFlags {
    // `kauth login`: where and as whom it logs in.
    static let clientID = Option("client-id", "ID", "client id (Kakao: REST API key); also KAUTH_CLIENT_ID")
    static let clientSecret = Option(
        "client-secret", "SECRET", "client secret, if the app has one enabled; also KAUTH_CLIENT_SECRET")
    static let issuer = Option("issuer", "URL", "issuer of an OpenID Connect provider (--provider oidc)")
    static let redirectURI = Option("redirect-uri", "URI", "the registered redirect URI (http://127.0.0.1:PORT/PATH)")
    static let loginPort = IntegerOption.port("listen on this port (0: any free port); also KAUTH_REDIRECT_PORT")
    static let openID = Toggle(
        "openid", "ask for an OpenID Connect ID token (adds the openid scope; a nonce is always sent with it)")
    static let nonce = Option("nonce", "TEXT", "nonce to send instead of a random one (implies --openid)")
    static let withToken = Toggle(
        "with-token", "read a refresh token on standard input, check it with one refresh, and store it (no browser)")

    /// `kauth token --id-token`.
    static let idToken = Toggle("id-token", "the OpenID Connect ID token instead")

    /// `kauth shipping picker --port`.
    static let pickerPort = IntegerOption(
        "port", "N", "listen on this port of 127.0.0.1 (default: any free port); also KAUTH_REDIRECT_PORT",
        range: 0...65535)
}
