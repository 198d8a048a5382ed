import Testing

@testable import KAuthBasics

@Suite struct LoopbackAddressTests {
    @Test(arguments: [
        "http://127.0.0.1:8080/", "http://127.1.2.3/x", "http://localhost:9/", "http://LOCALHOST/", "http://[::1]:8000/"
    ])
    func addressesOnThisMachineAreLoopback(url: String) {
        #expect(LoopbackAddress.contains(url))
    }

    /// Names that only look like loopback addresses can resolve anywhere.
    @Test(arguments: [
        "http://127.attacker.example/", "http://127.0.0.1.example.com/", "http://127.0.0.1x/", "http://0127.0.0.1/",
        "http://127.0.0.256/", "http://128.0.0.1/", "http://localhost.example/", "http://[::2]/", "http://example.com/",
        "nonsense"
    ])
    func namesThatLookLikeLoopbackAreNot(url: String) {
        #expect(!LoopbackAddress.contains(url))
    }
}
