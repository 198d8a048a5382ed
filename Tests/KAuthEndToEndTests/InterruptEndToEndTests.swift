import Foundation
import KAuthCore
import Testing

@Suite struct InterruptEndToEndTests {
    @Test func ctrlCWhileWaitingCancelsTheLoginWithExitSix() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let record = env.useRecordingBrowser()
        let login = try env.spawn(["login"])
        _ = try await firstLine(of: record)
        _ = try await login.waitForErr(containing: "Waiting up to")
        kill(login.process.processIdentifier, SIGINT)
        let result = await login.wait()
        #expect(result.code == 6)
        #expect(result.err.contains("interrupted"))
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath))
    }
}
