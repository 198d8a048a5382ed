import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The words for every error: what happened and the flag, variable or command that fixes it —
/// only ones that exist where the message is printed (`--client-id` on `kauth login`, not on
/// `kauth token`), with `--profile` when the user gave one. Text that came from the network or a
/// file is printed with its control characters made visible.
struct ErrorMessages {
    /// Words of the running command, e.g. `["kauth", "login"]`.
    var commandPath: [String]
    /// Whether the running command takes a flag of that name.
    var hasFlag: (FlagSpec) -> Bool
    /// `--profile` as given on the command line, for hints that must name it to work.
    var profileFlag: String?
    /// The flags that make `kauth login` recreate a profile's stored login (`LoginRecipe`),
    /// `--profile` included when a bare command would pick another profile.
    var recreate: (String) -> String = { $0 == "default" ? "" : " --profile \($0)" }
    /// In `kauth login`: its own flags, to repeat it as it was given.
    var repeatLogin: String?
    /// In `kauth login`: the flags of its provider, issuer, client and profile alone, for the
    /// same login handed over with `--with-token` (which takes no browser options).
    var handOverLogin: String?
    /// The language of the words; `--json` errors are always English, as all machine output is
    /// the same in every language.
    var language: Language = .english

    init(commandPath: [String], hasFlag: @escaping (FlagSpec) -> Bool, profileFlag: String?) {
        self.commandPath = commandPath
        self.hasFlag = hasFlag
        self.profileFlag = profileFlag
    }

    /// `kauth scopes` for a hint, with `--profile NAME` when the user gave one.
    func command(_ words: String) -> String {
        "`kauth \(words)\(profileFlag.map { " --profile \($0)" } ?? "")`"
    }

    /// `kauth login` that recreates a profile's login: its provider and whatever else it needs.
    func login(_ profile: String, _ extra: String = "") -> String {
        "`kauth login\(extra)\(recreate(profile))`"
    }

    /// The running login again, with `extra` flags it lacks (`--no-browser`, `--device`).
    func again(_ extra: String = "") -> String {
        guard let repeatLogin else { return command("login" + extra) }
        let added = extra.split(separator: " ").filter { !repeatLogin.contains(" " + $0) }.map { " " + $0 }.joined()
        return "`kauth login\(added)\(repeatLogin)`"
    }

    /// The command line's own sentences: a usage error as it was written, any other failure with
    /// its control characters made visible (it may quote a file's or a provider's words).
    func message(for error: CommandError) -> String {
        switch error {
        case .usage(let text): text.text(language)
        case .failed(let text): text.text(language).visible
        }
    }

