#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders `/v2/user/me` for one user and one app's consent.
struct SandboxMeRenderer {
    var user: SandboxUserRecord
    var consent: ConsentRecord
    /// `secure_resource=true`: image URLs with `https`, as the iOS SDK asks; REST's default is
    /// `http`.
    var secureResource: Bool
    /// The app's registered user-property keys, in the order `properties` lists them.
    var propertyKeys: [String] = SandboxProperties.defaultKeys
    /// Whether to send `has_signed_up`: Kakao sends it only for apps with auto-link off.
    var showsSignup = false

    private func agreed(_ scope: String) -> Bool { consent.scopes.contains(scope) }
    private var nicknameAgreed: Bool { agreed("profile_nickname") || agreed("profile") }
    private var imageAgreed: Bool { agreed("profile_image") || agreed("profile") }

    private func image(_ url: String) -> OrderedJSON {
        if secureResource { return .string(url) }
        return .string(url.hasPrefix("https://") ? "http://" + url.dropFirst("https://".count) : url)
    }

    /// The whole user, every value present only when its scope is agreed and its
    /// `*_needs_agreement` flag `true` otherwise, as Kakao answers after the 2021 split of the
    /// profile consent into nickname and image (DT-PROF).
    func render() -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [("id", .int(Int(user.id)))]
        if showsSignup { members.append(("has_signed_up", .bool(consent.signedUp))) }
        members.append(("connected_at", .string(SandboxTime.text(consent.connectedAt))))
        let properties = self.properties()
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        members.append(("kakao_account", .object(account())))
        return .object(members)
    }

    /// The user's properties with the app: the profile's nickname and images when agreed, then
    /// whatever the app stored with `/v1/user/update_profile` or `/v1/user/signup`, which wins
    /// over the profile's value for the same key. Registered keys only, in registration order.
    private func properties() -> [(String, OrderedJSON)] {
        var values: [String: OrderedJSON] = [:]
        if nicknameAgreed { values["nickname"] = .string(user.nickname) }
        if imageAgreed {
            values["profile_image"] = image(user.profileImageUrl)
            values["thumbnail_image"] = image(user.thumbnailImageUrl)
        }
        for (key, value) in consent.properties { values[key] = .string(value) }
        return propertyKeys.compactMap { key in values[key].map { (key, $0) } }
    }

    private func account() -> [(String, OrderedJSON)] {
        var account: [(String, OrderedJSON)] = [
            ("profile_nickname_needs_agreement", .bool(!nicknameAgreed)),
            ("profile_image_needs_agreement", .bool(!imageAgreed))
        ]
        var profile: [(String, OrderedJSON)] = []
        if nicknameAgreed {
            profile.append(("nickname", .string(user.nickname)))
            profile.append(("is_default_nickname", .bool(false)))
        }
        if imageAgreed {
            profile.append(("thumbnail_image_url", image(user.thumbnailImageUrl)))
            profile.append(("profile_image_url", image(user.profileImageUrl)))
            profile.append(("is_default_image", .bool(user.isDefaultImage)))
        }
        if !profile.isEmpty { account.append(("profile", .object(profile))) }

        account.append(("name_needs_agreement", .bool(!agreed("name"))))
        if agreed("name") { account.append(("name", .string(user.name))) }

        account.append(("has_email", .bool(true)))
        account.append(("email_needs_agreement", .bool(!agreed("account_email"))))
        if agreed("account_email") {
            account.append(("is_email_valid", .bool(user.isEmailValid)))
            account.append(("is_email_verified", .bool(user.isEmailVerified)))
            account.append(("email", .string(user.email)))
        }

        account.append(("has_phone_number", .bool(true)))
        account.append(("phone_number_needs_agreement", .bool(!agreed("phone_number"))))
        if agreed("phone_number") { account.append(("phone_number", .string(user.phoneNumber))) }

        account.append(("has_age_range", .bool(true)))
        account.append(("age_range_needs_agreement", .bool(!agreed("age_range"))))
        if agreed("age_range") { account.append(("age_range", .string(user.ageRange))) }

        account.append(("has_birthyear", .bool(true)))
        account.append(("birthyear_needs_agreement", .bool(!agreed("birthyear"))))
        if agreed("birthyear") { account.append(("birthyear", .string(user.birthyear))) }

        account.append(("has_birthday", .bool(true)))
        account.append(("birthday_needs_agreement", .bool(!agreed("birthday"))))
        if agreed("birthday") {
            account.append(("birthday", .string(user.birthday)))
            account.append(("birthday_type", .string(user.birthdayType)))
            account.append(("is_leap_month", .bool(false)))
        }

        account.append(("has_gender", .bool(true)))
        account.append(("gender_needs_agreement", .bool(!agreed("gender"))))
        if agreed("gender") { account.append(("gender", .string(user.gender))) }
        return account
    }
}

