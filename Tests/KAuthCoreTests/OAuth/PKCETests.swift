import Testing

@testable import KAuthBasics
@testable import KAuthCore

/// PKCE (RFC 7636): Appendix B's vector, and verifiers from the live random source.
@Suite struct PKCETests {
    static let rfc7636Octets: [UInt8] = [
        116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
        22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121
    ]

    @Test func pkceAppendixBVector() {
        let verifier = PKCE.codeVerifier(from: Self.rfc7636Octets)
        #expect(verifier == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(
            SHA256.hash(verifier) == [
                19, 211, 30, 150, 26, 26, 216, 236, 47, 22, 177, 12, 76, 152, 46, 8,
                118, 168, 120, 173, 109, 241, 68, 86, 110, 225, 137, 74, 203, 112, 249, 195
            ])
        #expect(PKCE.codeChallenge(for: verifier) == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.method == "S256")
    }

    @Test func pkceGenerateUsesTheRandomSource() {
        let random = RandomSource { count in
            #expect(count == 32)
            return Self.rfc7636Octets
        }
        let pair = PKCE.generate(random: random)
        #expect(pair.verifier == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pair.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func pkceLiveVerifiersAreUnreservedAnd43Long() {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let first = PKCE.generate(random: .live)
        let second = PKCE.generate(random: .live)
        #expect(first.verifier.count == 43)
        #expect(first.verifier.allSatisfy(allowed.contains))
        #expect(first.challenge.count == 43)
        #expect(first.verifier != second.verifier)
    }
}
