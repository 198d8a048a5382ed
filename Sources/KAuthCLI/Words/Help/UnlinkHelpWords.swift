/// The help of `kauth unlink` (summaries, discussions, arguments, flags, example notes).
enum UnlinkHelpWords {
    static let summary = Localized(
        en: "unlink the account from the app and delete the stored tokens", ko: "계정과 앱의 연결을 끊고 저장된 토큰을 삭제합니다")
    static let discussion = Localized(
        en:
            "Calls the provider's unlink (Kakao: /v1/user/unlink), which revokes every token and the user's consent. The local tokens are deleted only when it succeeds, so a failed unlink can be retried. Other profiles logged in as the same user of the same app lose their tokens too: they are marked rejected, and the command names them. With KAUTH_ACCESS_TOKEN set, the token's user is unlinked and the keystore is not touched. When standard input and standard error are a terminal it first asks, naming the account and the app; any answer but y or yes sends nothing (exit 6). --yes does not ask; without a terminal nothing is asked, as before.",
        ko:
            "제공자의 연결 끊기(카카오: /v1/user/unlink)를 호출합니다. 모든 토큰과 사용자의 동의가 철회됩니다. 성공했을 때만 로컬 토큰을 삭제하므로, 실패한 연결 끊기는 다시 시도할 수 있습니다. 같은 앱에 같은 사용자로 로그인한 다른 프로필도 토큰을 잃습니다: 거부된 것으로 표시되고, 명령이 그 이름을 알려 줍니다. KAUTH_ACCESS_TOKEN이 설정되어 있으면 그 토큰의 사용자를 연결 끊고 키 저장소는 건드리지 않습니다. 표준 입력과 표준 오류가 터미널이면 먼저 계정과 앱을 밝히고 묻습니다. y 또는 yes(예, 네) 외의 답에는 아무것도 보내지 않습니다(종료 코드 6). --yes는 묻지 않으며, 터미널이 아니면 지금까지처럼 묻지 않습니다."
    )
    static let exampleOnATerminalItAsksFirst = Localized(
        en: "on a terminal it asks first, naming the account and the app",
        ko: "터미널에서는 계정과 앱을 밝히고 먼저 묻습니다")
    static let exampleWithoutAsking = Localized(en: "without asking", ko: "묻지 않고 실행합니다")
    static let yesFlag = Localized(en: "do not ask for confirmation on a terminal", ko: "터미널에서 확인을 묻지 않습니다")
}
