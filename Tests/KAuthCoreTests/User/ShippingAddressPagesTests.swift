import Foundation
import Testing
@testable import KAuthCore

@Suite struct ShippingAddressPagesTests {
    func address(_ id: Int64, _ updated: Int64, isDefault: Bool = false) -> ShippingAddress {
        ShippingAddress(id: id, name: nil, isDefault: isDefault, updatedAt: updated, type: nil, baseAddress: nil, detailAddress: nil, receiverName: nil, receiverPhoneNumber1: nil, receiverPhoneNumber2: nil, zoneNumber: nil, zipCode: nil)
    }

    @Test func followsTheCursorUntilAShortPageAndKeepsEachAddressOnce() async throws {
        // Default address 99 is the newest of all but only on the first page.
        let all = [address(99, 50, isDefault: true)] + (1...7).map { address($0, 40 - $0) }
        var cursors: [Int64?] = []
        let result = try await ShippingAddressPages.all(pageSize: 3) { request in
            cursors.append(request.fromUpdatedAt)
            let rest = all.dropFirst().filter { request.fromUpdatedAt == nil || $0.updatedAt! < request.fromUpdatedAt! }
            let items = request.fromUpdatedAt == nil ? [all[0]] + rest.prefix(2) : Array(rest.prefix(3))
            return UserShippingAddresses(userID: 1, needsAgreement: false, addresses: items, hasMore: nil)
        }
        #expect(result.addresses.map(\.id) == [99, 1, 2, 3, 4, 5, 6, 7])
        #expect(cursors == [nil, 38, 35])
    }

    @Test func stopsWhenHasMoreIsFalseOrTheCursorStalls() async throws {
        var calls = 0
        let stalled = try await ShippingAddressPages.all(pageSize: 2) { _ in
            calls += 1
            return UserShippingAddresses(userID: 1, needsAgreement: false, addresses: [address(1, 10), address(2, 9)], hasMore: true)
        }
        #expect(stalled.addresses.count == 2)
        #expect(calls == 2)
        calls = 0
        _ = try await ShippingAddressPages.all(pageSize: 2) { _ in
            calls += 1
            return UserShippingAddresses(userID: 1, needsAgreement: false, addresses: [address(1, 10), address(2, 9)], hasMore: false)
        }
        #expect(calls == 1)
    }
}
