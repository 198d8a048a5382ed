import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SandboxPickerOutcome {
    /// As `GET /_sandbox/picker` and `/_sandbox/config` show it.
    var json: OrderedJSON {
        switch self {
        case .choose(let id, let detail):
            return .object([
                ("outcome", .string("choose")),
                ("address_id", id.map { .int(Int($0)) } ?? .null),
                ("detail_address", detail.map(OrderedJSON.string) ?? .null)
            ])
        case .close:
            return .object([("outcome", .string("close"))])
        case .fail(let code, let message):
            return .object([
                ("outcome", .string("fail")), ("error_code", .string(code)), ("error_msg", .string(message))
            ])
        }
    }
}

/// `POST /_sandbox/picker`: what the simulated user does on the shipping-address picker pages.
extension SandboxEngine {
    /// Form `outcome`:
    /// - `choose`, with optional `address_id` (the select page's choice; default: the user's
    ///   default address) and `detail_address` (what create and edit write);
    /// - `close`: the page is shown and nothing is redirected (the client will time out);
    /// - `fail`, with `error_code` (`KAE` and digits) and optional `error_msg`.
    /// Answers the outcome now in force; a bad request changes nothing.
    mutating func setPickerOutcome(_ form: [(String, String)]) -> HTTPServerResponse {
        let outcome: SandboxPickerOutcome
        switch form.first(named: "outcome") {
        case "choose":
            var id: Int64?
            if let text = form.first(named: "address_id"), !text.isEmpty {
                guard let value = Int64(text) else {
                    return Self.controlError(400, "address_id must be a number, not \(text)")
                }
                id = value
            }
            let detail = form.first(named: "detail_address").flatMap { $0.isEmpty ? nil : $0 }
            outcome = .choose(addressID: id, detailAddress: detail)
        case "close":
            outcome = .close
        case "fail":
            guard let code = form.first(named: "error_code"), code.hasPrefix("KAE"), code.count > 3,
                code.dropFirst(3).allSatisfy({ $0.isASCII && $0.isNumber })
            else {
                return Self.controlError(400, "error_code must be a KAE code such as KAE001")
            }
            outcome = .fail(
                code: code, message: form.first(named: "error_msg") ?? "sandbox: the picker failed as configured")
        default:
            return Self.controlError(400, "outcome must be choose, close or fail")
        }
        configuration.pickerOutcome = outcome
        return .json(200, outcome.json.data)
    }
}
