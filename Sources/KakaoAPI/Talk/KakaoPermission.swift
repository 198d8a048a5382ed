/// A permission an app must be granted in the Kakao Developers console, after a review, before it
/// may call an API: what a -3 or -5 answer (`KAuthError.apiNotPermitted`) means for the path refused.
package enum KakaoPermission: Sendable, Equatable {
    /// Kakao Talk Social: the friends list and messages to friends.
    case talkSocial

    /// The permission `path` needs, if one is known: the friends list and messages to friends
    /// (`/v1/api/talk/friends…`) need Kakao Talk Social.
    package static func needed(for path: String) -> KakaoPermission? {
        path.hasPrefix(TalkFriendsRequest.path) ? .talkSocial : nil
    }
}