    func message(for error: KAuthError) -> String {
        switch error {
        case .missingSetting(let setting, let provider):
            return missing(setting, provider: provider)
        case .invalidSetting(let name, let value, let expected):
            let choices = expected.count == 1 ? expected[0] : "one of: " + expected.joined(separator: ", ")
            return "\(name) is '\(value.visible)'; it must be \(choices)"
        case .unknownProvider(let name, let known):
            return
                "unknown provider '\(name.visible)'; known providers: \(known.joined(separator: ", ")) (oidc with --issuer URL); add one with `kauth config set provider.\(name.visible).type oidc`"
        case .providerMismatch(let profile, let stored, let selected):
            return
                "profile '\(profile)' is logged in to \(stored.visible), not \(selected.visible), and its tokens go to no other provider; leave out --provider \(selected.visible), or log in to \(selected.visible) under another profile: `kauth login --provider \(selected.visible) --profile NAME`"
        case .insecureURL(let label, let url):
            return
                "the \(label) '\(url.visible)' must use https (plain http is allowed only for 127.0.0.1, [::1] or localhost); check the provider's config, its KAUTH_*_URL variables or --issuer"
        case .notAURL(let label, let value):
            let scheme = value.firstRange(of: "://").map { String(value[..<$0.lowerBound]) }
            let problem = scheme.map { "its scheme '\($0.visible)' is neither https nor http" } ?? "it has no scheme"
            let example = "https://" + (value.firstRange(of: "://").map { String(value[$0.upperBound...]) } ?? value)
            return
                "the \(label) '\(value.visible)' is not a URL kauth can use: \(problem); write it in full, e.g. \(example.visible)"
        case .plainHTTPServer(let url):
            return
                "the server at \(url.visible) answered in plain HTTP, not HTTPS: the URL says https://, so the scheme or the port is wrong (this is not a network problem). Use the server's https address; plain http:// is allowed only for 127.0.0.1, [::1] or localhost"
        case .unsupported(let provider, let what):
            return unsupported(what, provider: provider)
        case .invalidRedirectURI(let uri, let problem):
            return redirect(uri: uri.visible, problem)
        case .redirectPortConflict(let port, let uri):
            return "--port \(port) disagrees with the redirect URI \(uri.visible); give one of them"
        case .hostNotAllowed(let url, let provider, let allowed):
            return
                "kauth sends the tokens of provider '\(provider)' only to its own hosts (\(allowed.joined(separator: ", "))), and '\(url.visible)' is not one of them; give a path, a URL on one of those hosts, or set provider.\(provider).api_url"
        case .config(let problem):
            return config(problem)
        case .notLoggedIn(let profile):
            return "not logged in (profile '\(profile)'); run \(login(profile))"
        case .sessionExpired(_, let reason) where reason.isNoRefreshTokenIssued:
            // Not over yet: the access token still serves.
            return ended(reason)
        case .sessionExpired(_, .bootstrapRejected(let detail, let padded)):
            // CI cannot log in: the fix is the secret.
            let spaces =
                padded ? " (it had spaces or line breaks around it, which kauth removed before sending it)" : ""
            return
                "the provider rejected the refresh token in KAUTH_REFRESH_TOKEN (\(Self.words(detail).visible))\(spaces): it was revoked, has expired, or was rotated by a later use; store a fresh one in the secret (`kauth token --refresh-token` prints the current one of a working login)"
        case .sessionExpired(_, .bootstrapUnusable(let problem)):
            switch problem {
            case .empty:
                return
                    "KAUTH_REFRESH_TOKEN is set but empty: the secret it should hold is missing or empty where this job runs; set it to a refresh token (`kauth token --refresh-token` prints one), or unset it"
            case .spacesInside:
                return
                    "KAUTH_REFRESH_TOKEN has spaces inside, so it is not one refresh token; set it to exactly what `kauth token --refresh-token` prints"
            }
        case .sessionExpired(let profile, let reason):
            return "the stored login can no longer be used: \(ended(reason)); run \(login(profile)) again"
        case .subjectToken(let source, let problem):
            return TokenExchangeWords.refused(source, problem).text(language)
        case .resourceRefused(let profile, let resource, let failure):
            let said = failure.error + (failure.description.map { ": " + Redaction.text($0) } ?? "")
            let command = login(profile, " --resource " + LoginRecipe.quoted(resource))
            return TokenExchangeWords.resourceRefused(
                resource: resource, said: said, login: Invocation(String(command.dropFirst().dropLast()))
            ).text(language)
        case .environmentTokenRejected(let reason):
            return
                "the token in KAUTH_ACCESS_TOKEN was rejected: \(reason.visible); set a fresh token or unset KAUTH_ACCESS_TOKEN to use the stored login"
        case .consentRequired(let scopes, let message):
            let list = scopes.map(\.visible).joined(separator: " ")
            return scopes.isEmpty
                ? "consent required: \(message.visible)"
                : "consent required for: \(list) (\(message.visible)); run \(command("scopes request \(list)"))"
        case .unavailable(let fact):
            return "\(Self.unavailable(fact).visible); check your network or try again later"
        case .loginCancelled(let end):
            return cancelled(end)
        case .apiNotPermitted(let code, let message, let path):
            let permission = KakaoPermission.needed(for: path)
            return notPermitted(code: code, message: message, permission: permission)
        case .apiRefused(let refusal, let provider, let code, let message):
            return refused(refusal, provider: provider, code: code, message: message)
        case .tlsFailed(let url, let detail, let trust):
            var text = "the TLS connection to \(url.visible) failed: \(detail.visible). Nothing was sent. "
            if let caFile = trust.caFile {
                text +=
                    "Only the CA certificates in \(caFile.visible) were trusted (provider.NAME.ca_file, else KAUTH_CA_FILE): check that the file is PEM and holds the CA that signed the server's certificate"
            } else {
                text +=
                    "If the server's certificate comes from a private CA, give that CA's PEM file with `kauth config set provider.NAME.ca_file FILE` (or KAUTH_CA_FILE for every provider)"
            }
            if let certificate = trust.clientCertificate {
                text +=
                    "; the client certificate presented was \(certificate.visible)"
                    + (trust.clientKey.map { " with the key \($0.visible)" } ?? "")
            } else {
                text += "; a server that demands a client certificate takes provider.NAME.client_cert and client_key"
            }
            return text
        case .keystore(let error):
            return keystore(error)
        case .portInUse(let port, let redirectURI):
            var text = "port \(port) for the redirect URI \(redirectURI) is already in use"
            if (32768...60999).contains(port) {
                text +=
                    " — perhaps by another program's outgoing connection, since it lies in Linux's ephemeral port range (32768–60999), where the system hands ports out on its own"
            }
            return text
                + "; stop the program using it and try again, or pick another port with --port N or --redirect-uri URI (and register that URI with the provider)"
        case .oauth(let failure):
            return oauth(failure)
        case .api(let status, let code, let message):
            if message.isEmpty && code == nil { return "the API answered HTTP \(status) with no message" }
            return "the API answered HTTP \(status) with error\(code.map { " \($0)" } ?? ""): \(message.visible)"
        case .appKeyRejected(let provider, let message):
            return
                "the app key was rejected (\(message.visible)); check KAUTH_APP_KEY or `kauth config set provider.\(provider).app_key KEY`"
        case .invalidResponse(let fact):
            return "unexpected response from the provider: \(Self.invalid(fact).visible)"
        case .discovery(let url, let problem):
            return discovery(url: url.visible, problem)
        case .idTokenRefused(let provider, let refusal):
            return
                "the ID token from \(provider.visible) was refused: \(Self.idTokenRefusal(refusal).visible); nothing was stored"
        case .foreignUserinfo(let subject, let expected):
            let answered = subject.map { "subject '\($0.visible)'" } ?? "no subject"
            return
                "the provider's userinfo answered for \(answered), not for the logged-in user '\(expected.visible)' of the ID token; the answer was not used (OpenID Connect Core §5.3.2: it may be about someone else)"
        case .endpointsUnknown(let provider):
            return
                "the endpoints of provider '\(provider)' are not known for this login; run `kauth login --provider \(provider)` again"
        case .loginReplaced(let profile, let provider):
            return
                "profile '\(profile)' was logged in again, to \(provider.visible), while this command ran; nothing was sent with the new login's token. Run the command again"
        case .pagesStopped(let stop):
            return pagesStopped(stop)
        case .listenerFailed(let error):
            return "cannot start the redirect listener: \("\(error)".visible)"
        case .httpUnavailable(let detail):
            return
                ("HTTP is not available on this machine: kauth needs libcurl to make HTTP requests and could not load it (\(detail)). "
                + "Install libcurl: on Debian or Ubuntu `apt install libcurl4`, "
                + "on Fedora `dnf install libcurl`, on Alpine `apk add libcurl`.").visible
        case .unexpected(let description):
            return description.visible
        case .clientAuthentication(let provider, let problem):
            return Self.words(problem, provider: provider).text(language)
        case .product(let product):
            return message(for: product.failure)
        }
    }

