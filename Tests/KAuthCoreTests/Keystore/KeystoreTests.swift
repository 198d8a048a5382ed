import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// These tests use the real disk through `FileSystem.live`, each in its own temporary folder.
@Suite struct KeystoreTests {
    // MARK: - Fixtures

    /// Runs `body` with a fresh folder under the system temporary folder, removed afterwards.
    /// The keystore folder is `<fresh>/kauth`, which does not exist yet.
    private func withTemporaryFolder<T>(_ body: (String) async throws -> T) async throws -> T {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("kauth-keystore-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try await body(root + "/kauth")
    }

    private func keystore(
        _ directory: String, passphrase: String? = nil, fileSystem: FileSystem = .live
    ) -> FileKeystore {
        // 1,000 rounds keep the tests fast; the format records the count, so nothing else differs.
        FileKeystore(
            directory: directory, fileSystem: fileSystem, passphrase: passphrase, random: .live, kdfIterations: 1_000)
    }

    private static let epoch = Date(timeIntervalSince1970: 1_700_000_000)

    private func session(accessToken: String = "access-SECRET-1", refreshToken: String? = "refresh-SECRET-1")
        -> StoredSession
    {
        StoredSession(
            provider: "kakao",
            clientID: "client-123",
            userID: "4242",
            tokenType: "bearer",
            accessToken: accessToken,
            accessTokenExpiresAt: Self.epoch.addingTimeInterval(21_599),
            refreshToken: refreshToken,
            refreshTokenExpiresAt: Self.epoch.addingTimeInterval(5_183_999),
            scopes: ["profile_nickname", "account_email"],
            idToken: nil,
            openID: false,
            user: CachedUser(
                id: "4242", nickname: "Ryan", email: "ryan@example.com", phoneNumber: "+82 10-1234-5678",
                displayName: "Ryan", country: "KR"),
            createdAt: Self.epoch,
            updatedAt: Self.epoch
        )
    }

    private func createFolder(_ path: String, mode: mode_t = 0o700) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(chmod(path, mode) == 0)
    }

