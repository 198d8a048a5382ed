import Testing

@testable import KAuthBasics
@testable import KAuthCore

/// A provider URL on a name that only looks like a loopback address must use https.
@Suite struct InsecureURLTests {
    @Test func plainHTTPIsRefusedForSuchAName() {
        #expect(throws: KAuthError.insecureURL(label: "issuer", url: "http://127.attacker.example")) {
            try Provider.requireSecure("http://127.attacker.example", label: "issuer")
        }
    }
}
