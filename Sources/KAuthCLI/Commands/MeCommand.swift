import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth me`: the user's profile from `/v2/user/me`; refreshes the keystore's cached profile.
enum MeCommand {
    static let spec = CommandSpec(
        name: "me",
        summary: MeHelpWords.summary,
        discussion: MeHelpWords.discussion,
        options: Options.self,
        environment: EnvironmentVariables.session,
        examples: [
            ("kauth me", .none),
            ("kauth me --field kakao_account.email", MeHelpWords.exampleOneValueForScripts),
            ("kauth me --json --property-keys kakao_account.email", .none)
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let propertyKeys = ScopeList.parse(options.propertyKeys)
        // The stored login, read once; nil with KAUTH_ACCESS_TOKEN, which is all there is then.
        let login = context.environmentToken == nil ? try context.storedLogin() : nil
        let api =
            try login.map { UserAPI(client: try context.client(for: context.tokenService($0))) } ?? context.userAPI()
        let path = options.field
        let result: APIResult<JSONValue>
        if options.oidc {
            result = try await api.userinfo(idTokenSubject: try login.map(idTokenSubject(of:)))
        } else {
            // A userinfo profile must be about the ID token's user, when there is one.
            let subject = login?.session?.idToken.flatMap(JWTClaims.unverifiedSubject(of:))
            if !propertyKeys.isEmpty { try api.provider.require(.userProperties) }
            result = try await api.profile(propertyKeys: propertyKeys, idTokenSubject: subject)
            if let login {
                context.noteIfNotCached(
                    try await context.profileStore.updateCachedUser(
                        api.cachedUser(from: result.value), profile: login.profile, of: login.session,
                        basedOn: login.snapshot))
            }
        }
        // What `me` shows: Snapchat's user is under data.me; --field takes its names as shown,
        // and the whole answer's paths too.
        let user = options.oidc ? result.value : api.provider.type.profile.user(in: result.value)
        if let path {
            guard let value = user.value(at: path) ?? result.value.value(at: path) else {
                throw CommandError.failed(UserDataErrorWords.noProfileField(path: path).localized)
            }
            if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(api.client.credentials.profile), "provider": .string(api.provider.name),
                        "field": .string(path), "value": value
                    ]))
            } else {
                context.out((value.stringValue ?? value.jsonText()).visible + "\n")
            }
        } else if context.json {
            context.printResponse(result.body, from: api.client)
        } else {
            context.out(readable(user, in: context.language))
        }
        return 0
    }

    /// The stored ID token's subject, which `--oidc` checks userinfo against (OIDC Core §5.3.2).
    static func idTokenSubject(of login: StoredLogin) throws -> String {
        guard let idToken = login.session?.idToken else {
            throw CommandError.failed(UserDataErrorWords.noIDTokenForUserinfo.localized)
        }
        guard let subject = JWTClaims.unverifiedSubject(of: idToken) else {
            throw CommandError.failed(UserDataErrorWords.idTokenUnreadable.localized)
        }
        return subject
    }

    /// The profile for people, whatever its shape: Kakao's user object, Snap's user (`data.me`),
    /// or an OpenID Connect userinfo object.
    static func readable(_ profile: JSONValue, in language: Language) -> String {
        if profile["kakao_account"] != nil || profile["properties"] != nil {
            return summary(profile, in: language)
        }
        guard case .object(let members) = profile else { return profile.jsonText(pretty: true) + "\n" }
        var rows: [(String, String)] = []
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            if let text = value.stringValue {
                rows.append((key, text))
            } else if case .object = value {
                rows.append((key, value.jsonText()))
            }
        }
        return rows.map { "\($0.0.visible.padding(15))\($0.1.visible)\n" }.joined()
    }

    /// id, nickname, email, … and which items still need the user's agreement; the names of the
    /// rows in `language`, padded by display width.
    static func summary(_ user: JSONValue, in language: Language) -> String {
        let account = user["kakao_account"]
        var rows: [(MeWords, String)] = []
        func add(_ label: MeWords, _ value: JSONValue?) {
            if let text = value?.stringValue { rows.append((label, text.visible)) }
        }
        add(.id, user["id"])
        add(.nickname, account?.value(at: "profile.nickname") ?? user.value(at: "properties.nickname"))
        if let email = account?["email"]?.stringValue {
            let verified = account?["is_email_verified"]?.boolValue == true
            rows.append((.email, verified ? MeWords.verified(email.visible).text(language) : email.visible))
        }
        add(.name, account?["name"])
        add(.phone, account?["phone_number"])
        add(.ageRange, account?["age_range"])
        add(.birthday, account?["birthday"])
        add(.birthYear, account?["birthyear"])
        add(.gender, account?["gender"])
        add(.profileImage, account?.value(at: "profile.profile_image_url"))
        add(.connectedAt, user["connected_at"])
        if let signedUp = user["has_signed_up"]?.boolValue {
            rows.append((.signedUp, (signedUp ? MeWords.signedUpYes : .signedUpNo).text(language)))
        }
        var text = rows.map { "\($0.0.text(language).padding(15))\($0.1)\n" }.joined()
        if case .object(let members)? = account {
            let pending = members.filter { $0.key.hasSuffix("_needs_agreement") && $0.value.boolValue == true }
                .map { String($0.key.dropLast("_needs_agreement".count)) }
                .sorted()
            if !pending.isEmpty { text += MeWords.needsAgreement(pending).text(language) }
        }
        return text
    }
}

extension MeCommand {
    struct Options: CommandOptions {
        var propertyKeys: [String] = []
        var field: String?
        var oidc = false

        static let flags: [OptionFlag<Self>] = [
            .json,
            .list(\.propertyKeys, "property-keys", "LIST", MeHelpWords.propertyKeysFlag),
            .option(\.field, "field", "PATH", MeHelpWords.fieldFlag),
            .toggle(\.oidc, "oidc", MeHelpWords.oidcFlag)
        ]
    }
}
