import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

/// The keystore's choices about the keyring, with an in-memory keyring: which protection a write
/// picks, what a read does with a stale cached key, and that a key is never replaced under a file.
/// The real Secret Service is in `KeyringEndToEndTests`.
@Suite struct KeyringKeystoreTests {
    /// A keyring in memory, with a separate "cache" like the kernel keyring copy.
    final class MemoryKeyring: @unchecked Sendable {
        let lock = Lock()
        var items: [String: String] = [:]
        var cache: [String: String] = [:]
        var failure: KeyringFailure?
        var lookups = 0

        var keyring: Keyring {
            Keyring(
                kind: .secretService,
                store: { item, secret throws(KeyringFailure) in
                    self.lock.lock()
                    defer { self.lock.unlock() }
                    if let failure = self.failure { throw failure }
                    self.items[item.keyID] = secret
                },
                lookup: { item, cached throws(KeyringFailure) in
                    self.lock.lock()
                    defer { self.lock.unlock() }
                    if cached, let key = self.cache[item.keyID] { return key }
                    self.lookups += 1
                    if let failure = self.failure { throw failure }
                    guard let key = self.items[item.keyID] else { throw .notFound }
                    if cached { self.cache[item.keyID] = key }
                    return key
                },
                remove: { item throws(KeyringFailure) in
                    self.lock.withLock {
                        self.items[item.keyID] = nil
                        self.cache[item.keyID] = nil
                    }
                },
                forgetCached: { item in self.lock.withLock { self.cache[item.keyID] = nil } }
            )
        }
    }

    private func withKeystore(_ memory: MemoryKeyring, off: Bool = false, _ body: (FileKeystore) async throws -> Void)
        async throws
    {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kauth-keyring-tests-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await body(
            FileKeystore(
                directory: root + "/kauth", fileSystem: .live, passphrase: nil, random: .live, keyring: memory.keyring,
                keyringTurnedOff: off))
    }

    private func session() -> StoredSession {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        return StoredSession(
            provider: "kakao", clientID: "c", accessToken: "access-SECRET", accessTokenExpiresAt: now,
            refreshToken: "refresh-SECRET", createdAt: now, updatedAt: now)
    }

    @Test func aLoginPutsANewKeyInTheKeyringAndTheFileHoldsNoToken() async throws {
        let memory = MemoryKeyring()
        try await withKeystore(memory) { keystore in
            try await keystore.choosingProtection().update { $0.profiles["default"] = session() }
            let bytes = try String(contentsOfFile: keystore.path, encoding: .utf8)
            #expect(!bytes.contains("SECRET"))
            guard case .keyring(.secretService, let keyID)? = try keystore.protection() else {
                Issue.record("not keyring")
                return
            }
            #expect(memory.items.keys.sorted() == [keyID])
            #expect(try keystore.load().profiles["default"] == session())
        }
    }

    @Test func aStaleCachedKeyIsDroppedAndTheKeyringAsked() async throws {
        let memory = MemoryKeyring()
        try await withKeystore(memory) { keystore in
            try await keystore.choosingProtection().update { $0.profiles["default"] = session() }
            guard case .keyring(_, let keyID)? = try keystore.protection() else { return }
            memory.cache[keyID] = Base64URL.encode([UInt8](repeating: 7, count: 32))
            let asked = memory.lookups
            #expect(try keystore.load().profiles["default"] != nil)
            #expect(memory.lookups == asked + 1)
            #expect(memory.cache[keyID] == memory.items[keyID])
        }
    }

    @Test func aKeyThatCannotBeReadLeavesTheFileAndTheKeyAlone() async throws {
        let memory = MemoryKeyring()
        try await withKeystore(memory) { keystore in
            try await keystore.choosingProtection().update { $0.profiles["default"] = session() }
            let before = try Data(contentsOf: URL(fileURLWithPath: keystore.path))
            let keys = memory.items
            for failure in [KeyringFailure.locked, .timedOut, .noSessionBus] {
                memory.failure = failure
                await #expect(
                    throws: KeystoreError.keyUnavailable(path: keystore.path, keyring: .secretService, failure: failure)
                ) {
                    try await keystore.choosingProtection().update { $0.profiles["other"] = session() }
                }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: keystore.path)) == before)
            #expect(memory.items == keys)
        }
    }

    @Test func withoutAnAnsweringKeyringALoginWritesPlainAndRecordsWhy() async throws {
        let memory = MemoryKeyring()
        memory.failure = .timedOut
        try await withKeystore(memory) { keystore in
            try await keystore.choosingProtection().update { $0.profiles["default"] = session() }
            #expect(try keystore.protection() == KeystoreProtection.none(.timedOut))
            // A refresh keeps it plain once the keyring answers again; the next login moves it.
            memory.failure = nil
            try await keystore.update { $0.profiles["default"]?.accessToken = "access-SECRET-2" }
            #expect(try keystore.protection() == KeystoreProtection.none(.timedOut))
            try await keystore.choosingProtection().update { $0.profiles["default"]?.accessToken = "access-SECRET-3" }
            guard case .keyring? = try keystore.protection() else {
                Issue.record("not moved to the keyring")
                return
            }
            // The last profile gone: the key leaves the keyring.
            try await keystore.update { $0.profiles = [:] }
            #expect(memory.items.isEmpty)
            #expect(try keystore.protection() == KeystoreProtection.none(nil))
        }
    }

    @Test func keyringOffWritesPlainWithoutAskingTheKeyring() async throws {
        let memory = MemoryKeyring()
        try await withKeystore(memory, off: true) { keystore in
            try await keystore.choosingProtection().update { $0.profiles["default"] = session() }
            #expect(try keystore.protection() == KeystoreProtection.none(.turnedOff))
            #expect(memory.items.isEmpty && memory.lookups == 0)
        }
    }
}
