/// Judges one request to the shipping-address picker's `return_url`. Kakao's picker sends the
/// browser back with `status=ok&address_id=N` or `status=error&error_code=KAE…&error_msg=…` and
/// nothing that ties it to this run, so the path is a random one only this run knows: requests to
/// any other path are someone else's (404, keep waiting). Pure, so every case is tested without
/// sockets.
package enum AddressPickerCallback {
    package static func evaluate(method: String = "GET", path: String, query: [(String, String)], expectedPath: String)
        -> CallbackVerdict
    {
        // The path is the state: compared without an early exit, and before anything else is read.
        guard RedirectCallback.constantTimeEquals(path, expectedPath) else { return .notFound }
        guard method == "GET" else { return .methodNotAllowed }
        switch query.first(named: "status") {
        case "ok":
            guard let text = query.first(named: "address_id"), let id = addressID(text) else { return .incomplete }
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