    /// The words for a client that cannot authenticate as configured or as the server asks.
    static func words(_ problem: ClientAuthProblem, provider: String) -> MachineLoginWords {
        switch problem {
        case .noPrivateKey: return .noPrivateKey(provider: provider)
        case .noSecret(let method): return .noSecret(method: method, provider: provider)
        case .noClientCertificate: return .noClientCertificate(provider: provider)
        case .privateKeyUnreadable(let path, let reason): return .privateKeyUnreadable(path: path, reason: reason)
        case .privateKeyUnusable(let path, let why):
            switch why {
            case .notAPrivateKey: return .privateKeyNotAKey(path: path)
            case .encrypted: return .privateKeyEncrypted(path: path)
            case .unsupportedType(let type): return .privateKeyType(path: path, type: type)
            case .unsupportedCurve(let curve): return .privateKeyCurve(path: path, curve: curve)
            case .rsaTooShort(let bits): return .privateKeyShort(path: path, bits: bits)
            }
        case .noCommonAlgorithm(let method, let offered, let possible):
            return .noCommonAlgorithm(method: method, offered: offered, possible: possible)
        case .signingFailed: return .signingFailed
        }
    }

    /// The words for a failure of Kakao's product APIs, which the core carries without knowing.
    func message(for failure: any ProductFailure) -> String {
        switch failure {
        case let share as ShareFailure:
            switch share {
            case .invalidTemplate(let violations):
                let count = violations.count == 1 ? "a problem" : "\(violations.count) problems"
                return "the template has \(count); nothing was sent:\n"
                    + violations.map { "  \(TemplateMessages.describe($0).visible)" }.joined(separator: "\n")
            case .userTokenCall:
                return "share calls are made with the app key, not a user token"
            }
        case let picker as AddressPickerError:
            switch picker {
            case .ended(let end): return pickerEnded(end)
            case .failed(let failure): return pickerFailed(failure)
            case .noAgentToken, .agentTokenUnreadable, .addressNotReturned:
                return "unexpected response from the provider: \((Self.invalid(picker) ?? "").visible)"
            }
        default:
            return String(describing: failure).visible
        }
    }

    // MARK: - Cases with several forms

    private func missing(_ setting: ProviderSetting, provider: String) -> String {
        switch setting {
        case .clientID:
            var ways: [String] = []
            if hasFlag(SharedFlags.clientID.spec) { ways.append("pass --client-id ID") }
            ways += ["set KAUTH_CLIENT_ID", "run `kauth config set provider.\(provider).client_id ID`"]
            let name = ProviderType.named(provider)?.help.clientIDName ?? "client id"
            let what =
                name == "client id"
                ? "" : " (for \(ProviderType.named(provider)?.displayName ?? provider): the app's \(name))"
            return "no client id for provider '\(provider)'; \(Self.either(ways))\(what)"
        case .issuer:
            var ways: [String] = []
            if hasFlag(SharedFlags.issuer.spec) { ways.append("pass --issuer URL") }
            ways.append("run `kauth config set provider.\(provider).issuer URL`")
            return "provider '\(provider)' needs an issuer: \(Self.either(ways))"
        case .appKey:
            return
                "no app key for provider '\(provider)'; set KAUTH_APP_KEY, KAUTH_CLIENT_ID or `kauth config set provider.\(provider).app_key KEY`"
        case .url(let role):
            return
                "provider '\(provider)' has no \(role.configKey) set; run `kauth config set provider.\(provider).\(role.configKey) URL`"
        }
    }

