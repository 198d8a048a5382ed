/// The help of `kauth api` (summaries, discussions, arguments, flags, example notes).
enum ApiHelpWords {
    static let summary = Localized(
        en: "make an authenticated API call and print its answer", ko: "인증된 API를 호출하고 그 응답을 출력합니다")
    static let discussion = Localized(
        en: """
            Sends PATH to the provider's API host (Kakao: kapi; --host auth for kauth), or a full URL on one of the provider's own hosts, with the user's token and the same refresh, retry and error handling as every command. The provider's body is printed as it came, on errors too (exit code as for every command).

            As in gh api: fields go in the query on GET; on other methods in the body: a JSON object (gh's choice; Snapchat and OpenID Connect providers), or a form for Kakao, whose APIs read form fields (-H 'Content-Type: application/json' or '…x-www-form-urlencoded' picks the other). In a JSON body, key[sub]=v nests and key[]=v appends. -F reads true, false, null and numbers as JSON values and @FILE (@- for standard input) as the file's text. --input sends a body as it is (Content-Type application/json unless -H gives one); fields then go in the query. The method is GET, or POST when fields or --input are given (with --paginate, GET).

            --paginate follows the provider's next-page links (RFC 8288 Link rel="next", Kakao's after_url) with GET, and prints the pages joined: arrays end to end, or the first page's object with its lists joined. At most 1000 pages, never a page twice, and never to another host: the token stays with the provider.

            Unlike gh: --field PATH prints one value of the answer, as kauth me --field does (gh's --field is -F here, long form --typed-field), and -H Authorization is refused, since the token is kauth's to send.
            """,
        ko: """
            PATH를 제공자의 API 호스트(카카오: kapi, --host auth면 kauth)로, 또는 제공자 자신의 호스트에 있는 전체 URL로, 사용자의 토큰과 함께 보냅니다. 갱신, 재시도, 오류 처리는 다른 모든 명령과 같습니다. 제공자의 본문은 오류일 때도 받은 그대로 출력합니다 (종료 코드는 다른 명령과 같습니다).

            gh api처럼, GET이면 필드를 쿼리에 넣고, 다른 메서드면 본문에 넣습니다: JSON 객체 (gh의 방식, Snapchat과 OpenID Connect 제공자), 또는 폼 필드를 읽는 카카오 API에는 폼 (-H 'Content-Type: application/json'이나 '…x-www-form-urlencoded'로 다른 쪽을 고릅니다). JSON 본문에서 key[sub]=v는 중첩하고 key[]=v는 뒤에 붙입니다. -F는 true, false, null과 숫자를 JSON 값으로, @FILE(표준 입력은 @-)을 파일의 텍스트로 읽습니다. --input은 본문을 그대로 보냅니다 (-H로 주지 않으면 Content-Type은 application/json). 이때 필드는 쿼리에 넣습니다. 메서드는 GET이며, 필드나 --input을 주면 POST입니다 (--paginate면 GET).

            --paginate는 제공자의 다음 페이지 링크(RFC 8288 Link rel="next", 카카오의 after_url)를 GET으로 따라가고 페이지를 이어서 출력합니다: 배열은 끝과 끝을 잇고, 객체는 첫 페이지의 객체에 목록을 이어 붙입니다. 최대 1000페이지까지, 같은 페이지는 두 번 가져오지 않으며, 다른 호스트로는 가지 않습니다: 토큰은 제공자에게만 갑니다.

            gh와 다른 점: --field PATH는 kauth me --field처럼 응답의 값 하나를 출력하고 (gh의 --field는 여기서 -F, 긴 이름 --typed-field), -H Authorization은 거부합니다. 토큰은 kauth가 보내기 때문입니다.
            """)
    static let pathURLArgument = Localized(
        en: "e.g. /v2/user/me, or https://id.example.com/userinfo",
        ko: "예: /v2/user/me, 또는 https://id.example.com/userinfo")
    static let exampleKakaoFormBody = Localized(en: "Kakao: a form body", ko: "카카오: 폼 본문")
    static let exampleEveryPageJoined = Localized(en: "every page, joined", ko: "모든 페이지를 이어서")
    static let exampleSnapchatJSONBody = Localized(en: "Snapchat: a JSON body", ko: "Snapchat: JSON 본문")
    static let exampleOpenIDConnectProviderURL = Localized(
        en: "an OpenID Connect provider: a URL on its issuer's host",
        ko: "OpenID Connect 제공자: issuer 호스트의 URL")
    static let methodFlag = Localized(
        en: "HTTP method (default GET, or POST when fields or --input are given without --paginate)",
        ko: "HTTP 메서드 (기본값 GET, --paginate 없이 필드나 --input을 주면 POST)")
    static let rawFieldFlag = Localized(
        en: "a parameter, sent as a string (repeatable)", ko: "문자열로 보내는 파라미터 (여러 번 지정 가능)")
    static let typedFieldFlag = Localized(
        en: "a parameter: true, false, null and numbers as JSON, @FILE as the file's text (repeatable)",
        ko: "파라미터: true, false, null과 숫자는 JSON으로, @FILE은 파일의 텍스트로 보냅니다 (여러 번 지정 가능)")
    static let headerFlag = Localized(
        en: "an HTTP header to send (repeatable; not Authorization)",
        ko: "보낼 HTTP 헤더 (여러 번 지정 가능, Authorization 제외)")
    static let inputFlag = Localized(
        en: "the request body, sent as it is, from FILE or standard input",
        ko: "요청 본문을 FILE이나 표준 입력에서 읽어 그대로 보냅니다")
    static let paginateFlag = Localized(
        en: "follow next-page links and print all pages joined", ko: "다음 페이지 링크를 따라가 모든 페이지를 이어서 출력합니다")
    static let includeFlag = Localized(
        en: "print the status line and headers before the body", ko: "본문 앞에 상태 줄과 헤더를 출력합니다")
    static let silentFlag = Localized(en: "print no body", ko: "본문을 출력하지 않습니다")
    static let fieldFlag = Localized(
        en: "print one value of the answer, e.g. kakao_account.email",
        ko: "응답의 값 하나를 출력합니다. 예: kakao_account.email")
    static let hostFlag = Localized(en: "which host PATH is on (default api)", ko: "PATH가 있는 호스트 (기본값 api)")
    static let jsonFlag = Localized(
        en: "print the body under `response`, with the method, URL and status",
        ko: "본문을 `response` 아래에 메서드, URL, 상태와 함께 출력합니다")
}
