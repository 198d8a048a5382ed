import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

enum SandboxShipping {
    /// `page_size` when none is sent.
    static let defaultPageSize = 10

    /// The addresses of a user whose state-file record has none of its own: `count` of them, the
    /// same on every run. Each has its own `updated_at` (one a day back from 2025-01-01, plus a
    /// few seconds, so none ties), and the default address is the fifth newest, so "default
    /// first, then newest first" differs from plain "newest first". Every third is a lot-number
    /// (`OLD`) address with a six-digit `zip_code`; every fourth has a second phone number.
    static func generated(count: Int, korean: Bool = false) -> [SandboxShippingAddress] {
        let names = korean ? ["집", "회사", "부모님 댁", "작업실", "별장"] : ["Home", "Office", "Parents", "Studio", "Cabin"]
        let receivers =
            korean
            ? ["김카카오", "이라이언", "박어피치", "최무지", "정프로도"]
            : ["Kim Kakao", "Lee Ryan", "Park Apeach", "Choi Muzi", "Jung Frodo"]
        let newest: Int64 = 1_735_689_600
        return (0..<max(0, count)).map { index in
            let round = index / names.count
            let old = index % 3 == 2
            return SandboxShippingAddress(
                id: 7_100_001 + Int64(index),
                name: names[index % names.count] + (round > 0 ? " \(round + 1)" : ""),
                isDefault: index == min(4, count - 1),
                updatedAt: newest - Int64(index) * 86_400 - Int64(index % 7),
                type: old ? "OLD" : "NEW",
                baseAddress: korean
                    ? (old ? "서울 중구 태평로1가 \(20 + index)" : "경기 성남시 분당구 판교역로 \(166 + index)")
                    : old
                        ? "Seoul Jung-gu Taepyeong-ro 1-ga \(20 + index)"
                        : "Gyeonggi Seongnam-si Bundang-gu Pangyoyeok-ro \(166 + index)",
                detailAddress: korean
                    ? (old ? "\(101 + index)호" : "카카오 아지트 \(1 + index % 20)층")
                    : old ? "Unit \(101 + index)" : "Floor \(1 + index % 20), Kakao Agit",
                receiverName: receivers[index % receivers.count],
                receiverPhoneNumber1: "010-" + digits(1234 + index * 7, 4) + "-" + digits(5678 + index * 13, 4),
                receiverPhoneNumber2: index % 4 == 3
                    ? "02-" + digits(6718 + index, 4) + "-" + digits(1000 + index, 4) : nil,
                zoneNumber: digits(13_529 + index, 5),
                zipCode: old ? digits(463_400 + index, 6) : nil
            )
        }
    }

    /// An address the user adds on the picker's create page.
    static func created(id: Int64, receiver: String, detail: String, isDefault: Bool, updatedAt: Int64)
        -> SandboxShippingAddress
    {
        SandboxShippingAddress(
            id: id,
            name: "New address",
            isDefault: isDefault,
            updatedAt: updatedAt,
            type: "NEW",
            baseAddress: "Gyeonggi Seongnam-si Bundang-gu Pangyoyeok-ro 235",
            detailAddress: detail,
            receiverName: receiver,
            receiverPhoneNumber1: "010-1234-5678",
            receiverPhoneNumber2: nil,
            zoneNumber: "13494",
            zipCode: nil
        )
    }

    /// `value` as exactly `width` decimal digits (zero-padded, or its last `width` digits).
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        if text.count >= width { return String(text.suffix(width)) }
        return String(repeating: "0", count: width - text.count) + text
    }

    /// The default address first, then the rest by `updated_at`, newest first (by `id` on a tie).
    static func ordered(_ addresses: [SandboxShippingAddress]) -> (
        default: SandboxShippingAddress?, others: [SandboxShippingAddress]
    ) {
        let defaultIndex = addresses.firstIndex { $0.isDefault }
        var others = addresses
        var first: SandboxShippingAddress?
        if let defaultIndex { first = others.remove(at: defaultIndex) }
        others.sort { ($0.updatedAt, $0.id) > ($1.updatedAt, $1.id) }
        return (first, others)
    }
}

/// `GET /v1/user/shipping_address`.
extension SandboxEngine {
    func shippingAddresses(of user: SandboxUserRecord) -> [SandboxShippingAddress] {
        user.shippingAddresses
            ?? SandboxShipping.generated(count: configuration.shippingAddressCount, korean: configuration.koreanNames)
    }

    /// One address (`address_id`), or one page: with no `from_updated_at` (or 0) the default
    /// address and the newest others, `page_size` in all; with `from_updated_at=T` the next
    /// `page_size` others with `updated_at` < T, newest first. A client pages by sending the
    /// last address's `updated_at` until a page is short or `has_more` is false.
    ///
    /// Before the user agreed to `shipping_address`: 403 -402 naming it in `required_scopes`.
    mutating func shippingAddresses(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse
    {
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        let agreed = SandboxScopes.normalize(state.consents[caller.consentIndex].scopes)
        guard agreed.contains("shipping_address") else {
            return Self.insufficientScopes(
                apiType: "KAPI_SHIPPING", required: ["shipping_address"], allowed: agreed, &entry)
        }
        let parameters = Self.parameters(request)
        let addressText = parameters.first(named: "address_id")
        let fromText = parameters.first(named: "from_updated_at")
        let sizeText = parameters.first(named: "page_size")
        let addresses = shippingAddresses(of: caller.user)

        let page: [SandboxShippingAddress]
        let hasMore: Bool
        if let addressText {
            guard fromText == nil && sizeText == nil else {
                return Self.apiError(400, -2, "address_id cannot be combined with from_updated_at or page_size", &entry)
            }
            guard let id = Int64(addressText) else {
                return Self.apiError(400, -2, "invalid address_id: \(addressText) is not a number", &entry)
            }
            guard let address = addresses.first(where: { $0.id == id }) else {
                return Self.apiError(400, -2, "invalid address_id: the user has no shipping address \(id)", &entry)
            }
            page = [address]
            hasMore = false
        } else {
            var pageSize = SandboxShipping.defaultPageSize
            if let sizeText {
                guard let size = Int(sizeText), size >= 2 else {
                    return Self.apiError(
                        400, -2, "invalid page_size: \(sizeText) (it must be a number of at least 2)", &entry)
                }
                pageSize = size
            }
            var from: Int64 = 0
            if let fromText {
                guard let value = Int64(fromText), value >= 0 else {
                    return Self.apiError(
                        400, -2, "invalid from_updated_at: \(fromText) (Unix seconds, 0 for the first page)", &entry)
                }
                from = value
            }
            let ordered = SandboxShipping.ordered(addresses)
            var listed: [SandboxShippingAddress] = []
            var rest = ordered.others
            if from == 0 {
                if let first = ordered.default { listed.append(first) }
            } else {
                rest = rest.filter { $0.updatedAt < from }
            }
            let room = pageSize - listed.count
            listed += rest.prefix(room)
            page = listed
            hasMore = rest.count > room
        }
        return .json(
            200,
            OrderedJSON.object([
                ("user_id", .int(Int(caller.user.id))),
                ("shipping_addresses_needs_agreement", .bool(false)),
                ("shipping_addresses", .array(page.map(\.json))),
                ("has_more", .bool(hasMore))
            ]).data)
    }
}
