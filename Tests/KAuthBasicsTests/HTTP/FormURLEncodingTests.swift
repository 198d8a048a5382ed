import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

@Suite struct FormURLEncodingTests {
    @Test func roundTripsReservedAndNonASCIICharacters() {
        let pairs = [("scope", "account_email profile"), ("q", "a&b=c/d?e+f"), ("name", "카카오")]
        let encoded = FormURLEncoding.encode(pairs)
        #expect(encoded.hasPrefix("scope=account_email%20profile&q=a%26b%3Dc%2Fd%3Fe%2Bf&name=%EC"))
        #expect(FormURLEncoding.decode(encoded).map { $0.1 } == pairs.map { $0.1 })
    }

    @Test func keepsMalformedEscapesLiterally() {
        #expect(FormURLEncoding.decode("a=%zz%4").first(named: "a") == "%zz%4")
    }
}
