/// The help of the flags that say which message `kauth link` and `kauth talk` send.
enum ShareInputHelpWords {
    static let argFlag = Localized(
        en: "template argument for ${KEY} (template_args)", ko: "${KEY}에 넣을 템플릿 인수 (template_args)")
    static let textFlag = Localized(
        en: "a text message; kauth builds the template (any characters, up to 200)",
        ko: "텍스트 메시지. kauth가 템플릿을 만듭니다 (어떤 문자든, 200자까지)")
    static let linkFlag = Localized(
        en: "with --text: where a tap on the message goes", ko: "--text와 함께: 메시지를 누르면 이동할 곳")
    static let templateFlag = Localized(
        en: "a default template; - reads standard input", ko: "기본 템플릿, -이면 표준 입력에서 읽습니다")
    static let templateIDFlag = Localized(
        en: "a template from the console's message template builder", ko: "콘솔의 메시지 템플릿 빌더에서 만든 템플릿")
    static let scrapFlag = Localized(
        en: "a web page for Kakao to scrape into the message", ko: "카카오가 스크랩해 메시지로 만들 웹 페이지")
}
