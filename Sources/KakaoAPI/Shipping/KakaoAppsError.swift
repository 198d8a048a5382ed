/// The error codes of Kakao's apps host (`apps.kakao.com`: the shipping-address picker), as
/// Kakao's SDKs list them (`AppsErrorCause`). The picker sends one back to `return_url` as
/// `error_code`; which failure gives which code is not documented beyond this list.
package enum KakaoAppsError: String, Sendable, CaseIterable {
    /// KAE001: an error inside Kakao.
    case internalError = "KAE001"
    /// KAE002: a malformed request.
    case invalidRequest = "KAE002"
    /// KAE003: a parameter Kakao refused — for `return_url`, a domain not registered for the app.
    case invalidParameter = "KAE003"
    /// KAE004: something the request relied on expired (the AGT, the page's session).
    case timeExpired = "KAE004"
    /// KAE005: Kakao Talk channel information that cannot be found.
    case invalidChannel = "KAE005"
    /// KAE006: a Kakao Talk channel that cannot be added now.
    case illegalStateChannel = "KAE006"
    /// KAE007: the browser is not supported.
    case unsupportedBrowser = "KAE007"
    /// KAE101: the app's type may not use this page (adding and editing addresses are for
    /// Kakao's own and affiliated apps).
    case appType = "KAE101"
    /// KAE102: a consent item the page needs is not set up in the app.
    case consentItemNotSet = "KAE102"
    /// KAE103: the app has no permission for this API.
    case permission = "KAE103"
    /// KAE104: an app key of the wrong type.
    case wrongKeyType = "KAE104"
    /// KAE105: a Kakao Talk channel that is not connected to the app.
    case channelNotConnected = "KAE105"
    /// KAE201: the user could not be authenticated (a bad, used or expired AGT).
    case userAuthenticationFailed = "KAE201"
    /// KAE202: the user is not linked to the app.
    case userNotLinked = "KAE202"
    /// KAE203: the user has not agreed to a consent item the page needs.
    case consentNotAgreed = "KAE203"
    /// KAE204: the user has not agreed to the Kakao Account terms the page needs (the shipping
    /// address collection).
    case termsNotAgreed = "KAE204"
    /// KAE205: the page needs a logged-in Kakao Account.
    case loginRequired = "KAE205"
    /// KAE206: no shipping address of the user has this id.
    case unregisteredAddress = "KAE206"

    /// The meaning of `code`, when it is one of Kakao's.
    package static func meaning(of code: String) -> KakaoAppsError? {
        KakaoAppsError(rawValue: code)
    }

    /// Where the Kakao Developers console lists the domains a picker's `return_url` may point at.
    package static let returnURLRegistration =
        "Kakao Developers console → your app → Platform → Web → Site domain (in the newer console: App → Platform keys → JavaScript key → JavaScript SDK domain)"
}
