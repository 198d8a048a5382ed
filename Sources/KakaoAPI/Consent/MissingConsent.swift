import KAuthBasics
import KAuthCore

/// Which scope IDs a `/v2/user/me` object says still need the user's agreement, as Kakao's additional-consent guide maps them.
package enum MissingConsent {
    /// `*_needs_agreement` member of `kakao_account` → the scope ID to ask for. Members whose
    /// scope ID Kakao does not document (legal_*, is_korean) are left out.
    static let scopeForAgreementField: [String: String] = [
        "profile_needs_agreement": "profile",
        "profile_nickname_needs_agreement": "profile_nickname",
        "profile_image_needs_agreement": "profile_image",
        "email_needs_agreement": "account_email",
        "name_needs_agreement": "name",
        "age_range_needs_agreement": "age_range",
        "birthyear_needs_agreement": "birthyear",
        "birthday_needs_agreement": "birthday",
        "gender_needs_agreement": "gender",
        "phone_number_needs_agreement": "phone_number",
        "ci_needs_agreement": "account_ci"
    ]

    /// The scope IDs to request, in a stable order.
    package static func scopes(in user: JSONValue) -> [String] {
        guard case .object(let account)? = user["kakao_account"] else { return [] }
        var scopes: [String] = []
        for (field, value) in account.sorted(by: { $0.key < $1.key }) where value.boolValue == true {
            if let scope = scopeForAgreementField[field], !scopes.contains(scope) {
                scopes.append(scope)
            }
        }
        // The legacy combined `profile` item only when the split ones are not reported.
        if scopes.contains("profile") && (scopes.contains("profile_nickname") || scopes.contains("profile_image")) {
            scopes.removeAll { $0 == "profile" }
        }
        return scopes
    }
}
