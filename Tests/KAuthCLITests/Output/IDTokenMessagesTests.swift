import Foundation
import KAuthCore
import Testing

@testable import KAuthCLI

/// The sentences for the core's ID token facts (`IDTokenError`, `IDTokenRefusal`).
struct IDTokenMessagesTests {
    @Test func everyErrorHasAMessage() {
        let errors: [IDTokenError] = [
            .malformed(.noAlgorithm), .algorithmNone, .unsupportedAlgorithm("ES256"), .unknownKeyID("k"),
            .missingKeyID(keyType: "RSA", count: 0), .keyTypeMismatch(kid: nil, kty: "oct", algorithm: "RS256"),
            .unusableKey(kid: "k", reason: .badMember("n")),
            .algorithmNotOffered("ES256", offered: ["RS256"]), .secretRequired("HS256"),
            .invalidSignature, .wrongIssuer(expected: "a", actual: "b"), .wrongAudience(clientID: "a", audiences: []),
            .missingAuthorizedParty(audiences: ["a", "b"]), .wrongAuthorizedParty(clientID: "a", authorizedParty: "b"),
            .missingClaim("sub"), .invalidClaim(name: "aud", reason: .emptyArray),
            .expired(expiresAt: Date(timeIntervalSince1970: 0), now: Date(timeIntervalSince1970: 1)),
            .issuedInFuture(issuedAt: Date(timeIntervalSince1970: 1), now: Date(timeIntervalSince1970: 0)),
            .missingNonce, .nonceMismatch, .authenticationTooOld(authTime: Date(timeIntervalSince1970: 0), maxAge: 60)
        ]
        for error in errors {
            #expect(english(error).hasPrefix("the "), "\(error)")
        }
        #expect(
            english(.keyTypeMismatch(kid: nil, kty: "oct", algorithm: "RS256"))
                == "the key without a kid is of type oct, but an RS256 signature needs an RSA key")
    }

    @Test func eachMessageNamesWhatFailed() {
        #expect(english(.secretRequired("HS256")).contains("no client secret"))
        #expect(
            english(.unknownKeyID("rotated"))
                == "the ID token is signed with key 'rotated', which is not in the provider's JWK set")
        #expect(
            english(
                .unusableKey(
                    kid: "test-key", reason: .refused("the RSA modulus is 1024 bits; at least 2048 are required")))
                == "the key 'test-key' cannot verify the ID token's signature: the RSA modulus is 1024 bits; at least 2048 are required"
        )
        #expect(
            english(.wrongAudience(clientID: "abc", audiences: ["xyz"]))
                == "the ID token's audience does not include the client id 'abc' (it is for 'xyz')")
        let now = 1_767_225_600.0
        #expect(
            english(
                .expired(expiresAt: Date(timeIntervalSince1970: now - 301), now: Date(timeIntervalSince1970: now)))
                == "the ID token expired at 2025-12-31T23:54:59Z (the time here is 2026-01-01T00:00:00Z)")
    }

    @Test func aRefusalSaysWhyAndThatNothingWasStored() {
        let messages = ErrorMessages(commandPath: ["kauth", "login"], hasFlag: { _ in true }, profileFlag: nil)
        #expect(
            messages.message(for: .idTokenRefused(provider: "Work", .noIssuerOrKeys))
                == "the ID token from Work was refused: the provider names no issuer and key set to verify it with; nothing was stored"
        )
        #expect(
            messages.message(for: .idTokenRefused(provider: "Work", .anotherUser))
                == "the ID token from Work was refused: the refreshed ID token names another user than the one of the login; nothing was stored"
        )
        #expect(
            messages.message(for: .idTokenRefused(provider: "Work", .invalid(.nonceMismatch)))
                == "the ID token from Work was refused: the ID token's 'nonce' is not the one sent with the login request; nothing was stored"
        )
    }
}

/// An ID token error's words in English, as these tests state them.
private func english(_ error: IDTokenError) -> String { error.localized.english }
