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
            write(LoginProgressWords.openingPicker(url: url))
        case .browserFailed(let error):
            write(Self.describe(error, verbose: verbose))
        case .pasteExpected(let url, let origin):
            write(LoginProgressWords.pickerPasteOpen(url: url))
            write(LoginProgressWords.pickerPasteInstructions(origin: origin))
        case .pastedURLRejected:
            write(LoginProgressWords.pickerPastedURLRejected)
        case .waiting(let timeout):
            startCountdown(timeout)
        case .stillWaiting(let hint):
            write(
                LoginProgressWords.stillWaiting(
                    ErrorMessages.noPickerAnswer(hint, hasFlag: messages.hasFlag)))
        case .ignoredRequest(.incomplete):
            write(LoginProgressWords.pickerIncomplete)
        case .ignoredRequest(.wrongState):
            write(LoginProgressWords.pickerWrongState)
        case .ignoredRequest(.refusedPeer(let refusal)):
            write(Self.describe(refusal))
        }
    }
}