/// `property_keys` of `/v2/user/me`: a JSON array of `properties.…` and `kakao_account.…` keys
/// that limits the answer to those fields (plus `id`, which Kakao always sends).
enum SandboxPropertyKeys {
    /// Keys the sandbox renders.
    static let rendered: Set<String> = [
        "properties.nickname", "properties.profile_image", "properties.thumbnail_image",
        "kakao_account.profile", "kakao_account.name", "kakao_account.email",
        "kakao_account.phone_number", "kakao_account.age_range", "kakao_account.birthyear",
        "kakao_account.birthday", "kakao_account.gender", "connected_at", "has_signed_up"
    ]
    /// Keys Kakao knows that the sandbox has no value for: accepted, and simply absent.
    static let acceptedButEmpty: Set<String> = [
        "synched_at", "for_partner.uuid", "kakao_account.ci",
        "kakao_account.legal_name", "kakao_account.legal_birth_date", "kakao_account.legal_gender",
        "kakao_account.is_korean"
    ]

    enum ParseError: Error { case notAJSONArray, unknownKey(String) }

    /// - Parameter customProperties: the app's own registered property keys, which are asked
    ///   for as `properties.KEY` like the default ones.
    static func parse(_ text: String, customProperties: [String] = []) throws -> [String] {
        guard let keys = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
            throw ParseError.notAJSONArray
        }
        let custom = Set(customProperties.map { "properties." + $0 })
        if let unknown = keys.first(where: {
            !rendered.contains($0) && !acceptedButEmpty.contains($0) && !custom.contains($0)
        }) {
            throw ParseError.unknownKey(unknown)
        }
        return keys
    }

    /// The part of `user` that `keys` asks for. A `kakao_account` field brings its companions
    /// (`has_…`, `…_needs_agreement`, `is_email_…`), so that a client can still tell "not agreed"
    /// from "not asked for".
    static func filter(_ user: OrderedJSON, keys: [String]) -> OrderedJSON {
        guard case .object(let members) = user else { return user }
        let wanted = Set(keys)
        var out: [(String, OrderedJSON)] = []
        for (name, value) in members {
            switch name {
            case "id":
                out.append((name, value))
            case "properties", "kakao_account":
                guard case .object(let inner) = value else { continue }
                let kept = inner.filter { member in
                    let group = name == "kakao_account" ? accountGroup(of: member.0) : member.0
                    return wanted.contains("\(name).\(group)")
                }
                if !kept.isEmpty { out.append((name, .object(kept))) }
            default:
                if wanted.contains(name) { out.append((name, value)) }
            }
        }
        return .object(out)
    }

    /// The `kakao_account.…` property key a member of `kakao_account` belongs to.
    static func accountGroup(of member: String) -> String {
        switch member {
        case "profile", "profile_needs_agreement", "profile_nickname_needs_agreement", "profile_image_needs_agreement":
            return "profile"
        case "is_email_valid", "is_email_verified":
            return "email"
        case "birthday_type", "is_leap_month":
            return "birthday"
        default:
            var group = Substring(member)
            if group.hasPrefix("has_") { group = group.dropFirst("has_".count) }
            if group.hasSuffix("_needs_agreement") { group = group.dropLast("_needs_agreement".count) }
            return String(group)
        }
    }
}

/// Times as Kakao writes them: ISO 8601 in UTC, whole seconds (`2023-03-06T13:06:54Z`).
enum SandboxTime {
    static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!))
    }
}
