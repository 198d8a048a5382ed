import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// A keystore that can be read and not written — a container or CI job that mounts the login
/// read-only, a locked-down home — in the two ways it happens: a read-only mount, which stops
/// root too, and a folder its plain user may not write. Reading works and caches nothing (one
/// note); every command whose answer must be stored refuses before it sends anything.
@Suite(.serialized) struct ReadOnlyHomeEndToEndTests {
    @Test(.enabled(if: ReadOnlyHome.mountUnavailableReason == nil, "\(ReadOnlyHome.mountUnavailableReason ?? "")"))
    func aReadOnlyMountReadsAndRefusesWritesBeforeTheNetwork() async throws {
        try await check(.mount)
    }

    @Test(
        .enabled(if: ReadOnlyHome.plainUserUnavailableReason == nil, "\(ReadOnlyHome.plainUserUnavailableReason ?? "")")
    )
    func aFolderItsPlainUserCannotWriteReadsAndRefusesWritesBeforeTheNetwork() async throws {
        let user = geteuid() == 0 ? try OtherUser.create() : nil
        defer { user?.remove() }
        try await check(.folder(user: user))
    }

    @Test(.enabled(if: ReadOnlyHome.mountUnavailableReason == nil, "\(ReadOnlyHome.mountUnavailableReason ?? "")"))
    func anExpiredTokenIsNotRefreshedIntoAReadOnlyMount() async throws {
        try await checkExpired(.mount)
    }

    @Test(
        .enabled(if: ReadOnlyHome.plainUserUnavailableReason == nil, "\(ReadOnlyHome.plainUserUnavailableReason ?? "")")
    )
    func anExpiredTokenIsNotRefreshedIntoAFolderItsUserCannotWrite() async throws {
        let user = geteuid() == 0 ? try OtherUser.create() : nil
        defer { user?.remove() }
        try await checkExpired(.folder(user: user))
    }

    /// The refresh would rotate the refresh token, which could not be stored: `token`, and a
    /// command that needs a token, refuse before they ask (exit 7), and the login stays as it was.
    private func checkExpired(_ way: ReadOnlyHome.Way) async throws {
        let sandbox = try await SandboxProcess(["--access-token-ttl", "2"])
        defer { sandbox.stop() }
        let home = try await ReadOnlyHome.loggedIn(sandbox, way: way)
        defer { home.remove() }
        let stored = try home.storedBytes()
        try await Task.sleep(for: .milliseconds(2100))
        for command in [["token"], ["me"], ["token", "--exec-credential"]] {
            let run = try await home.run(command)
            #expect(run.code == 7, "\(command): \(run.err)")
            #expect(run.err.contains("A refresh may replace the refresh token"), "\(command): \(run.err)")
            #expect(run.out.isEmpty, "\(command): \(run.out)")
        }
        let korean = try await home.run(["token"], extra: ["KAUTH_LANG": "ko"])
        #expect(korean.code == 7 && korean.err.contains("요청을 보내지 않았습니다"), "\(korean.err)")
        #expect(try await sandbox.tokenCalls("refresh_token") == 0, "nothing was sent")
        #expect(try home.storedBytes() == stored, "the login was kept as it was")
    }

    private func check(_ way: ReadOnlyHome.Way) async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let home = try await ReadOnlyHome.loggedIn(sandbox, way: way)
        defer { home.remove() }
        let stored = try home.storedBytes()

        // Reading works; what was read is not cached, and the one note says so.
        for command in [["status"], ["token"], ["token", "info"], ["api", "/v2/user/me"], ["terms"]] {
            let run = try await home.run(command)
            #expect(run.code == 0, "\(command): \(run.err)")
            #expect(!run.err.contains("note:"), "\(command) has nothing to cache: \(run.err)")
        }
        for command in [["me"], ["scopes"]] {
            let run = try await home.run(command)
            #expect(run.code == 0, "\(command): \(run.err)")
            let notes = run.err.split(separator: "\n").filter { $0.hasPrefix("note: the keystore cannot be written") }
            #expect(notes.count == 1, "\(command): \(run.err)")
        }
        let korean = try await home.run(["me"], extra: ["KAUTH_LANG": "ko"])
        #expect(korean.code == 0 && korean.err.contains("참고: 키 저장소에 쓸 수 없어"), "\(korean.err)")

