/// Words of a machine's login (`kauth login --client-credentials`), of client authentication at
/// the provider's endpoints (secrets, signed assertions, client certificates) and of
/// `kauth token introspect`.
enum MachineLoginWords: Message {
    // MARK: client authentication

    /// `private_key_jwt` is asked for and no key file is set.
    case noPrivateKey(provider: String)
    /// A secret-based method is asked for and there is no client secret.
    case noSecret(method: String, provider: String)
    /// `tls_client_auth` is asked for and no client certificate is set.
    case noClientCertificate(provider: String)
    case privateKeyMissing(path: String)
    case privateKeyUnreadable(path: String, reason: String)
    case privateKeyNotAKey(path: String)
    case privateKeyEncrypted(path: String)
    case privateKeyType(path: String, type: String)
    case privateKeyCurve(path: String, curve: String)
    case privateKeyShort(path: String, bits: Int)
    /// The server takes none of the algorithms the key or secret can make.
    case noCommonAlgorithm(method: String, offered: [String], possible: [String])
    case signingFailed

    // MARK: login

    /// The flags a machine's login does not take.
    case flagDoesNotApply(flag: String)
    /// `Logged in to … as the client …`.
    case loggedIn(provider: String, clientID: String, profile: String)
    /// The scopes granted, or that none were reported.
    case scopes(String)
    /// The RFC 8707 resources asked for, sent again with every renewal.
    case resources(String)
    /// No refresh token: how the next token is obtained.
    case renewsByGrant(expiry: Expiry)

    // MARK: introspection

    case inactive

    // MARK: the sandbox

    /// `kauth sandbox --client-public-key FILE` names no PEM public key it can read.
    case clientPublicKeyUnreadable(path: String)
    /// `kauth sandbox --tls-client-auth-subject-dn DN` is not a distinguished name.
    case badSubjectDN(String)

