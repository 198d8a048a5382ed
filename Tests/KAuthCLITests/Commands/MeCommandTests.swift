import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// `kauth me` opens the keystore once: the update of the cached profile starts from the
/// command's own read while the file is unchanged, and a keyring-protected file asks the keyring
/// for its key once.
@Suite struct MeCommandTests {
    let now = Date(timeIntervalSince1970: 1_767_225_600)

    /// A keyring in memory that counts every lookup, cached or not: each decryption of the
    /// keystore is one.
    final class CountingKeyring: @unchecked Sendable {
        let lock = Lock()
        var items: [String: String] = [:]
        let lookups = Counter()

        var keyring: Keyring {
            Keyring(
                kind: .secretService,
                store: { item, secret throws(KeyringFailure) in self.lock.withLock { self.items[item.keyID] = secret }
                },
                lookup: { item, _ throws(KeyringFailure) in
                    self.lookups.increment()
                    guard let key = self.lock.withLock({ self.items[item.keyID] }) else { throw .notFound }
                    return key
                },
                remove: { item throws(KeyringFailure) in self.lock.withLock { self.items[item.keyID] = nil } },
                forgetCached: { _ in }
            )
        }
    }

    @Test func meDecryptsTheKeystoreOnceAndUpdatesTheCachedUser() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let keys = CountingKeyring()
        let keystore = FileKeystore(
            directory: home.path + "/kauth", fileSystem: .live, passphrase: nil, random: .seeded(2), kdfIterations: 1,
            keyring: keys.keyring)
        try await keystore.update {
            $0.profiles["default"] = StoredSession(
                provider: "kakao", clientID: "app", accessToken: "at",
                accessTokenExpiresAt: now.addingTimeInterval(3600),
                refreshToken: "rt", refreshTokenExpiresAt: now.addingTimeInterval(86_400), createdAt: now,
                updatedAt: now)
        }
        #expect(try keystore.protection()?.name == "keyring")
        let before = keys.lookups.value
        let http = HTTPClient { request in
            #expect(request.url.contains("/v2/user/me"))
            return FakeHTTP.json(200, #"{"id":42,"kakao_account":{"profile":{"nickname":"Ryan"}}}"#)
        }
        let recorder = TerminalRecorder()
        let world = World.test(
            http: http, fileSystem: .live, terminal: recorder.terminal,
            environment: ["KAUTH_HOME": home.path + "/kauth"],
            keyring: keys.keyring)
        #expect(await CLI.run(["me"], world: world) == 0)
        #expect(keys.lookups.value == before + 1)
        #expect(try keystore.load().profiles["default"]?.user?.nickname == "Ryan")
    }
}