    /// How to log in so that the provider issues a refresh token, for a provider type that needs
    /// asking (`ProviderHelp.refreshTokenRequest`); nil for the others.
    static func refreshTokenAdvice(providerType: String, scopes: [String]? = nil) -> String? {
        guard let request = ProviderType.named(providerType)?.help.refreshTokenRequest else { return nil }
        let asked = (scopes ?? ["openid"]).filter { $0 != request.scope } + [request.scope]
        return "to get one, log in with `--scopes '\(asked.joined(separator: " "))' --prompt \(request.prompt)`"
    }

    /// "a, b, or c".
    static func either(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + ", or " + items[items.count - 1]
    }

    private func unsupported(_ what: Unsupported, provider: String) -> String {
        switch what {
        case .feature(.idToken):
            let flag =
                [SharedFlags.openID.spec, SharedFlags.nonce.spec, SharedFlags.idToken.spec]
                .first(where: hasFlag).map { "--" + $0.name } ?? "--id-token"
            return
                "provider '\(provider)' issues no ID tokens (it does not speak OpenID Connect), so \(flag) cannot work with it; leave \(flag) out"
        case .feature(let feature):
            return
                "`\(commandPath.joined(separator: " "))` needs \(Self.describe(feature)), which provider '\(provider)' does not have"
        case .pkce:
            return
                "provider '\(provider)' does not list PKCE S256 (code_challenge_methods_supported); kauth will not log in without it unless you pass --allow-no-pkce"
        case .deviceGrant(let discovered):
            let why =
                discovered ? " (its discovery lists no device_authorization_endpoint)" : " (RFC 8628 device login)"
            return
                "provider '\(provider)' offers no device authorization\(why); use --no-browser to log in from a machine without a browser"
        case .prompt(let prompt, let allowed):
            if allowed.isEmpty {
                return "provider '\(provider)' takes no --prompt values ('\(prompt.visible)' was given)"
            }
            return
                "unknown prompt '\(prompt.visible)' for provider '\(provider)'; use one or more of: \(allowed.joined(separator: ", "))"
        case .userinfo:
            return "provider '\(provider)' has no userinfo endpoint"
        case .unlink:
            return
                "provider '\(provider)' has no way to unlink a user from the app; use `kauth logout` to revoke this login's tokens"
        }
    }

    static func describe(_ feature: ProviderFeature) -> String {
        switch feature {
        case .consent: return "a consent API (Kakao's /v2/user/scopes)"
        case .serviceTerms: return "service terms (Kakao Sync)"
        case .userProperties: return "app-defined user properties (Kakao's user properties)"
        case .shippingAddresses: return "shipping addresses (Kakao's shipping-address API)"
        case .tokenInfo: return "an access-token information API (Kakao's /v1/user/access_token_info)"
        case .share: return "a share API (Kakao Talk share)"
        case .talk: return "Kakao Talk messages"
        case .loginHint: return "login hints (login_hint)"
        case .idToken: return "OpenID Connect ID tokens"
        case .clientCredentials: return "a machine's login (the OAuth client credentials grant; use --provider oidc)"
        case .introspection: return "token introspection (RFC 7662; OpenID Connect providers that advertise it)"
        case .tokenExchange: return "token exchange (RFC 8693)"
        default: return feature.name
        }
    }

    private func redirect(uri: String, _ problem: RedirectURIProblem) -> String {
        switch problem {
        case .notHTTP: return "the redirect URI '\(uri)' must look like http://127.0.0.1:PORT/callback"
        case .notLoopback:
            return
                "the redirect URI '\(uri)' must point at this machine (127.0.0.1 or localhost): kauth listens only on loopback"
        case .hasQueryOrFragment: return "the redirect URI '\(uri)' may not have a query or fragment"
        case .noPort: return "the redirect URI '\(uri)' needs an explicit port, e.g. \(Kakao.defaultRedirectURI)"
        }
    }

    private func config(_ problem: ConfigProblem) -> String {
        switch problem {
        case .malformedLine(let path, let line, let text):
            return "\(path):\(line): expected `key = value`, found '\(text.visible)'; fix or remove that line"
        case .missingKey(let path, let line):
            return "\(path):\(line): a line has a value but no key; fix or remove that line"
        case .unknownKey(let key, let known):
            return
                "unknown config key '\(key.visible)'; keys look like provider.NAME.KEY (NAME of letters, digits, - and _), with KEY one of: \(known.joined(separator: ", "))"
        case .controlCharacters(let key):
            return
                "'\(key.visible)' or its value contains a line break or another control character; config keys and values are single lines"
        case .unreadable(let path, let reason):
            return "cannot read the config file \(path) (\(reason.visible)); check it and its permissions"
        case .unwritable(let path, let reason):
            return "cannot write the config file \(path) (\(reason.visible)); check the folder, or set KAUTH_HOME"
        }
    }