    private func writeRaw(_ path: String, _ text: String, mode: mode_t) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, mode) == 0)
    }

    private func readRaw(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        #expect(lstat(path, &status) == 0)
        return status.st_mode & 0o7777
    }

    private func inode(_ path: String) -> UInt64 {
        var status = stat()
        #expect(lstat(path, &status) == 0)
        return UInt64(status.st_ino)
    }

    private func folderListing(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    // MARK: - Round trip and file format

    @Test func missingFileLoadsAsEmpty() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            #expect(try store.load() == .empty)
            #expect(try store.session(profile: "default") == nil)
            // Reading creates nothing.
            #expect(!FileManager.default.fileExists(atPath: folder))
        }
    }

    @Test func roundTrip() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            let stored = session()
            let returned = try await store.update { contents in
                contents.profiles["default"] = stored
                contents.defaultProfile = "default"
                return 7
            }
            #expect(returned == 7)
            let loaded = try store.load()
            #expect(loaded == KeystoreContents(defaultProfile: "default", profiles: ["default": stored]))
            #expect(try store.session(profile: "default") == stored)
            #expect(try store.session(profile: "other") == nil)
            // A second instance (another process, in effect) reads the same.
            #expect(try keystore(folder).load() == loaded)
        }
    }

    @Test func fileUsesSnakeCaseKeysAndRFC3339Instants() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            try await store.update { $0.profiles["default"] = session() }
            let json = try JSONSerialization.jsonObject(with: readRaw(store.path)) as? [String: Any]
            #expect(json?["version"] as? Int == 1)
            let profile = (json?["profiles"] as? [String: Any])?["default"] as? [String: Any]
            #expect(profile?["access_token_expires_at"] as? String == "2023-11-15T04:13:19Z")
            #expect(profile?["created_at"] as? String == "2023-11-14T22:13:20Z")
            #expect(profile?["client_id"] as? String == "client-123")
            #expect((profile?["user"] as? [String: Any])?["phone_number"] as? String == "+82 10-1234-5678")
            #expect(profile?["accessToken"] == nil)
        }
    }

    @Test func instantsAreStoredToTheSecondRoundedDown() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            var stored = session()
            stored.accessTokenExpiresAt = Self.epoch.addingTimeInterval(0.9)
            try await store.update { $0.profiles["default"] = stored }
            #expect(try store.session(profile: "default")?.accessTokenExpiresAt == Self.epoch)
        }
    }

    @Test func firstWriteCreatesA0600FileInA0700Folder() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder + "/nested")
            try await store.update { $0.profiles["default"] = session() }
            #expect(mode(store.path) == 0o600)
            #expect(mode(folder + "/nested") == 0o700)
            #expect(mode(folder) == 0o700)
            #expect(mode(store.lockPath) == 0o600)
        }
    }

    @Test func unchangedContentsAreNotRewritten() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            try await store.update { $0.profiles["default"] = session() }
            let before = inode(store.path)
            let bytes = try readRaw(store.path)
            try await store.update { contents in
                // Reassigning equal values is not a change.
                contents.profiles["default"] = session()
            }
            #expect(inode(store.path) == before)
            #expect(try readRaw(store.path) == bytes)
        }
    }

    @Test func aThrowingBodyWritesNothingAndReleasesTheLock() async throws {
        struct Boom: Error {}
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            await #expect(throws: Boom.self) {
                try await store.update { contents in
                    contents.profiles["default"] = session()
                    throw Boom()
                }
            }
            #expect(!FileManager.default.fileExists(atPath: store.path))
            try await store.update(lockTimeout: .milliseconds(200)) { $0.profiles["x"] = session() }
            #expect(try store.session(profile: "x") != nil)
        }
    }

    /// `update` inherits the caller's isolation, so a main-actor caller can touch its own
    /// non-`Sendable` state from the body (this test is mostly about compiling).
    @MainActor @Test func theBodyRunsInTheCallersIsolation() async throws {
        final class Counter { var value = 0 }
        let counter = Counter()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kauth-keystore-tests-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = keystore(root)
        let profiles = try await store.update { contents in
            MainActor.assertIsolated()
            counter.value += 1
            contents.profiles["default"] = session()
            return contents.profiles.count
        }
        #expect(profiles == 1)
        #expect(counter.value == 1)
    }

    // MARK: - Refusals

    @Test func aFileReadableByOthersIsRefusedAndLeftUnchanged() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            try await store.update { $0.profiles["default"] = session() }
            #expect(chmod(store.path, 0o644) == 0)
            let bytes = try readRaw(store.path)

            let expected = KeystoreError.tooOpen(path: store.path, permissions: 0o644)
            #expect(throws: expected) { try store.load() }
            await #expect(throws: expected) {
                try await store.update { contents in
                    Issue.record("the body must not run on a refused file")
                    contents.profiles.removeAll()
                }
            }
            #expect(try readRaw(store.path) == bytes)
            #expect(mode(store.path) == 0o644)
        }
    }

    @Test(arguments: [0o640, 0o604, 0o660, 0o700, 0o610] as [mode_t])
    func anyGroupOrOtherBitIsRefused(fileMode: mode_t) async throws {
        try await withTemporaryFolder { folder throws in
            try createFolder(folder)
            let store = keystore(folder)
            try writeRaw(store.path, #"{"version":1,"profiles":{}}"#, mode: fileMode)
            if fileMode & 0o077 != 0 {
                #expect(throws: KeystoreError.tooOpen(path: store.path, permissions: UInt16(fileMode))) {
                    try store.load()
                }
            } else {
                #expect(try store.load() == .empty)
            }
        }
    }

    @Test func aFileOfAnotherUserIsRefused() async throws {
        try await withTemporaryFolder { folder throws in
            let other = UInt32(geteuid()) &+ 1
            var fileSystem = FileSystem.live
            fileSystem.currentUserID = { other }
            // The folder is the other user's own; only the file is not.
            let info = fileSystem.fileInfo
            fileSystem.fileInfo = { path in
                guard path.hasSuffix("/."), var found = try info(path) else { return try info(path) }
                found.ownerID = other
                return found
            }
            let store = keystore(folder, fileSystem: fileSystem)
            try await keystore(folder).update { $0.profiles["default"] = session() }
            #expect(throws: KeystoreError.notOwned(path: store.path)) { try store.load() }
        }
    }

    /// Whoever owns the folder can replace anything in it: a KAUTH_HOME that another user made is
    /// refused before any file in it is read.
    @Test func aFolderOfAnotherUserIsRefused() async throws {
        try await withTemporaryFolder { folder throws in
            try await keystore(folder).update { $0.profiles["default"] = session() }
            var fileSystem = FileSystem.live
            fileSystem.currentUserID = { UInt32(geteuid()) &+ 1 }
            let store = keystore(folder, fileSystem: fileSystem)
            #expect(throws: KeystoreError.folderNotOwned(path: folder)) { try store.load() }
            await #expect(throws: KeystoreError.folderNotOwned(path: folder)) { try await store.update { $0 = .empty } }
        }
    }

    @Test func aLockFileThatIsALinkOrForeignIsRefused() async throws {
        try await withTemporaryFolder { folder throws in
            try createFolder(folder)
            let store = keystore(folder)
            #expect(symlink(folder + "/elsewhere", store.lockPath) == 0)
            await #expect(throws: KeystoreError.unsafeFile(path: store.lockPath, reason: .symbolicLink)) {
                try await store.update { $0.profiles["default"] = session() }
            }
            #expect(
                !FileManager.default.fileExists(atPath: folder + "/elsewhere"), "nothing was created through the link")
            #expect(unlink(store.lockPath) == 0)
            try writeRaw(store.lockPath, "", mode: 0o666)
            #expect(chmod(store.lockPath, 0o666) == 0)
            await #expect(throws: KeystoreError.self) { try await store.update { $0.profiles["default"] = session() } }
        }
    }

    @Test func aFolderInPlaceOfTheFileIsRefused() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            try createFolder(store.path)
            #expect(throws: KeystoreError.notARegularFile(path: store.path)) { try store.load() }
            await #expect(throws: KeystoreError.notARegularFile(path: store.path)) {
                try await store.update { _ in }
            }
        }
    }

    @Test func aSymbolicLinkIsNotFollowed() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            try createFolder(folder)
            let target = folder + "/elsewhere.json"
            try writeRaw(target, #"{"version":1,"profiles":{}}"#, mode: 0o600)
            #expect(symlink(target, store.path) == 0)
            // lstat sees the link itself; on Linux its mode is always 0777, so it is refused.
            #expect(throws: KeystoreError.self) { try store.load() }
            await #expect(throws: KeystoreError.self) { try await store.update { $0.profiles["x"] = session() } }
            #expect(try readRaw(target) == Data(#"{"version":1,"profiles":{}}"#.utf8))
        }
    }

    @Test func aFolderWritableByOthersIsRefusedForWrites() async throws {
        try await withTemporaryFolder { folder throws in
            try createFolder(folder, mode: 0o777)
            let store = keystore(folder)
            await #expect(throws: KeystoreError.folderTooOpen(path: folder, permissions: 0o777)) {
                try await store.update { $0.profiles["default"] = session() }
            }
            #expect(try folderListing(folder).isEmpty)
        }
    }

    @Test func aFolderReachedThroughASymbolicLinkIsUsable() async throws {
        try await withTemporaryFolder { folder throws in
            try createFolder(folder + "-real")
            defer { try? FileManager.default.removeItem(atPath: folder + "-real") }
            #expect(symlink(folder + "-real", folder) == 0)
            let store = keystore(folder)
            try await store.update { $0.profiles["default"] = session() }
            #expect(try store.session(profile: "default") == session())
        }
    }

    @Test(arguments: [
        "{not json",
        "",
        "[]",
        #"{"version":1}"#,
        #"{"version":1,"profiles":{"default":{"provider":"kakao"}}}"#,
        #"{"version":1,"profiles":{"default":{"provider":"kakao","client_id":"c","token_type":"bearer","access_token":"a","access_token_expires_at":"tomorrow","scopes":[],"openid":false,"created_at":"2023-11-14T22:13:20Z","updated_at":"2023-11-14T22:13:20Z"}}}"#
    ])
    func aCorruptFileIsAnErrorAndIsNeverOverwritten(text: String) async throws {
        try await withTemporaryFolder { folder throws in
            try createFolder(folder)
            let store = keystore(folder)
            try writeRaw(store.path, text, mode: 0o600)

            let error = #expect(throws: KeystoreError.self) { try store.load() }
            guard case .corrupt(let path, _)? = error else {
                Issue.record("expected corrupt, got \(String(describing: error))")
                return
            }
            #expect(path == store.path)

            await #expect(throws: KeystoreError.self) {
                try await store.update { contents in
                    Issue.record("the body must not run on a corrupt file")
                    contents = .empty
                }
            }
            #expect(try readRaw(store.path) == Data(text.utf8))
            #expect(mode(store.path) == 0o600)
        }
    }

    @Test func anUnknownVersionIsCorrupt() async throws {
        try await withTemporaryFolder { folder throws in
            try createFolder(folder)
            let store = keystore(folder)
            try writeRaw(store.path, #"{"version":2,"profiles":{},"something_new":true}"#, mode: 0o600)
            let error = #expect(throws: KeystoreError.self) { try store.load() }
            guard case .corrupt(_, let reason)? = error else {
                Issue.record("expected corrupt, got \(String(describing: error))")
                return
            }
            #expect(reason == .unsupportedVersion(2, supported: 1))
        }
    }

    // MARK: - Atomicity

    @Test func writesLeaveNoTemporaryFilesBehind() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            for index in 0..<5 {
                try await store.update { $0.profiles["p\(index)"] = session(accessToken: "token-\(index)") }
            }
            #expect(try folderListing(folder) == ["credentials.json", "credentials.json.lock"])
            #expect(try store.load().profiles.count == 5)
        }
    }

    @Test func aFailedWriteLeavesNoTemporaryFileAndTheOldContents() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kauth-fs-tests-\(UUID().uuidString)")
            .path
        try createFolder(root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/file"
        try FileSystem.live.writeFileAtomically(path, Data("old".utf8), 0o600)
        // A folder where the rename target is makes rename(2) fail after the temporary file exists.
        try createFolder(root + "/dir")
        #expect(throws: FileSystemError.self) {
            try FileSystem.live.writeFileAtomically(root + "/dir", Data("new".utf8), 0o600)
        }
        #expect(try folderListing(root) == ["dir", "file"])
        #expect(try FileSystem.live.readFile(path) == Data("old".utf8))
        #expect(try FileSystem.live.readFile(root + "/missing") == nil)
        try FileSystem.live.removeFile(path)
        try FileSystem.live.removeFile(path)
        #expect(try FileSystem.live.fileInfo(path) == nil)
    }

    @Test func aReaderNeverSeesAPartialFile() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            let profileCount = 120
            // About 400 KB per write, so a torn read would be likely if writes were not atomic
            // (a truncate-and-write variant of `writeFileAtomically` fails this test at once).
            // Small enough that a debug build on a busy 2-core machine still reads it 40 times
            // within the minute (at 700 KB it managed 31 while other suites ran).
            let filler = String(repeating: "x", count: 3_000)

            let writer = Task.detached { () -> Int in
                var generation = 0
                while !Task.isCancelled {
                    await Task.yield()
                    try await store.update { contents in
                        for index in 0..<profileCount {
                            contents.profiles["p\(index)"] = session(accessToken: "\(filler)-\(generation)")
                        }
                    }
                    generation += 1
                }
                return generation
            }
            defer { writer.cancel() }
            var reads = 0
            var generationsSeen: Set<Substring> = []
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(60)
            while reads < 40 || generationsSeen.count < 8, clock.now < deadline {
                // Yield every time: this loop must not keep a cooperative thread from other tests.
                await Task.yield()
                let contents = try store.load()
                guard !contents.profiles.isEmpty else { continue }
                let generations = Set(contents.profiles.values.map { $0.accessToken.split(separator: "-").last! })
                #expect(contents.profiles.count == profileCount)
                #expect(generations.count == 1, "a read mixed two writes")
                generationsSeen.formUnion(generations)
                reads += 1
            }
            writer.cancel()
            let writes = try await writer.value
            #expect(reads >= 40)
            #expect(
                generationsSeen.count >= 8, "the reads overlapped only \(generationsSeen.count) of \(writes) writes")
            #expect(try folderListing(folder) == ["credentials.json", "credentials.json.lock"])
        }
    }

    // MARK: - Locking

    /// The holder keeps the lock until the test lets it go, rather than for a fixed time, so the
    /// test does not depend on how fast a loaded machine schedules it.
    @Test func aSecondUpdateWaitsForTheLockOrTimesOut() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            let (entered, enteredSignal) = AsyncStream<Void>.makeStream()
            let (release, releaseSignal) = AsyncStream<Void>.makeStream()
            let first = session(accessToken: "from-the-first-update")
            let holder = Task {
                try await store.update { contents in
                    enteredSignal.yield()
                    var waiter = release.makeAsyncIterator()
                    _ = await waiter.next()
                    contents.profiles["default"] = first
                }
            }
            defer { releaseSignal.finish() }
            var waiter = entered.makeAsyncIterator()
            _ = await waiter.next()

            await #expect(throws: KeystoreError.lockTimeout(path: store.lockPath)) {
                try await store.update(lockTimeout: .milliseconds(100)) { contents in
                    Issue.record("the body must not run without the lock")
                    contents = .empty
                }
            }

            // A patient caller waits; it can only see the first update's write if it ran after it.
            let patient = Task { try await store.update(lockTimeout: .seconds(30)) { $0.profiles["default"] } }
            try await Task.sleep(for: .milliseconds(50))
            releaseSignal.yield()
            #expect(try await patient.value == first)
            try await holder.value
        }
    }

    @Test func parallelUpdatesAreSerialised() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await store.update(lockTimeout: .seconds(30)) { contents in
                            // Read-modify-write of a counter: lost updates would show as a lower count.
                            let count = Int(contents.defaultProfile ?? "0")!
                            try await Task.sleep(for: .milliseconds(5))
                            contents.defaultProfile = String(count + 1)
                            contents.profiles["p\(index)"] = session()
                        }
                    }
                }
                try await group.waitForAll()
            }
            let contents = try store.load()
            #expect(contents.defaultProfile == "8")
            #expect(contents.profiles.count == 8)
        }
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"),
            "needs /usr/bin/flock (util-linux) to hold the lock from another process"))
    func theLockExcludesAnotherProcess() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder)
            try await store.update { $0.profiles["default"] = session() }
            let ready = folder + "/../flock-ready"
            let release = folder + "/../flock-release"
            let finished = folder + "/../flock-finished"

            // The other process holds the lock until told to let go (or 30 s, so it never lingers).
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            process.arguments = [
                "--exclusive", store.lockPath, "/bin/sh", "-c",
                "touch '\(ready)'; i=0; while [ ! -e '\(release)' ] && [ $i -lt 1500 ]; do sleep 0.02; i=$((i+1)); done; touch '\(finished)'"
            ]
            try process.run()
            defer {
                _ = FileManager.default.createFile(atPath: release, contents: nil)
                process.waitUntilExit()
            }

            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(30)
            while !FileManager.default.fileExists(atPath: ready), clock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            try #require(FileManager.default.fileExists(atPath: ready), "flock did not start")

            await #expect(throws: KeystoreError.lockTimeout(path: store.lockPath)) {
                try await store.update(lockTimeout: .milliseconds(200)) { $0.profiles.removeAll() }
            }
            #expect(process.isRunning)

            let patient = Task {
                try await store.update(lockTimeout: .seconds(30)) { contents in
                    contents.profiles["second"] = session()
                    return FileManager.default.fileExists(atPath: finished)
                }
            }
            try await Task.sleep(for: .milliseconds(50))
            _ = FileManager.default.createFile(atPath: release, contents: nil)
            // The command's last act, under the lock, is to create `finished`: seeing it proves the
            // patient update ran after the other process let go.
            #expect(try await patient.value == true)
            #expect(try store.load().profiles.keys.sorted() == ["default", "second"])
        }
    }

    @Test func fileLockReleaseIsIdempotent() async throws {
        try await withTemporaryFolder { folder throws in
            try createFolder(folder)
            let lock = try await FileSystem.live.lockExclusive(folder + "/l", .seconds(1))
            lock.release()
            lock.release()
            let again = try await FileSystem.live.lockExclusive(folder + "/l", .milliseconds(50))
            again.release()
        }
    }

    // MARK: - Passphrase

    @Test func passphraseRoundTripKeepsSecretsOffTheDisk() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder, passphrase: "correct horse battery staple")
            let stored = session()
            try await store.update { $0.profiles["default"] = stored }

            let raw = try String(decoding: readRaw(store.path), as: UTF8.self)
            #expect(!raw.contains("SECRET"))
            #expect(!raw.contains("ryan@example.com"))
            let json = try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any]
            let encryption = json?["encryption"] as? [String: Any]
            #expect(json?["version"] as? Int == 1)
            #expect(encryption?["kdf"] as? String == "pbkdf2-sha256")
            #expect(encryption?["cipher"] as? String == "aes-256-gcm")
            #expect(encryption?["iterations"] as? Int == 1_000)
            #expect(json?["ciphertext"] is String)
            #expect(mode(store.path) == 0o600)

            #expect(try store.session(profile: "default") == stored)
            // The iteration count comes from the file, not from the reader's setting.
            let slowerReader = FileKeystore(
                directory: folder, fileSystem: .live, passphrase: "correct horse battery staple",
                random: .live, kdfIterations: 5_000)
            #expect(try slowerReader.session(profile: "default") == stored)
        }
    }

    @Test func everyEncryptedWriteHasAFreshSaltAndNonce() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder, passphrase: "pass")
            func header() throws -> [String: String] {
                let json = try JSONSerialization.jsonObject(with: readRaw(store.path)) as? [String: Any]
                return (json?["encryption"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
            }
            try await store.update { $0.profiles["a"] = session() }
            let first = try header()
            try await store.update { $0.profiles["b"] = session() }
            let second = try header()
            #expect(first["salt"] != nil && first["nonce"] != nil)
            #expect(first["salt"] != second["salt"])
            #expect(first["nonce"] != second["nonce"])
        }
    }

    @Test func aWrongPassphraseIsReportedAndNothingIsWritten() async throws {
        try await withTemporaryFolder { folder throws in
            try await keystore(folder, passphrase: "right").update { $0.profiles["default"] = session() }
            let path = folder + "/credentials.json"
            let bytes = try readRaw(path)
            let wrong = keystore(folder, passphrase: "wrong")
            #expect(throws: KeystoreError.wrongPassphrase(path: path)) { try wrong.load() }
            await #expect(throws: KeystoreError.wrongPassphrase(path: path)) {
                try await wrong.update { $0 = .empty }
            }
            #expect(try readRaw(path) == bytes)
        }
    }

    @Test func anEncryptedFileNeedsAPassphrase() async throws {
        try await withTemporaryFolder { folder throws in
            try await keystore(folder, passphrase: "right").update { $0.profiles["default"] = session() }
            let path = folder + "/credentials.json"
            let bytes = try readRaw(path)
            let store = keystore(folder)
            #expect(throws: KeystoreError.passphraseRequired(path: path)) { try store.load() }
            await #expect(throws: KeystoreError.passphraseRequired(path: path)) {
                try await store.update { $0.profiles.removeAll() }
            }
            #expect(try readRaw(path) == bytes)
        }
    }

    @Test func alteredCiphertextIsNotAccepted() async throws {
        try await withTemporaryFolder { folder throws in
            let store = keystore(folder, passphrase: "right")
            try await store.update { $0.profiles["default"] = session() }
            var json = try JSONSerialization.jsonObject(with: readRaw(store.path)) as! [String: Any]
            var ciphertext = Base64URL.decode(json["ciphertext"] as! String)!
            ciphertext[10] ^= 0x01
            json["ciphertext"] = Base64URL.encode(ciphertext)
            try writeRaw(
                store.path, String(decoding: JSONSerialization.data(withJSONObject: json), as: UTF8.self), mode: 0o600)
            #expect(throws: KeystoreError.wrongPassphrase(path: store.path)) { try store.load() }
        }
    }

    @Test func aPlaintextFileIsReadWithAPassphraseAndEncryptedOnTheNextWrite() async throws {
        try await withTemporaryFolder { folder throws in
            try await keystore(folder).update { $0.profiles["default"] = session() }
            let store = keystore(folder, passphrase: "new passphrase")
            #expect(try store.session(profile: "default") == session())
            try await store.update { $0.profiles["second"] = session(accessToken: "access-SECRET-2") }
            let raw = try String(decoding: readRaw(store.path), as: UTF8.self)
            #expect(raw.contains("aes-256-gcm"))
            #expect(!raw.contains("SECRET"))
            #expect(try store.load().profiles.count == 2)
        }
    }
}

extension FileKeystore {
    /// The session stored under `profile`, for assertions.
    func session(profile: String) throws -> StoredSession? {
        try load().profiles[profile]
    }
}
