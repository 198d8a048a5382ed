/// The help of `kauth shipping select`, `new` and `edit` (summaries, discussions, arguments, flags, example notes).
enum ShippingPickerHelpWords {
    static let discussion = Localized(
        en:
            "Opens Kakao's page in the browser (BROWSER, else xdg-open or open) through a single-use link to a listener on 127.0.0.1, and waits for Kakao to send the browser back there. Needs the shipping_address consent (exit 4 until it is given: `kauth scopes request shipping_address`). When no browser can be opened, or with --no-browser, open the printed URL on any machine and paste back the address the browser was sent back to. Closing the page ends the wait only at --timeout (exit 6); an error from the page (KAE…) exits 1. Whether Kakao accepts a return URL on 127.0.0.1 is unconfirmed: if the page never comes back, see the message for the console setting to try.",
        ko:
            "127.0.0.1의 리스너로 가는 한 번만 쓸 수 있는 링크를 거쳐 카카오의 페이지를 브라우저(BROWSER, 없으면 xdg-open 또는 open)로 열고, 카카오가 브라우저를 그곳으로 돌려보내기를 기다립니다. shipping_address 동의가 필요합니다 (동의할 때까지 종료 코드 4: `kauth scopes request shipping_address`). 브라우저를 열 수 없거나 --no-browser를 주면, 아무 기기에서나 출력된 URL을 열고 브라우저가 돌아간 주소를 붙여 넣으십시오. 페이지를 닫으면 --timeout이 되어서야 기다림이 끝나며 (종료 코드 6), 페이지의 오류(KAE…)는 종료 코드 1입니다. 카카오가 127.0.0.1의 돌아올 URL을 받아들이는지는 확인되지 않았습니다: 페이지가 돌아오지 않으면 메시지에서 시도할 콘솔 설정을 보십시오."
    )
    static let editingDiscussionAddition = Localized(
        en: " Adding and editing addresses are offered to Kakao's own and affiliated apps; others get KAE101.",
        ko: " 배송지 추가와 수정은 카카오와 계열사의 앱에만 제공되며, 다른 앱은 KAE101을 받습니다.")
    static let summary = Localized(en: "choose a shipping address in Kakao's picker", ko: "카카오의 배송지 선택 화면에서 배송지를 고릅니다")
    static let exampleOverSSHPasteTheAddressBack = Localized(
        en: "over SSH: open the printed URL elsewhere, paste the address back",
        ko: "SSH에서: 출력된 URL을 다른 곳에서 열고 주소를 붙여 넣습니다")
    static let newSummary = Localized(en: "add a shipping address on Kakao's page", ko: "카카오의 페이지에서 배송지를 추가합니다")
    static let editSummary = Localized(en: "edit a shipping address on Kakao's page", ko: "카카오의 페이지에서 배송지를 수정합니다")
    static let editIDArgument = Localized(
        en: "the address to edit (its id in `kauth shipping`)", ko: "수정할 배송지 (`kauth shipping`에 나오는 ID)")
    static let timeoutFlag = Localized(
        en: "how long to wait for the picker (default 300)", ko: "배송지 선택을 기다릴 시간 (기본값 300)")
    static let noBrowserFlag = Localized(
        en: "do not open a browser; print the page's URL and accept the address it returns to on stdin",
        ko: "브라우저를 열지 않습니다. 페이지 URL을 출력하고 돌아온 주소를 표준 입력으로 받습니다")
}
