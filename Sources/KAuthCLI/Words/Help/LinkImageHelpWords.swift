/// The help of `kauth link image` and its upload and scrap (summaries, discussions, arguments, flags, example
/// notes).
enum LinkImageHelpWords {
    static let summary = Localized(en: "upload or scrap an image for templates", ko: "템플릿에 쓸 이미지를 업로드하거나 스크랩합니다")
    static let uploadSummary = Localized(en: "upload an image and print its URL", ko: "이미지를 업로드하고 그 URL을 출력합니다")
    static let uploadDiscussion = Localized(
        en:
            "Uploads FILE to Kakao's image server (kept there for 20 days) and prints its URL. The file must be a PNG, JPEG or GIF, judged by its content, of at most 2 MB: anything else is refused before a request is made (exit 2).",
        ko:
            "FILE을 카카오 이미지 서버에 업로드하고(20일 동안 보관됩니다) 그 URL을 출력합니다. 파일은 내용으로 판단해 PNG, JPEG 또는 GIF이고 2 MB 이하여야 합니다: 그 밖의 파일은 요청을 보내기 전에 거부합니다 (종료 코드 2)."
    )
    static let uploadFileArgument = Localized(en: "a PNG, JPEG or GIF of at most 2 MB", ko: "2 MB 이하의 PNG, JPEG 또는 GIF")
    static let uploadExamplePrintsTheHTTPSURL = Localized(en: "prints the https URL", ko: "https URL을 출력합니다")
    static let uploadExampleJSONFields = Localized(
        en: "url, content_type, length, width, height", ko: "url, content_type, length, width, height")
    static let scrapSummary = Localized(
        en: "have Kakao fetch an image from the web and print its URL", ko: "카카오가 웹의 이미지를 가져오게 하고 URL을 출력합니다")
    static let scrapURLArgument = Localized(en: "the image's http or https URL", ko: "이미지의 http 또는 https URL")
}
