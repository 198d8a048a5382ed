/// The help of `kauth shipping` and its list (summaries, discussions, arguments, flags, example notes).
enum ShippingHelpWords {
    static let summary = Localized(en: "list the user's shipping addresses", ko: "사용자의 배송지를 나열합니다")
    static let discussion = Localized(
        en:
            "Needs the shipping_address consent (exit 4 until it is given: `kauth scopes request shipping_address`). Shows the first page (default address first); --all follows every page.",
        ko:
            "shipping_address 동의가 필요합니다 (동의할 때까지 종료 코드 4: `kauth scopes request shipping_address`). 첫 페이지를 보여 주며 (기본 배송지가 먼저), --all은 모든 페이지를 따라갑니다."
    )
    static let exampleChooseOneInKakaosPicker = Localized(
        en: "choose one in Kakao's picker", ko: "카카오의 배송지 선택 화면에서 하나를 고릅니다")
    static let listSummary = Localized(en: "list shipping addresses", ko: "배송지를 나열합니다")
    static let idFlag = Localized(en: "only the address with this id", ko: "이 ID의 배송지만")
    static let pageSizeFlag = Localized(
        en: "addresses per page (at least 2; default 10)", ko: "페이지당 배송지 수 (최소 2, 기본값 10)")
}
