import KAuthBasics
import KAuthCore

/// How a wait for the shipping-address picker finished: its own outcome type, plugged into the
/// generic loopback listener with `AddressPickerJudge`.
package enum AddressPickerOutcome: ListenerOutcome {
    /// The picker came back with `status=ok&address_id=N`.
    case addressChosen(id: Int64)
    /// The picker came back with `status=error` and its `KAE…` code.
    case pickerFailed(code: String, message: String?)
    /// Nothing usable arrived in time.
    case timedOut
    /// The user interrupted the wait (Ctrl-C).
    case interrupted
    /// The single-use start link was used a second time: someone else may have tried to take
    /// over the picker, which ends unused.
    case takeover
}

/// Judges one request to the shipping-address picker's `return_url`. Kakao's picker sends the
/// browser back with `status=ok&address_id=N` or `status=error&error_code=KAE…&error_msg=…` and
/// nothing that ties it to this run, so the path is a random one only this run knows: requests to
/// any other path are someone else's (404, keep waiting). Pure, so every case is tested without
/// sockets.
package struct AddressPickerJudge: CallbackJudging, Equatable {
    /// The picker's answer is final as it arrives, so no page waits for a conclusion.
    package typealias Conclusion = Never

    package init() {}

    package func evaluate(method: String = "GET", path: String, query: [(String, String)], expectedPath: String)
        -> LoopbackVerdict<AddressPickerOutcome>
    {
        // The path is the state: compared without an early exit, and before anything else is read.
        guard RedirectCallback.constantTimeEquals(path, expectedPath) else { return .notFound }
        guard method == "GET" else { return .methodNotAllowed }
        switch query.first(named: "status") {
        case "ok":
            guard let text = query.first(named: "address_id"), let id = Self.addressID(text) else { return .incomplete }
            return .outcome(.addressChosen(id: id))
        case "error":
            // The SDK's error object calls the message `error_message`; the redirect's is `error_msg`.
            let message = query.first(named: "error_msg") ?? query.first(named: "error_message")
            return .outcome(.pickerFailed(code: query.first(named: "error_code") ?? "", message: message))
        default:
            return .incomplete
        }
    }

    /// A positive decimal id, digits only: no sign, no spaces, no exponent.
    static func addressID(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let id = Int64(text), id > 0
        else { return nil }
        return id
    }
}

/// Where the picker's listener waits.
typealias AddressPickerListenerConfig = LoopbackListenerConfig<AddressPickerJudge>

/// The picker's listener, bound and serving.
typealias RunningAddressPickerListener = RunningLoopbackListener<AddressPickerOutcome, Never>

/// The pages the picker's listener shows the browser, naming the provider (its display name).
/// Their words are the command line's, which gives them to the picker as this value.
package typealias AddressPickerPages = @Sendable (_ provider: String) -> ListenerPages<AddressPickerOutcome, Never>

extension LoopbackListenerConfig where Judge == AddressPickerJudge {
    /// The picker's listener.
    package init(
        host: String = "127.0.0.1", port: UInt16, path: String, startPath: String? = nil,
        pages: ListenerPages<AddressPickerOutcome, Never>
    ) {
        self.init(host: host, port: port, path: path, judge: AddressPickerJudge(), startPath: startPath, pages: pages)
    }
}
