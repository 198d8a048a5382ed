import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

@testable import KAuthCore

/// What `FileKeystore.writeRefusal` asks and how it judges the answers: a read-only home is found
/// before a write, and nothing is created or locked to find it.
@Suite struct KeystoreWriteRefusalTests {
    /// A file system that answers `writeAccess` from `answers` (missing for any other path);
    /// every other operation is the real disk's.
    func keystore(_ answers: [String: WriteAccess]) -> FileKeystore {
        var fileSystem = FileSystem.live
        fileSystem.writeAccess = { path in answers[path] ?? .missing }
        return FileKeystore(directory: "/h/kauth", fileSystem: fileSystem, passphrase: nil, random: .seeded(1))
    }

    @Test func aWritableFolderIsNoRefusal() {
        #expect(keystore(["/h/kauth": .writable]).writeRefusal() == nil)
    }

    @Test func aMissingFolderIsJudgedByTheNearestFolderAboveIt() {
        #expect(keystore(["/h": .writable]).writeRefusal() == nil)
        let refusal = keystore(["/h": .readOnlyFileSystem]).writeRefusal()
        #expect(refusal?.path == "/h" && refusal?.reason == .readOnlyFileSystem)
        #expect(keystore(["/": .refused("Permission denied")]).writeRefusal()?.path == "/")
    }

    @Test func aFolderWithoutWritePermissionIsRefused() {
        let refusal = keystore(["/h/kauth": .refused("Permission denied")]).writeRefusal()
        #expect(refusal?.path == "/h/kauth" && refusal?.reason == .refused("Permission denied"))
    }

    /// The lock is opened for writing, so any refusal counts; the data file is replaced by
    /// `rename`, so only a read-only mount of it (a file bind-mounted read-only) does.
    @Test func theLockCountsAlwaysAndTheFileOnlyWhenMountedReadOnly() {
        let lock = "/h/kauth/credentials.json.lock"
        let file = "/h/kauth/credentials.json"
        #expect(keystore(["/h/kauth": .writable, lock: .refused("Permission denied")]).writeRefusal()?.path == lock)
        #expect(keystore(["/h/kauth": .writable, file: .refused("Permission denied")]).writeRefusal() == nil)
        #expect(keystore(["/h/kauth": .writable, file: .readOnlyFileSystem]).writeRefusal()?.path == file)
    }

    @Test func anUpdateOfAReadOnlyKeystoreThrowsBeforeItsBodyRuns() async throws {
        let store = keystore(["/h/kauth": .readOnlyFileSystem])
        var ran = false
        await #expect(throws: KeystoreError.readOnly(path: "/h/kauth", reason: .readOnlyFileSystem, before: .refresh)) {
            try await store.update(before: .refresh) { _ in ran = true }
        }
        #expect(!ran)
    }
}
