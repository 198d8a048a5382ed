/// The user profile kept with a session so `kauth status` shows who is logged in, offline.
///
/// The fields are the ones mobile auth SDKs keep with stored credentials so an app can restore a
/// login without the network: user ID, name, email, phone, display name, country. Every field is
/// optional because providers only return what the user consented to share.
package struct CachedUser: Codable, Sendable, Equatable {
    package var id: String?
    package var nickname: String?
    package var email: String?
    package var phoneNumber: String?
    package var displayName: String?
    /// Two-letter country code (ISO 3166-1 alpha-2), as the SDKs keep it.
    package var country: String?

    package init(
        id: String? = nil, nickname: String? = nil, email: String? = nil,
        phoneNumber: String? = nil, displayName: String? = nil, country: String? = nil
    ) {
        self.id = id
        self.nickname = nickname
        self.email = email
        self.phoneNumber = phoneNumber
        self.displayName = displayName
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case id, nickname, email, country
        case phoneNumber = "phone_number"
        case displayName = "display_name"
    }
}
