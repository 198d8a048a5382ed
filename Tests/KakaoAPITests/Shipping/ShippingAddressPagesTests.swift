import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore
@testable import KakaoAPI

@Suite struct ShippingAddressPagesTests {
    func address(_ id: Int64, _ updated: Int64, isDefault: Bool = false) -> ShippingAddress {
        ShippingAddress(
            id: id, name: nil, isDefault: isDefault, updatedAt: updated, type: nil, baseAddress: nil,
            detailAddress: nil, receiverName: nil, receiverPhoneNumber1: nil, receiverPhoneNumber2: nil,
            zoneNumber: nil, zipCode: nil)
    }

    /// A page as the provider sends it, with a member kauth does not model on each address.
    func page(_ items: [ShippingAddress], hasMore: Bool? = nil) -> APIResult<UserShippingAddresses> {
        let objects = items.map { item -> JSONValue in
            guard case .object(var members) = try! JSONValue(encoding: item) else { return .null }
            members["extra_member"] = .string("kept \(item.id)")
            return .object(members)
        }
        var body: [String: JSONValue] = ["user_id": .number(1), "shipping_addresses": .array(objects)]
        if let hasMore { body["has_more"] = .bool(hasMore) }
        return APIResult(
            value: UserShippingAddresses(userID: 1, needsAgreement: false, addresses: items, hasMore: hasMore),
            body: Data(JSONValue.object(body).jsonText().utf8))
    }

    @Test func followsTheCursorUntilAShortPageAndKeepsEachAddressOnce() async throws {
        // Default address 99 is the newest of all but only on the first page.
        let all = [address(99, 50, isDefault: true)] + (1...7).map { address($0, 40 - $0) }
        var cursors: [Int64?] = []
        let result = try await ShippingAddressPages.all(pageSize: 3) { request in
            cursors.append(request.fromUpdatedAt)
            let rest = all.dropFirst().filter { request.fromUpdatedAt == nil || $0.updatedAt! < request.fromUpdatedAt! }
            let items = request.fromUpdatedAt == nil ? [all[0]] + rest.prefix(2) : Array(rest.prefix(3))
            return page(items)
        }
        #expect(result.addresses.map(\.id) == [99, 1, 2, 3, 4, 5, 6, 7])
        #expect(
            result.objects.map { $0["extra_member"] } == result.addresses.map { .string("kept \($0.id)") },
            "the provider's objects pass through whole")
        #expect(cursors == [nil, 38, 35])
    }

    @Test func stopsWhenHasMoreIsFalseOrTheCursorStalls() async throws {
        var calls = 0
        let stalled = try await ShippingAddressPages.all(pageSize: 2) { _ in
            calls += 1
            return page([address(1, 10), address(2, 9)], hasMore: true)
        }
        #expect(stalled.addresses.count == 2)
        #expect(calls == 2)
        calls = 0
        _ = try await ShippingAddressPages.all(pageSize: 2) { _ in
            calls += 1
            return page([address(1, 10), address(2, 9)], hasMore: false)
        }
        #expect(calls == 1)
    }
}