    var localized: Localized {
        switch self {
        case .noPrivateKey(let provider):
            Localized(
                en:
                    "token_endpoint_auth_method is private_key_jwt for \(provider.visible), but no key is set: `kauth config set provider.\(provider.visible).private_key /path/to/key.pem` (a PEM private key, RSA or EC)",
                ko:
                    "\(provider.visible)의 token_endpoint_auth_method가 private_key_jwt이지만 키가 설정되지 않았습니다: `kauth config set provider.\(provider.visible).private_key /path/to/key.pem`(RSA 또는 EC PEM 개인 키)으로 설정하십시오"
            )
        case .noSecret(let method, let provider):
            Localized(
                en:
                    "token_endpoint_auth_method is \(method) for \(provider.visible), but there is no client secret: set KAUTH_CLIENT_SECRET or provider.\(provider.visible).client_secret",
                ko:
                    "\(provider.visible)의 token_endpoint_auth_method가 \(method)이지만 클라이언트 시크릿이 없습니다: KAUTH_CLIENT_SECRET 또는 provider.\(provider.visible).client_secret을 설정하십시오"
            )
        case .noClientCertificate(let provider):
            Localized(
                en:
                    "token_endpoint_auth_method is tls_client_auth for \(provider.visible), but no client certificate is set: set provider.\(provider.visible).client_cert and client_key (PEM files)",
                ko:
                    "\(provider.visible)의 token_endpoint_auth_method가 tls_client_auth이지만 클라이언트 인증서가 설정되지 않았습니다: provider.\(provider.visible).client_cert와 client_key(PEM 파일)를 설정하십시오"
            )
        case .privateKeyMissing(let path):
            Localized(
                en: "the private key \(path.visible) does not exist: check provider.NAME.private_key",
                ko: "개인 키 \(path.visible)이(가) 없습니다: provider.NAME.private_key를 확인하십시오")
        case .privateKeyUnreadable(let path, let reason):
            Localized(
                en: "cannot read the private key \(path.visible): \(reason.visible)",
                ko: "개인 키 \(path.visible)을(를) 읽을 수 없습니다: \(reason.visible)")
        case .privateKeyNotAKey(let path):
            Localized(
                en:
                    "\(path.visible) holds no PEM private key (-----BEGIN PRIVATE KEY-----, RSA PRIVATE KEY or EC PRIVATE KEY); a certificate or a public key cannot sign",
                ko:
                    "\(path.visible)에 PEM 개인 키(-----BEGIN PRIVATE KEY-----, RSA PRIVATE KEY, EC PRIVATE KEY)가 없습니다. 인증서나 공개 키로는 서명할 수 없습니다"
            )
        case .privateKeyEncrypted(let path):
            Localized(
                en:
                    "the private key \(path.visible) is encrypted, and kauth runs unattended: decrypt it into a file only you can read (`openssl pkey -in KEY -out plain.pem`)",
                ko:
                    "개인 키 \(path.visible)이(가) 암호화되어 있습니다. kauth는 사람 없이 실행되므로 본인만 읽을 수 있는 파일로 복호화하십시오(`openssl pkey -in KEY -out plain.pem`)"
            )
        case .privateKeyType(let path, let type):
            Localized(
                en: "the private key \(path.visible) is \(type.visible); private_key_jwt takes an RSA or EC key",
                ko: "개인 키 \(path.visible)은(는) \(type.visible) 키입니다. private_key_jwt에는 RSA 또는 EC 키가 필요합니다")
        case .privateKeyCurve(let path, let curve):
            Localized(
                en:
                    "the EC private key \(path.visible) is on \(curve.visible); JWS signs with P-256, P-384 or P-521 only",
                ko: "EC 개인 키 \(path.visible)의 곡선은 \(curve.visible)입니다. JWS는 P-256, P-384, P-521만 사용합니다")
        case .privateKeyShort(let path, let bits):
            Localized(
                en: "the RSA private key \(path.visible) has \(bits) bits; JWS needs at least 2048",
                ko: "RSA 개인 키 \(path.visible)은(는) \(bits)비트입니다. JWS에는 2048비트 이상이 필요합니다")
        case .noCommonAlgorithm(let method, let offered, let possible):
            Localized(
                en:
                    "the provider takes \(method) assertions signed with \(offered.map(\.visible).joined(separator: ", ")), and this \(method == "client_secret_jwt" ? "secret" : "key") signs \(possible.joined(separator: ", ")) only: use a key of a type it takes, or set token_endpoint_auth_method",
                ko:
                    "공급자는 \(offered.map(\.visible).joined(separator: ", "))(으)로 서명된 \(method) 어설션만 받고, 이 \(method == "client_secret_jwt" ? "시크릿" : "키")은(는) \(possible.joined(separator: ", "))만 서명할 수 있습니다: 공급자가 받는 종류의 키를 쓰거나 token_endpoint_auth_method를 설정하십시오"
            )
        case .signingFailed:
            Localized(
                en: "libcrypto could not sign the client assertion",
                ko: "libcrypto가 클라이언트 어설션에 서명하지 못했습니다")
        case .flagDoesNotApply(let flag):
            Localized(
                en:
                    "--client-credentials logs the client itself in, without a browser or a user; --\(flag) does not apply",
                ko: "--client-credentials는 브라우저나 사용자 없이 클라이언트 자신으로 로그인합니다. --\(flag)은(는) 쓸 수 없습니다")
        case .loggedIn(let provider, let clientID, let profile):
            Localized(
                en: "Logged in to \(provider.visible) as the client \(clientID.visible), profile '\(profile.visible)'.",
                ko: "\(provider.koreanName)에 클라이언트 \(clientID.visible)(으)로 로그인했습니다. 프로필 '\(profile.visible)'.")
        case .scopes(let scopes):
            Localized(en: "Scopes: \(scopes.visible)", ko: "스코프: \(scopes.visible)")
        case .resources(let resources):
            Localized(
                en: "Resources: \(resources.visible) (asked for again with every new token)",
                ko: "리소스: \(resources.visible) (새 토큰을 받을 때마다 다시 요청합니다)")
        case .renewsByGrant(let expiry):
            Localized(
                en:
                    "No refresh token: the access token (\(expiry.localized.english)) is renewed with the client's own credentials when it runs out, by `kauth token`.",
                ko:
                    "리프레시 토큰은 없습니다. 액세스 토큰(\(expiry.localized.korean))이 만료되면 `kauth token`이 클라이언트 자격 증명으로 새로 받습니다."
            )
        case .inactive:
            Localized(
                en: "the provider says this token is not active (expired, revoked, or not one of its own)",
                ko: "제공자에 따르면 이 토큰은 활성 상태가 아닙니다(만료, 취소, 또는 제공자가 발급하지 않음)")
        case .badSubjectDN(let value):
            Localized(
                en:
                    "--tls-client-auth-subject-dn: \(value.visible) is not a distinguished name; write it as RFC 4514 does, such as CN=build-agent,O=Example",
                ko:
                    "--tls-client-auth-subject-dn: \(value.visible)은(는) 고유 이름(DN)이 아닙니다. CN=build-agent,O=Example처럼 RFC 4514 형식으로 쓰십시오"
            )
        case .clientPublicKeyUnreadable(let path):
            Localized(
                en: "--client-public-key: \(path.visible) is not a readable PEM public key (RSA or EC)",
                ko: "--client-public-key: \(path.visible)은(는) 읽을 수 있는 PEM 공개 키(RSA 또는 EC)가 아닙니다")
        }
    }
}
