import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

/// The test world keeps its promise: an effect a test did not pass fails the test when used, the
/// file system included, so a test that passes shows what the code under test touched. Errors are
/// ignored here (`try?`): only the recorded issue counts.
@Suite struct TestWorldTests {
    @Test func theDefaultFileSystemFailsEveryUse() async {
        let files = World.test().fileSystem
        withKnownIssue { _ = try? files.readFile("/nonexistent/kauth/config") }
        withKnownIssue { _ = try? files.readUserFile("/nonexistent/kauth/config") }
        withKnownIssue { try? files.writeFileAtomically("/nonexistent/kauth", Data(), 0o600) }
        withKnownIssue { try? files.removeFile("/nonexistent/kauth") }
        withKnownIssue { _ = try? files.fileInfo("/nonexistent") }
        withKnownIssue { try? files.createDirectory("/nonexistent/kauth", 0o700) }
        await withKnownIssue { _ = try? await files.lockExclusive("/nonexistent/kauth", .seconds(1)) }
        withKnownIssue { _ = files.currentUserID() }
    }

    @Test func theOtherUnsetEffectsFailTooButClockAndRandomAreFixed() async throws {
        let world = World.test()
        await withKnownIssue { _ = try? await world.http.send(HTTPRequest(method: "GET", url: "https://example.com")) }
        await withKnownIssue { try? await world.browser.open("https://example.com") }
        #expect(world.clock.now() == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(World.test().random.bytes(16) == world.random.bytes(16))
    }
}
