import Foundation
import Testing

@testable import KAuthCore

@Suite struct RefreshMergeTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var session: StoredSession {
        StoredSession(
            provider: "kakao", clientID: "id", accessToken: "old-at", accessTokenExpiresAt: now,
            refreshToken: "old-rt", refreshTokenExpiresAt: now.addingTimeInterval(40 * 86_400),
            scopes: ["profile_nickname", "account_email"], idToken: "old-id", createdAt: now, updatedAt: now
        )
    }

    @Test func withoutARotatedRefreshTokenTheOldOneAndItsExpiryAreKept() {
        let later = now.addingTimeInterval(100.7)
        let merged = session.applying(TokenResponse(accessToken: "new-at", expiresIn: 21599), now: later)
        #expect(merged.accessToken == "new-at")
        #expect(merged.accessTokenExpiresAt == Date(timeIntervalSince1970: 1_800_000_100 + 21599))
        #expect(merged.refreshToken == "old-rt")
        #expect(merged.refreshTokenExpiresAt == session.refreshTokenExpiresAt)
        #expect(merged.scopes == session.scopes)
        #expect(merged.idToken == "old-id")
        #expect(merged.updatedAt == Date(timeIntervalSince1970: 1_800_000_100))
    }

    @Test func aRotatedRefreshTokenReplacesTheOldOne() {
        let merged = session.applying(
            TokenResponse(
                accessToken: "new-at", expiresIn: 100, refreshToken: "new-rt", refreshTokenExpiresIn: 5_183_999,
                scope: "profile_nickname"),
            now: now
        )
        #expect(merged.refreshToken == "new-rt")
        #expect(merged.refreshTokenExpiresAt == now.addingTimeInterval(5_183_999))
        #expect(merged.scopes == ["profile_nickname"])
    }

    @Test func validityIsJudgedAgainstAMinimumLifetime() {
        var session = session
        session.accessTokenExpiresAt = now.addingTimeInterval(61)
        #expect(session.accessTokenValid(for: 60, at: now))
        #expect(!session.accessTokenValid(for: 62, at: now))
        #expect(!session.accessTokenValid(for: 0, at: now.addingTimeInterval(62)))
    }
}
