#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whether a URL points at this machine, which decides where plain `http` is allowed: nothing
/// sent there crosses a network.
///
/// Only addresses count, never names that look like them: `localhost`, an IPv4 literal in
/// 127.0.0.0/8, or the IPv6 literal `::1`. `http://127.attacker.example/` is a host name that
/// anyone's DNS can point anywhere.
package enum LoopbackAddress {
    package static func contains(_ url: String) -> Bool {
        guard let host = URLComponents(string: url)?.host?.lowercased() else { return false }
        return isLoopback(host: host)
    }

    package static func isLoopback(host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        let values = octets.compactMap { octet -> Int? in
            // Decimal only, as URL parsers read them: no signs, no leading zeros (octal to some).
            guard !octet.isEmpty, octet.count <= 3, octet.allSatisfy(\.isASCII), octet.allSatisfy(\.isNumber),
                octet == "0" || !octet.hasPrefix("0"), let value = Int(octet), value <= 255
            else { return nil }
            return value
        }
        return values.count == 4 && values[0] == 127
    }
}