    private func ended(_ reason: SessionEnd) -> String {
        switch reason {
        case .noRefreshToken:
            return "the access token expired and no refresh token is stored"
        case .noRefreshTokenIssued(let expiresAt, let providerType):
            var text =
                "the stored login cannot be refreshed: the provider issued no refresh token with it; its access token stays valid until \(RFC3339.string(from: expiresAt)) (`kauth token` prints it), and then the session ends"
            if let advice = Self.refreshTokenAdvice(providerType: providerType) { text += "; " + advice }
            return text
        case .refreshTokenExpired(let date):
            return "the refresh token expired at \(RFC3339.string(from: date))"
        case .refreshRejected(let failure):
            let detail = [failure.description, failure.providerCode].compactMap { $0?.visible }.joined(separator: ", ")
            return
                "the provider rejected the refresh token (\(failure.error.visible)\(detail.isEmpty ? "" : ": " + detail))"
        case .refreshRefused(let status):
            return
                "the provider refused the refresh token (HTTP \(status) with no further detail: it was revoked, has expired, or was already used)"
        case .rejectedAfterRefresh(let message):
            return "the API still rejects the refreshed token (\(message.visible))"
        case .bootstrapRejected(let detail, _):
            return "the provider rejected KAUTH_REFRESH_TOKEN (\(Self.words(detail).visible))"
        case .bootstrapUnusable:
            return "KAUTH_REFRESH_TOKEN cannot be used"
        case .givenTokenRejected(let detail):
            return
                "the provider rejected the refresh token given on standard input (\(Self.words(detail).visible)); nothing was stored"
        case .idTokenNotRenewed:
            return "the stored ID token has expired and the provider sends no new one when the session is refreshed"
        case .rejected(let rejection):
            return Self.describe(rejection)
        case .noIDToken:
            return
                "this login has no ID token (log in with --openid; for Kakao, OpenID Connect must be enabled in the console)"
        }
    }

    /// Why a login was marked rejected, and when: the words `status` and every command use.
    static func describe(_ rejection: SessionRejection) -> String {
        let when = RFC3339.string(from: rejection.at)
        switch rejection.cause {
        case .refreshToken:
            let said = [rejection.error, rejection.detail, rejection.providerCode].compactMap { $0?.visible }.joined(
                separator: ": ")
            let detail = said.isEmpty ? rejection.status.map { "HTTP \($0)" } ?? "" : said
            return "the provider rejected its refresh token at \(when)\(detail.isEmpty ? "" : " (\(detail))")"
        case .accessToken:
            return
                "the provider rejected its access token right after a refresh, at \(when)\(rejection.detail.map { " (\($0.visible))" } ?? "")"
        case .unlinked:
            return
                "the account was unlinked from the app at \(when)\(rejection.byProfile.map { " (`kauth unlink` of profile '\($0)')" } ?? ""), which ended every token of it"
        }
    }

    private func cancelled(_ end: LoginEnd) -> String {
        switch end {
        case .wrongIssuer(let provider, let expected, let got):
            return cancelled(
                .denied(
                    provider: provider, error: "invalid_issuer",
                    description: Self.wrongIssuer(expected: expected, got: got)))
        case .denied(let provider, let error, let description):
            let detail = description.map { ": \($0.visible)" } ?? ""
            let verb = error == "access_denied" ? "was denied" : "failed"
            return "the login \(verb) at \(provider.visible) (\(error.visible)\(detail)); run \(again()) to try again"
        case .interrupted:
            return "the login was interrupted; nothing was stored"
        case .timedOut(let seconds, let hint):
            return "no login arrived within \(seconds) s. " + Self.noRedirect(hint, hasFlag: hasFlag)
                + " Then run \(again()) again (--timeout SECONDS gives more time; --no-browser lets you paste the redirect URL)."
        case .noBrowserNoTerminal(let deviceGrant):
            var text =
                "no browser could be started and standard input is not a terminal (it ended with no redirect URL), so nothing can finish this login here (CI, cron, or input from /dev/null?). "
            text +=
                "Log in once where a browser runs, print the refresh token there with \(command("token --refresh-token")), and hand it over: `kauth login --with-token\(handOverLogin ?? profileFlag.map { " --profile \($0)" } ?? "")` reads it on standard input, or set KAUTH_REFRESH_TOKEN for each command"
            if deviceGrant { text += "; or run \(again(" --device")), which shows a code to enter on any device" }
            return text + ". To paste the redirect URL by hand, run the login in a terminal"
        case .takeover:
            return
                "the login was stopped: its single-use start link was opened twice, so another program on this machine may have tried to take it over; nothing was stored. Run \(again()) again, or \(again(" --no-browser")), which opens nothing"
        case .deviceDenied(let provider):
            return "the login was denied at \(provider.visible) (access_denied); run \(again(" --device")) to try again"
        case .deviceExpired:
            return "the device code expired before the login was approved; run \(again(" --device")) again"
        case .deviceTimedOut(let seconds):
            return "no approval arrived within \(seconds) s; run \(again(" --device")) again"
        }
    }

