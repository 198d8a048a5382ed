/// The help of `kauth talk` and its memo (summaries, discussions, arguments, flags, example notes).
enum TalkHelpWords {
    static let summary = Localized(
        en: "Kakao Talk messages and friends, as the logged-in user", ko: "로그인한 사용자로 카카오톡 메시지와 친구를 다룹니다")
    static let exampleAMessageToYourOwnChat = Localized(
        en: "a message to your own Kakao Talk chat", ko: "내 카카오톡 채팅방으로 보내는 메시지 (나에게 보내기)")
    static let exampleYourFriendsWhoUseTheApp = Localized(
        en: "your Kakao Talk friends who use the app", ko: "앱을 사용하는 카카오톡 친구")
    static let memoSummary = Localized(
        en: "send a message to your own Kakao Talk chat", ko: "내 카카오톡 채팅방으로 메시지를 보냅니다 (나에게 보내기)")
    static let memoDiscussion = Localized(
        en:
            "Sends plain text (--text TEXT, with --link URL for where a tap goes: kauth builds Kakao's text template, so quotes, line breaks and any script need no escaping), a default template (--template FILE, or - for standard input; checked locally first), a template from the console's builder (--template-id N with --arg KEY=VALUE), or a scraped page (--scrap URL, optionally into --template-id N) to the logged-in user's own chat. Needs the user's consent to talk_message: without it kauth exits 4 and says to run `kauth scopes request talk_message`. In CI, KAUTH_REFRESH_TOKEN or KAUTH_ACCESS_TOKEN supplies the login.",
        ko:
            "로그인한 사용자 자신의 채팅방으로 보냅니다: 일반 텍스트 (--text TEXT, 누르면 이동할 곳은 --link URL. kauth가 카카오의 텍스트 템플릿을 만들므로 따옴표, 줄바꿈, 어떤 문자도 이스케이프할 필요가 없습니다), 기본 템플릿 (--template FILE, -이면 표준 입력. 먼저 로컬에서 검사합니다), 콘솔의 빌더에서 만든 템플릿 (--template-id N과 --arg KEY=VALUE), 또는 스크랩한 페이지 (--scrap URL, --template-id N에 넣을 수도 있습니다). 사용자의 talk_message 동의가 필요합니다: 동의가 없으면 종료 코드 4로 끝나고 `kauth scopes request talk_message`를 실행하라고 알려 줍니다. CI에서는 KAUTH_REFRESH_TOKEN이나 KAUTH_ACCESS_TOKEN이 로그인을 대신합니다."
    )
}
