import KAuthCore
import KakaoAPI

extension LoginProgress {
    /// The closure an `AddressPicker` reports to (a progress made with activity "the address picker").
    var pickerEvents: @Sendable (AddressPickerEvent) -> Void {
        { [self] event in show(event) }
    }

    /// The picker's events: the start link (never the AGT behind it), warnings, the countdown.
    func show(_ event: AddressPickerEvent) {
        switch event {
        case .openingBrowser(let url):
            markURLShown()
            write(
                "Opening the shipping-address picker in the browser. If it does not open, open this link in a browser on this machine (it works once):\n\n  \(url)\n\n"
            )
        case .browserFailed(let error):
            write("No browser could be opened: \(Self.describe(error, verbose: verbose)).\n")
        case .pasteExpected(let url, let origin):
            write("Open this URL in a browser on any machine and finish on Kakao's page:\n\n  \(url)\n\n")
            write(
                "Then paste here the address the browser is sent back to — it starts with \(origin)/address/; the page itself may fail to load, that is fine — and press Enter:\n"
            )
        case .pastedURLRejected:
            write(
                "That is not the address the picker sent the browser back to (it starts with http://127.0.0.1 and has a status); try again.\n"
            )
        case .waiting(let timeout):
            startCountdown(timeout)
        case .stillWaiting(let hint):
            write(
                "Still waiting. "
                    + ErrorMessages.noPickerAnswer(hint, hasFlag: messages.hasFlag).text(messages.language) + "\n")
        case .ignoredRequest(.incomplete):
            write("warning: the address picker came back without a usable status or address id; still waiting\n")
        case .ignoredRequest(.wrongState):
            write("warning: ignored a request to the listener that was not this picker's answer\n")
        case .ignoredRequest(.refusedPeer(let refusal)):
            write(Self.describe(refusal) + "\n")
        }
    }
}
