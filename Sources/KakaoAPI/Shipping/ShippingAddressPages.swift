import KAuthBasics
import KAuthCore

/// Follows `/v1/user/shipping_address` pages: each next page starts below the last
/// `updated_at` seen. Kakao's `has_more` is not confirmed, so a short page also ends the walk, and
/// an address seen twice is kept once.
package enum ShippingAddressPages {
    /// Every address, default first, with each address's object as the provider sent it;
    /// `fetch` sends one page request.
    package static func all(
        pageSize: Int,
        maximumPages: Int = 1000,
        fetch: (ShippingAddressesRequest) async throws -> APIResult<UserShippingAddresses>
    ) async throws -> (userID: Int64?, addresses: [ShippingAddress], objects: [JSONValue]) {
        var addresses: [ShippingAddress] = []
        var objects: [JSONValue] = []
        var seen = Set<Int64>()
        var userID: Int64?
        var cursor: Int64?
        for _ in 0..<maximumPages {
            let result = try await fetch(ShippingAddressesRequest(fromUpdatedAt: cursor, pageSize: pageSize))
            let page = result.value
            var raw: [JSONValue] = []
            if case .array(let list)? = JSONValue.decoding(result.body)["shipping_addresses"] { raw = list }
            userID = userID ?? page.userID
            let items = page.addresses ?? []
            for (index, item) in items.enumerated() where seen.insert(item.id).inserted {
                addresses.append(item)
                objects.append(index < raw.count ? raw[index] : (try? JSONValue(encoding: item)) ?? .null)
            }
            guard let last = items.last?.updatedAt, !items.isEmpty else { break }
            if page.hasMore == false || (page.hasMore == nil && items.count < pageSize) { break }
            if let cursor, last >= cursor { break }  // the server did not move on: stop, do not loop
            cursor = last
        }
        return (userID, addresses, objects)
    }
}
