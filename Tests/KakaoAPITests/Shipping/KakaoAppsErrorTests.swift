import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore
@testable import KakaoAPI

/// Kakao's `KAE` codes and its -3/-5 "the app may not" answers.
@Suite struct KakaoAppsErrorTests {
    @Test(arguments: [
        ("KAE001", KakaoAppsError.internalError), ("KAE002", .invalidRequest), ("KAE003", .invalidParameter),
        ("KAE004", .timeExpired), ("KAE005", .invalidChannel), ("KAE006", .illegalStateChannel),
        ("KAE007", .unsupportedBrowser), ("KAE101", .appType), ("KAE102", .consentItemNotSet),
        ("KAE103", .permission), ("KAE104", .wrongKeyType), ("KAE105", .channelNotConnected),
        ("KAE201", .userAuthenticationFailed), ("KAE202", .userNotLinked), ("KAE203", .consentNotAgreed),
        ("KAE204", .termsNotAgreed), ("KAE205", .loginRequired), ("KAE206", .unregisteredAddress)
    ])
    func everyCodeOfKakaosListHasItsMeaning(code: String, meaning: KakaoAppsError) {
        #expect(KakaoAppsError.meaning(of: code) == meaning)
    }

    @Test func codesKauthDoesNotKnowHaveNoMeaning() {
        #expect(KakaoAppsError.allCases.count == 18)
        for code in ["KAE012", "kae206", "KAE", "", "KOE101", " KAE206"] {
            #expect(KakaoAppsError.meaning(of: code) == nil, "\(code)")
        }
    }

    func apiError(_ path: String, _ body: String, status: Int = 403) -> any Error {
        ProviderType.kakao.apiError(HTTPResponse(status: status, body: Data(body.utf8)), path)
    }

    @Test func theFriendsAPIsMinus3AndMinus5NameTheTalkSocialPermission() {
        let friends = apiError(
            "/v1/api/talk/friends", #"{"msg":"App disabled [friends] scopes for [FRIENDS] API","code":-3}"#)
        #expect(
            friends as? KAuthError
                == .apiNotPermitted(
                    code: -3, message: "App disabled [friends] scopes for [FRIENDS] API", path: "/v1/api/talk/friends"))
        #expect(KakaoPermission.needed(for: "/v1/api/talk/friends") == .talkSocial)
        let message = apiError("/v1/api/talk/friends/message/default/send", #"{"msg":"no permission","code":-5}"#)
        #expect(
            message as? KAuthError
                == .apiNotPermitted(
                    code: -5, message: "no permission", path: "/v1/api/talk/friends/message/default/send"))
        #expect(KakaoPermission.needed(for: "/v1/api/talk/friends/message/default/send") == .talkSocial)
        let other = apiError("/v2/api/talk/memo/default/send", #"{"msg":"disabled","code":-3}"#, status: 400)
        #expect(
            other as? KAuthError
                == .apiNotPermitted(code: -3, message: "disabled", path: "/v2/api/talk/memo/default/send"))
        #expect(KakaoPermission.needed(for: "/v2/api/talk/memo/default/send") == nil)
    }
}