        // Writing refuses first: exit 7, not one request, the keystore as it was.
        let before = try await sandbox.log().count
        let refusals: [([String], String)] = [
            (["token", "refresh"], "the access token must be refreshed, but the keystore cannot be written"),
            (["logout"], "cannot log out: the keystore cannot be written"),
            (["unlink", "--yes"], "cannot unlink: the keystore cannot be written"),
            (["switch", "default"], "cannot change the default profile"),
            (["login"], "cannot log in: the keystore cannot be written"),
            (["login", "--with-token"], "cannot log in: the keystore cannot be written")
        ]
        for (command, words) in refusals {
            let run = try await home.run(command, input: command.contains("--with-token") ? "a-refresh-token\n" : nil)
            #expect(run.code == 7, "\(command): \(run.err)")
            #expect(run.err.contains(words), "\(command): \(run.err)")
            #expect(run.out.isEmpty, "\(command): \(run.out)")
        }
        let json = try await home.run(["logout", "--json"])
        #expect(try parseJSON(json.out).value(at: "error.code") == .string("keystore"), "\(json.out)")
        let config = try await home.run(["config", "set", "provider.kakao.client_id", "other-app"])
        #expect(config.code == 7 && config.err.contains("cannot change the config"), "\(config.err)")
        #expect(try await sandbox.log().count == before, "nothing was sent")
        #expect(try home.storedBytes() == stored, "nothing was changed")

        // The login the refused logout left is still good, and says so.
        let status = try await home.run(["status"])
        #expect(status.code == 0 && status.out.contains("session        valid"), "\(status.out)")
    }
}

/// A logged-in home made read-only one of two ways, and kauth run against it.
struct ReadOnlyHome {
    enum Way {
        /// A read-only bind mount of the home, in a mount namespace of the run's own (`unshare`).
        case mount
        /// The home folder `0500`, its kauth run as its owner: `user`, or this process's user
        /// when that is not root (root may write any folder).
        case folder(user: OtherUser?)
    }

    let env: TestEnvironment
    let way: Way

    static let unshare = ["/usr/bin/unshare", "/bin/unshare"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why a read-only mount cannot be made here (not root, no mount namespaces); nil when it can.
    static let mountUnavailableReason: String? = {
        guard let unshare else { return "read-only mounts need unshare (util-linux)" }
        let folder = NSTemporaryDirectory() + "kauth-ro-probe-" + UUID().uuidString
        guard mkdir(folder, 0o700) == 0 else { return "no temporary folder for the probe" }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = "mount --bind \"$1\" \"$1\" && mount -o remount,bind,ro \"$1\" && ! touch \"$1/probe\" 2>/dev/null"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unshare)
        process.arguments = ["--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh", folder]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unshare could not start" }
        process.waitUntilExit()
        return process.terminationStatus == 0
            ? nil
            : "read-only bind mounts need root and a mount namespace (unshare --mount), which this machine refuses"
    }()

    /// Why the plain-user case cannot run here: root needs a second local user for it.
    static let plainUserUnavailableReason: String? = geteuid() == 0 ? OtherUser.unavailableReason : nil

    /// Logs in through the sandbox (as the user who will read the home), then makes it read-only.
    static func loggedIn(_ sandbox: SandboxProcess, way: Way) async throws -> ReadOnlyHome {
        var env = TestEnvironment(sandbox: sandbox)
        env.useFollowingBrowser()
        let home = ReadOnlyHome(env: env, way: way)
        if case .folder(let user?) = way {
            // The user reaches its home through the test's folder, and owns the home itself.
            let base = URL(fileURLWithPath: env.home).deletingLastPathComponent().path
            chmod(base, 0o755)
            mkdir(env.home, 0o700)
            chown(env.home, user.uid, user.gid)
        }
        let login = try await home.run(["login"], readOnly: false)
        #expect(login.code == 0, "login failed: \(login.err)")
        if case .folder = way { chmod(env.home, 0o500) }
        return home
    }

    func storedBytes() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
    }

    /// Runs kauth with the home read-only (or, for the login that fills it, writable).
    func run(_ arguments: [String], extra: [String: String] = [:], input: String? = nil, readOnly: Bool = true)
        async throws -> RunResult
    {
        let variables = env.variables.merging(extra) { $1 }
        let spawned: Spawned
        switch way {
        case .mount where readOnly:
            let script =
                "mount --bind \"$KAUTH_HOME\" \"$KAUTH_HOME\" && mount -o remount,bind,ro \"$KAUTH_HOME\" && exec \"$0\" \"$@\""
            spawned = try Spawned(
                ["--mount", "--propagation", "private", "/bin/sh", "-c", script, kauthBinary] + arguments,
                environment: variables, executable: Self.unshare!)
        case .folder(let user?):
            spawned = try Spawned(
                ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", kauthBinary] + arguments,
                environment: variables, executable: OtherUser.setpriv!)
        default:
            spawned = try Spawned(arguments, environment: variables)
        }
        if let input { spawned.write(input) }
        spawned.closeInput()
        return await spawned.wait()
    }

    func remove() {
        chmod(env.home, 0o700)
        env.remove()
    }
}
