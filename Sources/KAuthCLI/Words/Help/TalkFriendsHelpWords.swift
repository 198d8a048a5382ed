/// The help of `kauth talk friends` (summaries, discussions, arguments, flags, example notes).
enum TalkFriendsHelpWords {
    static let summary = Localized(en: "list your Kakao Talk friends who use the app", ko: "앱을 사용하는 카카오톡 친구를 나열합니다")
    static let discussion = Localized(
        en:
            "Lists only friends who use this app and agreed to the friends consent item themselves, never the whole friends list. Needs the user's consent to friends (exit 4 until given: `kauth scopes request friends`) and, for anyone but the app's team members, the app's Kakao Talk Social permission, which Kakao grants after a review in the Kakao Developers console. Shows the first page; --all follows every page.",
        ko:
            "이 앱을 사용하고 스스로 friends 동의항목에 동의한 친구만 나열하며, 전체 친구 목록은 결코 나열하지 않습니다. 사용자의 friends 동의가 필요하고 (동의할 때까지 종료 코드 4: `kauth scopes request friends`), 앱의 팀원이 아닌 사용자에게는 앱의 카카오톡 소셜 권한이 필요합니다. 이 권한은 카카오디벨로퍼스 콘솔에서 심사를 거쳐 카카오가 부여합니다. 첫 페이지를 보여 주며, --all은 모든 페이지를 따라갑니다."
    )
    static let exampleTheUUIDsThatAcceptMessages = Localized(en: "the uuids that accept messages", ko: "메시지를 받는 uuid")
}