    private func pickerEnded(_ end: AddressPickerEnd) -> String {
        switch end {
        case .timedOut(let seconds, let hint):
            // Nothing tells a closed page from one that stopped on an error of the provider's, so
            // no console setting is named: the page in the browser says which it was.
            return
                "no answer came back from the address picker within \(seconds) s: the picker was closed, or \(hint.provider.visible) showed a page of its own instead of sending the browser back (an error on that page says what went wrong). "
                + "Run the command again (--timeout SECONDS gives more time)."
        case .interrupted:
            return "the address picker was interrupted; nothing was chosen"
        case .takeover:
            return
                "the address picker was stopped: its single-use start link was opened twice, so another program on this machine may have tried to take it over; nothing was chosen. Run the command again"
        }
    }

    /// Why a picker may never come back, and what to try in the console.
    static func noPickerAnswer(_ hint: AddressPickerHint, hasFlag: (FlagSpec) -> Bool) -> String {
        var text =
            "\(hint.provider.visible) may refuse to send the browser back to this machine (whether it accepts a return URL on 127.0.0.1 is unconfirmed): "
        if hint.fixedPort {
            text += "register \(hint.returnOrigin) as a site domain of the app (\(hint.registration))."
        } else {
            let flag =
                hasFlag(SharedFlags.pickerPort.spec)
                ? "--port N or KAUTH_REDIRECT_PORT=N" : "KAUTH_REDIRECT_PORT=N"
            text +=
                "pick a fixed port with \(flag) and register http://127.0.0.1:N as a site domain of the app (\(hint.registration)); the free port used this time changes on every run."
        }
        return text
    }

    private func pickerFailed(_ failure: AddressPickerFailure) -> String {
        let code = failure.code.isEmpty ? "no error code" : failure.code.visible
        var text = "the address picker failed (\(code)"
        if let message = failure.message, !message.isEmpty { text += ": \(message.visible)" }
        text += ")"
        guard let meaning = failure.meaning else { return text + "; kauth does not know this code" }
        return text + ": " + Self.describe(meaning, command: command)
    }

    /// What each of Kakao's `KAE` codes means, and what to do about it.
    static func describe(_ error: KakaoAppsError, command: (String) -> String) -> String {
        switch error {
        case .internalError: return "an error inside Kakao; try again later"
        case .invalidRequest: return "Kakao found the request malformed"
        case .invalidParameter:
            return
                "Kakao refused a parameter; for the return URL, its domain must be registered for the app (\(KakaoAppsError.returnURLRegistration))"
        case .timeExpired: return "the picker's session expired before the page was used; run the command again"
        case .invalidChannel: return "Kakao could not find the Kakao Talk channel information"
        case .illegalStateChannel: return "the Kakao Talk channel cannot be added now"
        case .unsupportedBrowser: return "Kakao does not support this browser; set BROWSER to another one"
        case .appType:
            return
                "the app's type may not use this page: adding and editing addresses are for Kakao's own and affiliated apps"
        case .consentItemNotSet:
            return
                "the app has not set up the consent item the page needs: Kakao Developers console → your app → Kakao Login → Consent items → Shipping address"
        case .permission: return "the app has no permission for this page; request it in the Kakao Developers console"
        case .wrongKeyType:
            return "an app key of the wrong type was sent: kauth sends the client id (the REST API key) as app_key"
        case .channelNotConnected: return "the Kakao Talk channel is not connected to the app"
        case .userAuthenticationFailed:
            return
                "Kakao could not authenticate the user (the one-time AGT was refused, used or expired); run the command again, or \(command("login")) if it keeps failing"
        case .userNotLinked: return "the user is not linked to the app; run \(command("login"))"
        case .consentNotAgreed:
            return "the user has not agreed to shipping_address; run \(command("scopes request shipping_address"))"
        case .termsNotAgreed:
            return
                "the user has not agreed to let their Kakao Account keep shipping addresses; they must agree in their Kakao Account first"
        case .loginRequired:
            return
                "the page needs a logged-in Kakao Account and got none (its session comes from the one-time AGT); run the command again"
        case .unregisteredAddress:
            return "no shipping address of the user has that id; \(command("shipping")) lists them"
        }
    }

    private func notPermitted(code: Int, message: String, permission: KakaoPermission?) -> String {
        let said = "Kakao answered \(code): \(message.visible)"
        switch permission {
        case .talkSocial?:
            return
                "the app may not read the friends list or message friends yet (\(said)). This needs the Kakao Talk Social permission: in the Kakao Developers console, set up the consent item 'Friends List in Kakao Service' (friends) under Kakao Login → Consent items, then, under App → Request additional features (추가 기능 신청), request the friends-list permission (친구 목록) and, to send messages, the Kakao Talk message permission; Kakao reviews each request. Until they are granted, only the app's team members can be listed and messaged"
        case nil:
            return
                "the app may not use this API (\(said)); enable the feature or request the permission for it in the Kakao Developers console"
        }
    }

