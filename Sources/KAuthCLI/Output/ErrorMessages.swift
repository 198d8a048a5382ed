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
    /// In `kauth login`: the scopes its `--scopes` asked for, named when the provider refuses one.
    var loginScopes: String?
    /// The language of the words; `--json` errors are always English, as all machine output is
    /// the same in every language.
    var language: Language = .english
    /// The line gave `--no-browser`: no browser was tried, so none "could not be started".
    var browserTurnedOff = false

    init(commandPath: [String], hasFlag: @escaping (FlagSpec) -> Bool, profileFlag: String?) {
        self.commandPath = commandPath
        self.hasFlag = hasFlag
        self.profileFlag = profileFlag
    }

    /// `kauth scopes` for a hint, with `--profile NAME` when the user gave one.
    func command(_ words: String) -> Invocation {
        Invocation("kauth \(words)\(profileFlag.map { " --profile \($0)" } ?? "")")
    }

    /// `kauth login` that recreates a profile's login: its provider and whatever else it needs.
    func login(_ profile: String, _ extra: String = "") -> Invocation {
        Invocation("kauth login\(extra)\(recreate(profile))")
    }

    /// The running login again, with `extra` flags it lacks (`--no-browser`, `--device`).
    func again(_ extra: String = "") -> Invocation {
        guard let repeatLogin else { return command("login" + extra) }
        let added = extra.split(separator: " ").filter { !repeatLogin.contains(" " + $0) }.map { " " + $0 }.joined()
        return Invocation("kauth login\(added)\(repeatLogin)")
    }

    /// The command line's own sentences: a usage error as it was written, any other failure with
    /// its control characters made visible (it may quote a file's or a provider's words).
    func message(for error: CommandError) -> String {
        switch error {
        case .usage(let text): text.text(language)
        case .failed(let text): text.text(language).visible
        case .cancelled(let text): text.text(language)
        }
    }

    func message(for error: KAuthError) -> String { words(for: error).text(language) }

    /// The catalogue's words for an error, in both languages.
    func words(for error: KAuthError) -> Localized {
        switch error {
        case .missingSetting(let setting, let provider):
            return missing(setting, provider: provider)
        case .invalidSetting(let name, let value, let expected):
            return SetupErrorWords.invalidSetting(name: name, value: value, expected: expected).localized
        case .unknownProvider(let name, let known):
            let nearMiss = !Suggestions.closest(to: name, in: known).isEmpty
            return SetupErrorWords.unknownProvider(name: name, known: known, nearMiss: nearMiss).localized
        case .providerMismatch(let profile, let stored, let selected):
            return SetupErrorWords.providerMismatch(profile: profile, stored: stored, selected: selected).localized
        case .insecureURL(let label, let url):
            return SetupErrorWords.insecureURL(label: label, url: url).localized
        case .notAURL(let label, let value):
            return SetupErrorWords.notAURL(label: label, value: value).localized
        case .plainHTTPServer(let url):
            return SetupErrorWords.plainHTTPServer(url: url).localized
        case .unsupported(let provider, let what):
            return unsupported(what, provider: provider)
        case .invalidRedirectURI(let uri, let problem):
            return redirect(uri: uri.visible, problem)
        case .redirectPortConflict(let port, let uri):
            return SetupErrorWords.redirectPortConflict(port: port, uri: uri).localized
        case .hostNotAllowed(let url, let provider, let allowed):
            return SetupErrorWords.hostNotAllowed(url: url, provider: provider, allowed: allowed).localized
        case .config(let problem):
            return config(problem)
        case .notLoggedIn(let profile):
            return SessionErrorWords.notLoggedIn(profile: profile, login: login(profile)).localized
        case .sessionExpired(_, let reason) where reason.isNoRefreshTokenIssued:
            // Not over yet: the access token still serves.
            return ended(reason)
        case .sessionExpired(_, .bootstrapRejected(let detail, let padded)):
            // CI cannot log in: the fix is the secret.
            return SessionErrorWords.bootstrapRejected(detail: detail.words, padded: padded).localized
        case .sessionExpired(_, .bootstrapUnusable(let problem)):
            switch problem {
            case .empty: return SessionErrorWords.bootstrapEmpty.localized
            case .spacesInside: return SessionErrorWords.bootstrapSpacesInside.localized
            }
        case .sessionExpired(let profile, .noIDToken):
            // Nothing is wrong with the login: it was made without OpenID Connect.
            return SessionErrorWords.noIDToken(login: login(profile, " --openid")).localized
        case .sessionExpired(let profile, .givenTokenRejected(let detail)):
            // Nothing was stored, so nothing stored has ended.
            return SessionErrorWords.givenTokenRejected(
                detail: detail.words, handOver: Invocation("kauth login --with-token\(handOverFlags(profile))"),
                refreshToken: Invocation("kauth token --refresh-token")
            ).localized
        case .sessionExpired(let profile, let reason):
            return SessionErrorWords.ended(reason: ended(reason), login: login(profile)).localized
        case .subjectToken(let source, let problem):
            return TokenExchangeWords.refused(source, problem).localized
        case .resourceRefused(let profile, let resource, let named, let failure):
            let said = failure.error + (failure.description.map { ": " + Redaction.text($0) } ?? "")
            // A login that already named the resource would be refused again: no login to run.
            return TokenExchangeWords.resourceRefused(
                resource: resource, said: said,
                login: named ? nil : login(profile, " --resource " + LoginRecipe.quoted(resource))
            ).localized
        case .environmentTokenRejected(let reason):
            return SessionErrorWords.environmentTokenRejected(reason: reason).localized
        case .consentRequired(let scopes, let message):
            let list = scopes.map(\.visible).joined(separator: " ")
            return scopes.isEmpty
                ? SessionErrorWords.consentRequired(message: message).localized
                : SessionErrorWords.consentRequiredFor(
                    scopes: list, message: message, request: command("scopes request \(list)")
                ).localized
        case .unavailable(let fact):
            let loopback = fact.url.map(LoopbackAddress.contains) ?? false
            return ProviderErrorWords.unavailable(what: fact.localized, loopback: loopback).localized
        case .loginCancelled(let end):
            return cancelled(end)
        case .apiNotPermitted(let code, let message, let path):
            switch KakaoPermission.needed(for: path) {
            case .talkSocial?: return ProviderErrorWords.talkSocialNotPermitted(code: code, message: message).localized
            case nil: return ProviderErrorWords.notPermitted(code: code, message: message).localized
            }
        case .apiRefused(let refusal, let provider, let code, let message):
            switch refusal {
            case .quotaExceeded:
                return ProviderErrorWords.quotaExceeded(provider: provider, code: code, message: message).localized
            case .appSuspended:
                return ProviderErrorWords.appSuspended(provider: provider, code: code, message: message).localized
            case .accountRestricted:
                return ProviderErrorWords.accountRestricted(provider: provider, code: code, message: message).localized
            }
        case .tlsFailed(let url, let detail, let trust):
            return ProviderErrorWords.tlsFailed(
                url: url, detail: detail, caFile: trust.caFile, clientCertificate: trust.clientCertificate,
                clientKey: trust.clientKey
            ).localized
        case .keystore(let error):
            return keystore(error)
        case .portInUse(let port, let redirectURI, let listening):
            return LoginErrorWords.portInUse(
                port: port, redirectURI: redirectURI, listening: listening, ephemeral: (32768...60999).contains(port)
            ).localized
        case .oauth(let failure):
            return oauth(failure)
        case .api(let status, let code, let message):
            return ProviderErrorWords.api(status: status, code: code, message: message).localized
        case .appKeyRejected(let provider, let message):
            return ProviderErrorWords.appKeyRejected(provider: provider, message: message).localized
        case .invalidResponse(let fact):
            return ProviderErrorWords.unexpectedResponse(what: fact.localized).localized
        case .discovery(let url, let problem):
            return discovery(url: url.visible, problem)
        case .idTokenRefused(let provider, let refusal):
            return ProviderErrorWords.idTokenRefused(provider: provider, why: refusal.localized).localized
        case .foreignUserinfo(let subject, let expected):
            return ProviderErrorWords.foreignUserinfo(subject: subject, expected: expected).localized
        case .endpointsUnknown(let provider):
            return SessionErrorWords.endpointsUnknown(provider: provider).localized
        case .loginReplaced(let profile, let provider):
            return SessionErrorWords.loginReplaced(profile: profile, provider: provider).localized
        case .pagesStopped(let stop):
            return pagesStopped(stop)
        case .listenerFailed(let error):
            return LoginErrorWords.listenerFailed(detail: "\(error)").localized
        case .httpUnavailable(let detail):
            return ProviderErrorWords.httpUnavailable(detail: detail).localized
        case .unexpected(let description):
            return ProviderErrorWords.unexpected(description: description).localized
        case .clientAuthentication(let provider, let problem):
            return Self.words(problem, provider: provider).localized
        case .product(let product):
            return words(for: product)
        }
    }

    /// The words for a client that cannot authenticate as configured or as the server asks.
    static func words(_ problem: ClientAuthProblem, provider: String) -> MachineLoginWords {
        switch problem {
        case .noPrivateKey: return .noPrivateKey(provider: provider)
        case .noSecret(let method): return .noSecret(method: method, provider: provider)
        case .noClientCertificate: return .noClientCertificate(provider: provider)
        case .privateKeyMissing(let path): return .privateKeyMissing(path: path)
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

    /// The words for a failure of Kakao's product APIs, which the core carries without knowing:
    /// an exhaustive switch, so a new kind of failure has words before it compiles.
    func words(for product: ProductError) -> Localized {
        switch product.kakao {
        case .share(.invalidTemplate(let violations))?:
            return ProductErrorWords.invalidTemplate(problems: violations.map(TemplateWords.describe)).localized
        case .share(.userTokenCall)?:
            return ProductErrorWords.userTokenCall.localized
        case .addressPicker(.ended(.timedOut(let seconds, let hint)))?:
            return ProductErrorWords.pickerTimedOut(seconds: seconds, provider: hint.provider).localized
        case .addressPicker(.ended(.interrupted))?:
            return ProductErrorWords.pickerInterrupted.localized
        case .addressPicker(.ended(.takeover))?:
            return ProductErrorWords.pickerTakeover.localized
        case .addressPicker(.failed(let failure))?:
            return ProductErrorWords.pickerFailed(
                code: failure.code, message: failure.message,
                meaning: failure.meaning.map { KakaoAppsErrorWords.meaning($0, profileFlag: profileFlag).localized }
            ).localized
        case .addressPicker(.noAgentToken(let path, let status))?:
            return ProductErrorWords.pickerNoAgentToken(path: path, status: status).localized
        case .addressPicker(.agentTokenUnreadable(let path, let status))?:
            return ProductErrorWords.pickerAgentTokenUnreadable(path: path, status: status).localized
        case .addressPicker(.addressNotReturned(let id))?:
            return ProductErrorWords.pickerAddressNotReturned(id: id).localized
        case nil:
            return ProviderErrorWords.unexpected(description: String(describing: product.failure)).localized
        }
    }

    // MARK: - Cases with several forms

    /// `--provider`, `--issuer`, `--client-id` and `--profile` of the running login, for the same
    /// login handed over with `--with-token`.
    private func handOverFlags(_ profile: String) -> String {
        handOverLogin ?? profileFlag.map { " --profile \($0)" } ?? recreate(profile)
    }

    private func missing(_ setting: ProviderSetting, provider: String) -> Localized {
        switch setting {
        case .clientID:
            let type = ProviderType.named(provider)
            let name = type?.help.clientIDName ?? ProviderHelp.genericClientIDName
            return SetupErrorWords.missingClientID(
                provider: provider, clientIDFlag: hasFlag(SharedFlags.clientID.spec),
                clientIDName: name == ProviderHelp.genericClientIDName ? nil : (type?.displayName ?? provider, name)
            ).localized
        case .issuer:
            return SetupErrorWords.missingIssuer(provider: provider, issuerFlag: hasFlag(SharedFlags.issuer.spec))
                .localized
        case .appKey:
            return SetupErrorWords.missingAppKey(provider: provider).localized
        case .url(let role):
            return SetupErrorWords.missingURL(provider: provider, key: role.configKey).localized
        }
    }

    /// How to log in so that the provider issues a refresh token, for a provider type that needs
    /// asking (`ProviderHelp.refreshTokenRequest`); nil for the others.
    static func refreshTokenAdvice(providerType: String, scopes: [String]? = nil) -> Localized? {
        guard let request = ProviderType.named(providerType)?.help.refreshTokenRequest else { return nil }
        let asked = (scopes ?? ["openid"]).filter { $0 != request.scope } + [request.scope]
        return SessionErrorWords.refreshTokenAdvice(scopes: asked.joined(separator: " "), prompt: request.prompt)
            .localized
    }

    private func unsupported(_ what: Unsupported, provider: String) -> Localized {
        switch what {
        case .feature(.idToken):
            let flag =
                [SharedFlags.openID.spec, SharedFlags.nonce.spec, SharedFlags.idToken.spec]
                .first(where: hasFlag).map { "--" + $0.name } ?? "--id-token"
            return SetupErrorWords.noIDTokens(provider: provider, flag: flag).localized
        case .feature(let feature):
            return SetupErrorWords.featureMissing(
                command: commandPath.joined(separator: " "), feature: Self.describe(feature), provider: provider
            ).localized
        case .pkce:
            return SetupErrorWords.noPKCE(provider: provider).localized
        case .deviceGrant(let discovered):
            return SetupErrorWords.noDeviceGrant(provider: provider, discovered: discovered).localized
        case .prompt(let prompt, let allowed):
            if allowed.isEmpty { return SetupErrorWords.noPromptValues(provider: provider, prompt: prompt).localized }
            return SetupErrorWords.unknownPrompt(provider: provider, prompt: prompt, allowed: allowed).localized
        case .userinfo:
            return SetupErrorWords.noUserinfo(provider: provider).localized
        case .unlink:
            return SetupErrorWords.noUnlink(provider: provider).localized
        }
    }

    static func describe(_ feature: ProviderFeature) -> Localized {
        let words: ProviderFeatureWords =
            switch feature {
            case .consent: .consent
            case .serviceTerms: .serviceTerms
            case .userProperties: .userProperties
            case .shippingAddresses: .shippingAddresses
            case .tokenInfo: .tokenInfo
            case .share: .share
            case .talk: .talk
            case .loginHint: .loginHint
            case .idToken: .idToken
            case .clientCredentials: .clientCredentials
            case .introspection: .introspection
            case .tokenExchange: .tokenExchange
            default: .other(feature.name)
            }
        return words.localized
    }

    private func redirect(uri: String, _ problem: RedirectURIProblem) -> Localized {
        switch problem {
        case .notHTTP: SetupErrorWords.redirectNotHTTP(uri: uri).localized
        case .notLoopback: SetupErrorWords.redirectNotLoopback(uri: uri).localized
        case .hasQueryOrFragment: SetupErrorWords.redirectQueryOrFragment(uri: uri).localized
        case .noPort: SetupErrorWords.redirectNoPort(uri: uri, example: Kakao.defaultRedirectURI).localized
        }
    }

    private func config(_ problem: ConfigProblem) -> Localized {
        switch problem {
        case .malformedLine(let path, let line, let text):
            SetupErrorWords.configMalformedLine(path: path, line: line, text: text).localized
        case .missingKey(let path, let line): SetupErrorWords.configMissingKey(path: path, line: line).localized
        case .unknownKey(let key, let known): SetupErrorWords.configUnknownKey(key: key, known: known).localized
        case .controlCharacters(let key): SetupErrorWords.configControlCharacters(key: key).localized
        case .notAHost(let key, let entry): ToolsWords.notAHost(key: key, entry: entry).localized
        case .unreadable(let path, let reason): SetupErrorWords.configUnreadable(path: path, reason: reason).localized
        case .unwritable(let path, let reason): SetupErrorWords.configUnwritable(path: path, reason: reason).localized
        }
    }

    private func ended(_ reason: SessionEnd) -> Localized {
        switch reason {
        case .noRefreshToken:
            return SessionErrorWords.noRefreshToken.localized
        case .noRefreshTokenIssued(let expiresAt, let providerType):
            return SessionErrorWords.noRefreshTokenIssued(
                expiresAt: RFC3339.string(from: expiresAt),
                advice: Self.refreshTokenAdvice(providerType: providerType)
            ).localized
        case .refreshTokenExpired(let date):
            return SessionErrorWords.refreshTokenExpired(at: RFC3339.string(from: date)).localized
        case .refreshRejected(let failure):
            let detail = [failure.description, failure.providerCode].compactMap { $0?.visible }.joined(separator: ", ")
            return SessionErrorWords.refreshRejected(error: failure.error, detail: detail).localized
        case .refreshRefused(let status):
            return SessionErrorWords.refreshRefused(status: status).localized
        case .rejectedAfterRefresh(let message):
            return SessionErrorWords.rejectedAfterRefresh(message: message).localized
        case .bootstrapRejected(let detail, _):
            return SessionErrorWords.bootstrapRejectedReason(detail: detail.words).localized
        case .bootstrapUnusable:
            return SessionErrorWords.bootstrapUnusable.localized
        case .givenTokenRejected(let detail):
            return SessionErrorWords.givenTokenRejectedReason(detail: detail.words).localized
        case .idTokenNotRenewed:
            return SessionErrorWords.idTokenNotRenewed.localized
        case .rejected(let rejection):
            return Self.describe(rejection)
        case .noIDToken:
            return SessionErrorWords.noIDTokenReason.localized
        }
    }

    /// Why a login was marked rejected, and when: the words `status` and every command use.
    static func describe(_ rejection: SessionRejection) -> Localized {
        let when = RFC3339.string(from: rejection.at)
        switch rejection.cause {
        case .refreshToken:
            let said = [rejection.error, rejection.detail, rejection.providerCode].compactMap { $0?.visible }.joined(
                separator: ": ")
            let detail = said.isEmpty ? rejection.status.map { "HTTP \($0)" } ?? "" : said
            return SessionErrorWords.rejectedRefreshToken(at: when, detail: detail).localized
        case .accessToken:
            return SessionErrorWords.rejectedAccessToken(at: when, detail: rejection.detail).localized
        case .unlinked:
            return SessionErrorWords.unlinked(at: when, byProfile: rejection.byProfile).localized
        }
    }

    private func cancelled(_ end: LoginEnd) -> Localized {
        switch end {
        case .wrongIssuer(let provider, let expected, let got):
            return cancelled(
                .denied(
                    provider: provider, error: "invalid_issuer",
                    description: LoginErrorWords.wrongIssuer(expected: expected, got: got).text(language)))
        case .denied(let provider, "invalid_scope", let description):
            // The same login fails the same way: say which scopes, not "try again".
            return LoginErrorWords.invalidScope(
                provider: provider, detail: description, scopes: loginScopes, listing: command("scopes")
            ).localized
        case .denied(let provider, let error, let description):
            return LoginErrorWords.denied(provider: provider, error: error, detail: description, again: again())
                .localized
        case .interrupted:
            return LoginErrorWords.interrupted.localized
        case .timedOut(let seconds, let hint):
            return LoginErrorWords.timedOut(
                seconds: seconds, noRedirect: Self.noRedirect(hint, hasFlag: hasFlag, timedOut: true), again: again()
            ).localized
        case .noBrowserNoTerminal(let deviceGrant):
            return LoginErrorWords.noBrowserNoTerminal(
                browserTurnedOff: browserTurnedOff,
                refreshToken: command("token --refresh-token"),
                withToken: Invocation(
                    "kauth login --with-token\(handOverLogin ?? profileFlag.map { " --profile \($0)" } ?? "")"),
                device: deviceGrant ? again(" --device") : nil
            ).localized
        case .takeover:
            return LoginErrorWords.takeover(again: again(), noBrowser: again(" --no-browser")).localized
        case .deviceDenied(let provider):
            return LoginErrorWords.deviceDenied(provider: provider, again: again(" --device")).localized
        case .deviceExpired:
            return LoginErrorWords.deviceExpired(again: again(" --device")).localized
        case .deviceTimedOut(let seconds):
            return LoginErrorWords.deviceTimedOut(seconds: seconds, again: again(" --device")).localized
        }
    }

    /// What usually keeps the redirect from arriving, and how to change it; after a timeout in
    /// which the listener ignored requests with a wrong `state` (each one warned about), that
    /// instead: the redirect URI reached it, so its registration is not the fault.
    static func noRedirect(_ hint: NoRedirectHint, hasFlag: (FlagSpec) -> Bool, timedOut: Bool = false) -> Localized {
        if timedOut && hint.wrongStateRequests > 0 {
            return NoRedirectWords.wrongStateSeen(count: hint.wrongStateRequests).localized
        }
        let redirect: NoRedirectWords
        if hint.freePort {
            var environment: String?
            if case .environment(let name) = hint.sources.redirect { environment = name }
            redirect = .freePort(
                provider: hint.provider, source: describe(hint.sources.redirect), environment: environment,
                portFlag: hasFlag(SharedFlags.loginPort.spec), registration: hint.registration)
        } else {
            redirect = .notRegistered(
                provider: hint.provider, redirectURI: hint.redirectURI, registration: hint.registration,
                source: hint.sources.redirect == .builtIn ? nil : describe(hint.sources.redirect),
                redirectFlag: hasFlag(SharedFlags.redirectURI.spec))
        }
        let clientID = NoRedirectWords.clientID(
            name: hint.clientIDName, source: hint.sources.clientID.map(describe),
            clientIDFlag: hasFlag(SharedFlags.clientID.spec))
        return redirect.localized + clientID.localized
    }

    /// Where a setting came from, in words: `the environment variable KAUTH_CLIENT_ID`.
    static func describe(_ source: SettingSource) -> Localized {
        let words: SettingSourceWords =
            switch source {
            case .flag(let flag): .flag(flag)
            case .environment(let name): .environment(name)
            case .config(let key): .config(key)
            case .storedLogin: .storedLogin
            case .builtIn: .builtIn
            }
        return words.localized
    }

    private func keystore(_ error: KeystoreError) -> Localized {
        let words: KeystoreErrorWords =
            switch error {
            case .tooOpen(let path, let permissions): .tooOpen(path: path, mode: Self.octal(permissions))
            case .notOwned(let path): .notOwned(path: path)
            case .notARegularFile(let path): .notARegularFile(path: path)
            case .corrupt(let path, let reason): .corrupt(path: path, reason: reason.localized)
            case .unreadable(let path, let reason): .unreadable(path: path, reason: reason.localized)
            case .unwritable(let path, let reason): .unwritable(path: path, reason: reason.localized)
            case .lockTimeout(let path): .lockTimeout(path: path)
            case .passphraseRequired(let path): .passphraseRequired(path: path)
            case .wrongPassphrase(let path): .wrongPassphrase(path: path)
            case .keyUnavailable(let path, let keyring, let failure):
                .keyUnavailable(path: path, keyring: keyring.displayName, failure: failure)
            case .wrongKey(let path): .wrongKey(path: path)
            case .folderTooOpen(let path, let permissions): .folderTooOpen(path: path, mode: Self.octal(permissions))
            case .folderNotOwned(let path): .folderNotOwned(path: path)
            case .unsafeFile(let path, let reason): .unsafeFile(path: path, reason: reason.localized)
            case .readOnly(let path, let reason, let write): .readOnly(path: path, reason: reason, before: write)
            }
        return words.localized
    }

    private func oauth(_ failure: OAuthFailure) -> Localized {
        let description = failure.description.flatMap { $0.isEmpty ? nil : Redaction.text($0).visible }
        let provider = failure.provider
        let meaning: Localized? =
            switch failure.meaning {
            case .wrongClientSecret?:
                ProviderErrorWords.oauthWrongClientSecret(
                    provider: provider, clientSecretFlag: hasFlag(SharedFlags.clientSecret.spec)
                ).localized
            case .redirectURINotRegistered?:
                ProviderErrorWords.oauthRedirectURINotRegistered(
                    registration: ProviderType.named(provider)?.help.redirectRegistration,
                    redirectFlag: hasFlag(SharedFlags.redirectURI.spec)
                ).localized
            case .wrongClientID?:
                ProviderErrorWords.oauthWrongClientID(
                    provider: provider, clientIDFlag: hasFlag(SharedFlags.clientID.spec)
                )
                .localized
            case nil: nil
            }
        return ProviderErrorWords.oauth(
            error: failure.error, description: description, providerCode: failure.providerCode, meaning: meaning
        ).localized
    }

    private func discovery(url: String, _ problem: DiscoveryProblem) -> Localized {
        switch problem {
        case .notFound(let status): SetupErrorWords.discoveryNotFound(url: url, status: status).localized
        case .incomplete: SetupErrorWords.discoveryIncomplete(url: url).localized
        case .wrongIssuer(let named, let expected):
            SetupErrorWords.discoveryWrongIssuer(url: url, named: named, expected: expected).localized
        }
    }

    /// `0644`-style text, as `ls`, `chmod` and ssh show modes.
    static func octal(_ permissions: UInt16) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Why `kauth api --paginate` stopped; what was printed, and what to do.
    func pagesStopped(_ stop: PageWalkStop) -> Localized {
        switch stop {
        case .failed(let page, let url, let error):
            ProviderErrorWords.pageFailed(page: page, url: url, error: words(for: error)).localized
        case .notJSON(let page, let url): ProviderErrorWords.pageNotJSON(page: page, url: url).localized
        case .foreignLink(let page, let url): ProviderErrorWords.pageForeignLink(page: page, url: url).localized
        case .repeatedLink(let page, let url): ProviderErrorWords.pageRepeatedLink(page: page, url: url).localized
        case .tooManyPages(let limit): ProviderErrorWords.tooManyPages(limit: limit).localized
        }
    }

    /// Why a picker may never come back, and what to try in the console.
    static func noPickerAnswer(_ hint: AddressPickerHint, hasFlag: (FlagSpec) -> Bool) -> Localized {
        ProductErrorWords.noPickerAnswer(
            provider: hint.provider, returnOrigin: hint.returnOrigin, fixedPort: hint.fixedPort,
            registration: hint.registration, portFlag: hasFlag(SharedFlags.pickerPort.spec)
        ).localized
    }
}
