/// The help of `kauth talk send` (summaries, discussions, arguments, flags, example notes).
enum TalkSendHelpWords {
    static let summary = Localized(
        en: "send a Kakao Talk message to up to 5 friends", ko: "친구에게 카카오톡 메시지를 보냅니다 (최대 5명)")
    static let discussion = Localized(
        en:
            "Sends the message as the logged-in user to friends who use the app and agreed to friends (uuids from `kauth talk friends`): at most 5 per call, within Kakao's daily and monthly quotas, never to group chats. The message is given as for `kauth talk memo`. Needs the user's consent to talk_message (exit 4 until given) and the app's Kakao Talk Social permission for anyone but its team members. Prints who got it and, for each failure, Kakao's code and message; any failure exits 1. Never retried: a lost answer may mean sent messages.",
        ko:
            "로그인한 사용자로서, 앱을 사용하고 friends에 동의한 친구(`kauth talk friends`의 uuid)에게 메시지를 보냅니다: 한 번에 최대 5명, 카카오의 일간·월간 쿼터 안에서 보내며, 단체 채팅방에는 보내지 않습니다. 메시지는 `kauth talk memo`처럼 지정합니다. 사용자의 talk_message 동의(동의할 때까지 종료 코드 4)와, 팀원이 아닌 사용자에게는 앱의 카카오톡 소셜 권한이 필요합니다. 받은 사람과, 실패마다 카카오의 코드와 메시지를 출력합니다. 하나라도 실패하면 종료 코드 1입니다. 다시 시도하지 않습니다: 응답을 받지 못했어도 메시지는 보내졌을 수 있습니다."
    )
    static let toFlag = Localized(
        en: "friends' uuids from `kauth talk friends` (at most 5)",
        ko: "`kauth talk friends`에서 얻은 친구의 uuid (최대 5개)")
}