    /// A refusal that no retry and no new login fixes: what happened, and who can change it.
    private func refused(_ refusal: APIRefusal, provider: String, code: Int, message: String) -> String {
        let said = "\(provider.visible) answered \(code): \(message.visible)"
        switch refusal {
        case .quotaExceeded:
            return
                "a quota of \(provider.visible) is used up (\(said)): either the app's quota for this API, or the number of tokens one user may be issued or refreshed in a day. Nothing was changed and the stored login is kept. Wait until the quota resets (daily) and run the command again; kauth refreshes only when the token is about to expire, so avoid `kauth token refresh`, `kauth login` or --min-valid in loops. The app's quotas and usage are shown in the \(provider.visible) developers console"
        case .appSuspended:
            return
                "\(provider.visible) has suspended the app or its developer account (\(said)); no command or new login can change that: the app's administrator must resolve it with \(provider.visible) (see the notices in the developers console)"
        case .accountRestricted:
            return
                "\(provider.visible) has blocked or restricted this user's account (\(said)); a new login does not help: the user must resolve it with \(provider.visible) (their account's notices, or customer service)"
        }
    }

    /// What usually keeps the redirect from arriving, and how to change it. A free port is never
    /// offered for registration: it changes on every run.
    static func noRedirect(_ hint: NoRedirectHint, hasFlag: (FlagSpec) -> Bool) -> String {
        var text =
            "When the browser shows an error page from \(hint.provider) instead of coming back here, the usual cause is a redirect URI that is not registered for the app: "
        let registration = hint.registration.map { " (\($0))" } ?? ""
        if hint.freePort {
            text +=
                "this login listened on a free port (set by \(describe(hint.sources.redirect))), which changes on every run and so cannot be registered. "
            if case .environment(let name) = hint.sources.redirect {
                text += "Unset \(name) (a `kauth sandbox` setting), or set it to a fixed port N, "
            } else {
                text +=
                    "Pick a fixed port with \(hasFlag(SharedFlags.loginPort.spec) ? "--port N" : "KAUTH_REDIRECT_PORT=N"), "
            }
            text += "and register that exact URI\(registration)."
        } else {
            text += "register exactly \(hint.redirectURI)\(registration)"
            if hint.sources.redirect != .builtIn { text += ", which comes from \(describe(hint.sources.redirect))" }
            if hasFlag(SharedFlags.redirectURI.spec) {
                text += ", or pass the one you registered with --redirect-uri URI or --port N"
            }
            text += "."
        }
        text += " A wrong \(hint.clientIDName) stops it too: "
        if let source = hint.sources.clientID {
            text += "check the one from \(describe(source))."
        } else {
            text +=
                hasFlag(SharedFlags.clientID.spec)
                ? "check --client-id, KAUTH_CLIENT_ID and the config." : "check KAUTH_CLIENT_ID and the config."
        }
        return text
    }

    /// Where a setting came from, in words: `the environment variable KAUTH_CLIENT_ID`.
    static func describe(_ source: SettingSource) -> String {
        switch source {
        case .flag(let flag): return "\(flag) on the command line"
        case .environment(let name): return "the environment variable \(name)"
        case .config(let key): return "the config (\(key))"
        case .storedLogin: return "the stored login"
        case .builtIn: return "the provider's default"
        }
    }

    private func keystore(_ error: KeystoreError) -> String {
        switch error {
        case .tooOpen(let path, let permissions):
            return "permissions \(Self.octal(permissions)) for '\(path)' are too open; run: chmod 600 \(path)"
        case .notOwned(let path):
            return "'\(path)' belongs to another user; move it away and run `kauth login` again"
        case .notARegularFile(let path):
            return "'\(path)' is not a regular file; move it away and run `kauth login` again"
        case .corrupt(let path, let reason):
            return
                "the keystore '\(path)' cannot be used (\(Self.words(reason).visible)); it was left as is: fix or move it away, then run `kauth login`"
        case .unreadable(let path, let reason):
            return
                "cannot read the keystore '\(path)' (\(Self.words(reason).visible)); check the file and its folder, or set KAUTH_HOME"
        case .unwritable(let path, let reason):
            return
                "cannot write the keystore '\(path)' (\(Self.words(reason).visible)); the previous contents are unchanged: check the folder, or set KAUTH_HOME"
        case .lockTimeout(let path):
            return
                "another kauth process kept the keystore lock '\(path)' too long; wait for it to finish and try again"
        case .passphraseRequired(let path):
            return "the keystore '\(path)' is encrypted; set KAUTH_PASSPHRASE to its passphrase"
        case .wrongPassphrase(let path):
            return
                "cannot decrypt the keystore '\(path)': KAUTH_PASSPHRASE is wrong or the file was altered; set the right passphrase, or move the file away and run `kauth login`"
        case .keyUnavailable(let path, let keyring, let failure):
            return Self.keyUnavailable(path: path, keyring: keyring, failure: failure)
        case .wrongKey(let path):
            return
                "the key in the keyring does not open the keystore '\(path)': the file was altered, or its key replaced; it was left as is: move it away and run `kauth login`"
        case .folderTooOpen(let path, let permissions):
            return
                "permissions \(Self.octal(permissions)) for the folder '\(path)' are too open; run: chmod 700 \(path)"
        case .folderNotOwned(let path):
            return
                "the folder '\(path)' belongs to another user, who could replace anything in it; kauth will not use it: set KAUTH_HOME to a folder of your own"
        case .unsafeFile(let path, let reason):
            return
                "'\(path)' cannot be trusted (\(Self.words(reason))); kauth will not use it: remove it, or set KAUTH_HOME to a folder of your own"
        }
    }

