/// What an OAuth error from the provider means for the user's settings.
package enum OAuthErrorMeaning: String, Sendable, Equatable {
    case wrongClientID
    case wrongClientSecret
    case redirectURINotRegistered
}
