/// The help of `kauth link` and its default, custom and scrap (summaries, discussions, arguments, flags, example
/// notes).
enum LinkHelpWords {
    static let summary = Localized(
        en: "share messages to Kakao Talk through the web sharer", ko: "웹 공유 페이지로 카카오톡에 메시지를 공유합니다")
    static let discussion = Localized(
        en:
            "Validates a message with Kakao's share API (Authorization: KakaoAK with the app key: KAUTH_APP_KEY, provider.NAME.app_key, else the client id; no login needed) and prints the sharer URL, where the user picks friends or chats and sends. Default templates are checked locally first: every problem is listed with its JSON path and nothing is sent (exit 2).",
        ko:
            "카카오 공유 API로 메시지를 검증하고 (앱 키로 Authorization: KakaoAK: KAUTH_APP_KEY, provider.NAME.app_key, 없으면 클라이언트 ID. 로그인은 필요 없습니다) 공유 URL을 출력합니다. 사용자는 그 페이지에서 친구나 채팅방을 골라 보냅니다. 기본 템플릿은 먼저 로컬에서 검사합니다: 문제가 있으면 모두 JSON 경로와 함께 나열하고 아무것도 보내지 않습니다 (종료 코드 2)."
    )
    static let exampleACommentedStarterToEdit = Localized(en: "a commented starter to edit", ko: "주석이 달린 시작 템플릿을 편집합니다")
    static let exampleValidateThenOpenTheSharer = Localized(
        en: "validate, then open the sharer page", ko: "검증한 뒤 공유 페이지를 엽니다")
    static let exampleATemplateFromTheConsole = Localized(
        en: "a template from the console's template builder", ko: "콘솔의 템플릿 빌더에서 만든 템플릿")
    static let exampleAnImageURLForTemplates = Localized(en: "an image URL to use in templates", ko: "템플릿에 쓸 이미지 URL")
    static let defaultSummary = Localized(
        en: "share a default template (feed, list, text, …) read from JSON",
        ko: "JSON 기본 템플릿(피드, 리스트, 텍스트 …)을 공유합니다")
    static let defaultDiscussion = Localized(
        en:
            "Reads the template as JSON (comments and trailing commas allowed) from FILE, or standard input with '-'. It is checked locally, validated at /v2/api/kakaolink/talk/template/default, measured against the SDK's 10 KB limit, and the sharer URL is printed on stdout; Kakao's warnings go to stderr.",
        ko:
            "템플릿을 FILE에서, '-'이면 표준 입력에서 JSON으로 읽습니다 (주석과 끝 쉼표 허용). 로컬에서 검사하고, /v2/api/kakaolink/talk/template/default에서 검증하고, SDK의 10 KB 한도와 비교한 뒤 공유 URL을 stdout에 출력합니다. 카카오의 경고는 stderr로 갑니다."
    )
    static let defaultExampleTheValidationResultAndTheURL = Localized(
        en: "the validation result and the URL", ko: "검증 결과와 URL")
    static let customSummary = Localized(
        en: "share a template made in the console's message template builder", ko: "콘솔의 메시지 템플릿 빌더에서 만든 템플릿을 공유합니다")
    static let customDiscussion = Localized(
        en:
            "Validates the template and its arguments at /v2/api/kakaolink/talk/template/validate and prints the sharer URL.",
        ko: "템플릿과 인수를 /v2/api/kakaolink/talk/template/validate에서 검증하고 공유 URL을 출력합니다.")
    static let scrapSummary = Localized(en: "share a web page that Kakao scrapes", ko: "카카오가 스크랩하는 웹 페이지를 공유합니다")
    static let scrapDiscussion = Localized(
        en:
            "Kakao scrapes URL (its domain must be registered for the app) into a feed message, or into the template --template-id N. Validated at /v2/api/kakaolink/talk/template/scrap.",
        ko:
            "카카오가 URL(도메인이 앱에 등록되어 있어야 합니다)을 스크랩해 피드 메시지나 --template-id N 템플릿으로 만듭니다. /v2/api/kakaolink/talk/template/scrap에서 검증합니다."
    )
    static let callbackFlag = Localized(
        en: "server callback argument (lcba): Kakao calls the app's callback URL with it after a share",
        ko: "서버 콜백 인수(lcba): 공유한 뒤 카카오가 이 값으로 앱의 콜백 URL을 호출합니다")
    static let openFlag = Localized(
        en: "open the sharer URL in the browser (BROWSER, else xdg-open/open)",
        ko: "공유 URL을 브라우저에서 엽니다 (BROWSER, 없으면 xdg-open/open)")
    static let templateFlag = Localized(
        en: "the template JSON; - reads standard input", ko: "템플릿 JSON, -이면 표준 입력에서 읽습니다")
    static let templateIDFlag = Localized(en: "the template's ID", ko: "템플릿 ID")
    static let urlFlag = Localized(en: "the page to share", ko: "공유할 페이지")
    static let scrapTemplateIDFlag = Localized(en: "a template to put the scraped page into", ko: "스크랩한 페이지를 넣을 템플릿")
}