    /// Why the keyring did not give the keystore's key, and what to do: the file is never
    /// replaced, so the user unlocks, starts or reaches the keyring, or moves the file away.
    private static func keyUnavailable(path: String, keyring: KeyringKind, failure: KeyringFailure) -> String {
        let name = keyring.displayName
        let prefix = "the keystore '\(path)' is encrypted under a key kept in the \(name)"
        let keep = "the file was left as is"
        switch failure {
        case .noSessionBus:
            return
                "\(prefix), and there is no session bus to reach it (DBUS_SESSION_BUS_ADDRESS is not set); run kauth inside your desktop session (over SSH: log in at the desktop first, or set DBUS_SESSION_BUS_ADDRESS to its bus); \(keep)"
        case .locked:
            return
                "\(prefix), and the keyring is locked; unlock it (log in at the desktop, or unlock the login keyring in Passwords and Keys) and try again; \(keep)"
        case .timedOut:
            return
                "\(prefix), and the keyring did not answer within 3 s (a hung or stopped keyring daemon); log in at the desktop or restart the keyring daemon, then try again; \(keep)"
        case .notFound:
            return
                "\(prefix), and this \(name) has no such key: the file was copied from another machine, user or folder, or the key was deleted; \(keep): move it away and run `kauth login`"
        case .unavailable(let reason):
            return
                "\(prefix), and the keyring cannot be used (\(reason.visible)); \(keep): fix the keyring, or move the file away and run `kauth login`"
        }
    }

    private func oauth(_ failure: OAuthFailure) -> String {
        var text = "the provider refused the request: \(failure.error.visible)"
        if let description = failure.description, !description.isEmpty {
            text += " (\(Redaction.text(description).visible))"
        }
        if let code = failure.providerCode { text += " [\(code.visible)]" }
        let provider = failure.provider
        switch failure.meaning {
        case .wrongClientSecret?:
            text +=
                "; the client secret was refused: set it (\(hasFlag(SharedFlags.clientSecret.spec) ? "--client-secret, " : "")KAUTH_CLIENT_SECRET or `kauth config set provider.\(provider).client_secret S`) to the one in the provider's console; if it is right, check the client id"
        case .redirectURINotRegistered?:
            let registration = ProviderType.named(provider)?.help.redirectRegistration.map { " (\($0))" } ?? ""
            text += "; register the exact redirect URI with the provider\(registration)"
            if hasFlag(SharedFlags.redirectURI.spec) {
                text += ", or pass the registered one with --redirect-uri"
            }
        case .wrongClientID?:
            text +=
                "; check the client id (KAUTH_CLIENT_ID\(hasFlag(SharedFlags.clientID.spec) ? ", --client-id" : ""), or `kauth config set provider.\(provider).client_id ID`)"
        case nil:
            break
        }
        return text
    }

    private func discovery(url: String, _ problem: DiscoveryProblem) -> String {
        switch problem {
        case .notFound(let status):
            return
                "no OpenID Connect discovery document at \(url) (HTTP \(status)); check the issuer (--issuer or provider.NAME.issuer)"
        case .incomplete:
            return
                "the discovery document at \(url) lacks required members (issuer, authorization_endpoint, token_endpoint)"
        case .wrongIssuer(let named, let expected):
            return
                "the discovery document at \(url) names the issuer '\(named.visible)', not '\(expected)'; refusing it (OIDC Discovery §4.3): check the issuer for a typo or a trailing slash"
        }
    }

    /// `0644`-style text, as `ls`, `chmod` and ssh show modes.
    static func octal(_ permissions: UInt16) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Why `kauth api --paginate` stopped; what was printed, and what to do.
    func pagesStopped(_ stop: PageWalkStop) -> String {
        switch stop {
        case .failed(let page, let url, let error):
            return
                "page \(page) of --paginate (\(url.visible)) failed, its answer is on stdout and the pages before it are not: \(message(for: error))"
        case .notJSON(let page, let url):
            return
                "page \(page) of --paginate (\(url.visible)) is not JSON, so the pages cannot be joined; the pages before it are on stdout. Call that URL without --paginate to see it"
        case .foreignLink(let page, let url):
            return
                "page \(page) links its next page to \(url.visible), which is not one of the provider's hosts: the token was not sent there, and the \(page) page(s) fetched are on stdout"
        case .repeatedLink(let page, let url):
            return
                "page \(page) links back to a page already fetched (\(url.visible)); the provider's paging loops, so kauth stopped. The \(page) page(s) fetched are on stdout"
        case .tooManyPages(let limit):
            return
                "--paginate stopped after \(limit) pages with more announced; the \(limit) pages fetched are on stdout. Ask for larger pages (a page-size field such as -f limit=100 or -f per_page=100) or fewer items"
        }
    }
}
