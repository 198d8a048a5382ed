import Foundation
import KAuthCore
import KAuthTestSupport
import Testing

/// The keystore's key in a real Secret Service: Debian's gnome-keyring in a private session bus
/// of the test's own (`dbus-daemon --session --fork`, then `gnome-keyring-daemon --unlock`), which
/// each test locks, stops or removes as a user's desktop might. Skipped, with the reason, where
/// dbus-daemon, gnome-keyring, gdbus, secret-tool, keyctl or libsecret are missing (`make test`
/// installs them). A key read once is kept a while in the kernel keyring, so the tests of what
/// happens when the keyring cannot answer drop that copy first, with `keyctl`, as a user can.
@Suite(
    .serialized,
    .enabled(if: SecretServiceSession.missing == nil, Comment(rawValue: SecretServiceSession.missing ?? "")))
struct KeyringEndToEndTests {
    @Test func aDesktopLoginLeavesNoTokenInTheFileAndACopyElsewhereIsExitSeven() async throws {
        try await withKeyring { keyring, env in
            let login = try await env.run(["login"])
            #expect(login.code == 0, "\(login.err)")
            #expect(!login.err.contains("not encrypted"))
            let token = try await env.run(["token"])
            #expect(token.code == 0)
            let accessToken = token.out.trimmingCharacters(in: .newlines)
            let refreshToken = try await env.run(["token", "--refresh-token"]).out.trimmingCharacters(in: .newlines)
            let onDisk = try String(contentsOfFile: env.credentialsPath, encoding: .utf8)
            for secret in [accessToken, refreshToken, "sandbox.user@example.com"] {
                #expect(!onDisk.contains(secret))
            }
            let file = try parseJSON(onDisk)
            #expect(file["protection"]?.stringValue == "keyring")
            #expect(file["encryption"]?["keyring"]?.stringValue == "secret_service")
            #expect(try keyring.items(home: env.home) == 1)

            let status = try await env.run(["status"])
            #expect(status.out.contains("encrypted, key in the Secret Service"))
            let json = try parseJSON(try await env.run(["status", "--json"]).out)
            #expect(json["keystore"]?["protection"]?.stringValue == "keyring")

            // The same file in another folder (or on another machine): its key is not there.
            let copy = URL(fileURLWithPath: env.home).deletingLastPathComponent().path + "/copy"
            mkdir(copy, 0o700)
            try FileManager.default.copyItem(atPath: env.credentialsPath, toPath: copy + "/credentials.json")
            let copied = try await env.run(["token"], extra: ["KAUTH_HOME": copy])
            #expect(copied.code == 7)
            #expect(copied.err.contains("has no such key"))
            let relogin = try await env.run(["login"], extra: ["KAUTH_HOME": copy])
            #expect(relogin.code == 7, "never a new key over an old file")
            #expect(try String(contentsOfFile: copy + "/credentials.json", encoding: .utf8) == onDisk)

            // Without the session bus the key cannot be reached (once the kernel's copy is gone).
            try await keyring.dropCachedKey(env)
            let noBus = try await env.run(["status"], extra: ["DBUS_SESSION_BUS_ADDRESS": ""])
            #expect(noBus.code == 7)
            #expect(noBus.err.contains("no session bus"))

            // The last profile's logout takes the key with it.
            #expect(try await env.run(["logout"]).code == 0)
            #expect(try keyring.items(home: env.home) == 0)
            let after = try parseJSON(try String(contentsOfFile: env.credentialsPath, encoding: .utf8))
            #expect(after["protection"]?.stringValue == "none")
            #expect(after["profiles"] == .object([:]))
        }
    }

    @Test func aLockedKeyringIsExitSevenAndTheFileIsLeftAsItWas() async throws {
        try await withKeyring { keyring, env in
            #expect(try await env.run(["login"]).code == 0)
            let before = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
            try await keyring.lock()
            try await keyring.dropCachedKey(env)

            let start = ContinuousClock.now
            let token = try await env.run(["token"])
            #expect(token.code == 7)
            #expect(token.err.contains("the keyring is locked"))
            #expect(ContinuousClock.now - start < .seconds(5))
            let login = try await env.run(["login"])
            #expect(login.code == 7)
            #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == before)
            #expect(try keyring.items(home: env.home) == 1)
        }
    }

    @Test func aFirstLoginIntoALockedKeyringWritesAPlainFileAndSaysSo() async throws {
        try await withKeyring { keyring, env in
            try await keyring.lock()
            let login = try await env.run(["login"])
            #expect(login.code == 0)
            #expect(login.err.contains("is not encrypted (the keyring was locked)"))
            let json = try parseJSON(try await env.run(["status", "--json"]).out)
            #expect(json["keystore"]?["protection"]?.stringValue == "none")
            #expect(json["keystore"]?["no_keyring_reason"]?.stringValue == "locked")
            #expect(try keyring.items(home: env.home) == 0)
        }
    }

    @Test func aStoppedKeyringIsExitSevenWithinSeconds() async throws {
        try await withKeyring { keyring, env in
            #expect(try await env.run(["login"]).code == 0)
            let before = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))

            try await keyring.dropCachedKey(env)
            kill(keyring.daemon, SIGSTOP)
            defer { kill(keyring.daemon, SIGCONT) }
            // The signal is delivered asynchronously: wait until the daemon is seen stopped.
            var stopped = false
            for _ in 0..<100 where !stopped {
                stopped = ((try? String(contentsOfFile: "/proc/\(keyring.daemon)/status", encoding: .utf8)) ?? "")
                    .contains("State:\tT")
                if !stopped { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(stopped, "gnome-keyring-daemon \(keyring.daemon) is stopped")
            let start = ContinuousClock.now
            let token = try await env.run(["token"])
            let elapsed = ContinuousClock.now - start
            #expect(token.code == 7)
            #expect(token.err.contains("did not answer within 3 s"))
            #expect(elapsed >= .seconds(2) && elapsed < .seconds(8), "\(elapsed)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == before)
        }
    }

    @Test func aPlainKeystoreMovesToTheKeyringAtTheNextLoginNotAtARefresh() async throws {
        try await withKeyring { keyring, env in
            // First a login without a bus: plain.
            let headless = try await env.run(["login"], extra: ["DBUS_SESSION_BUS_ADDRESS": ""])
            #expect(headless.code == 0)
            let refresh = try await env.run(["token", "refresh"])
            #expect(refresh.code == 0)
            #expect(
                try parseJSON(try String(contentsOfFile: env.credentialsPath, encoding: .utf8))["protection"]?
                    .stringValue == "none")
            #expect(try keyring.items(home: env.home) == 0)

            #expect(try await env.run(["login"]).code == 0)
            #expect(
                try parseJSON(try String(contentsOfFile: env.credentialsPath, encoding: .utf8))["protection"]?
                    .stringValue == "keyring")
            #expect(try keyring.items(home: env.home) == 1)
            #expect(try await env.run(["token"]).code == 0)
        }
    }

    @Test func keyringOffAndAPassphraseKeepTheKeyOutOfTheKeyring() async throws {
        try await withKeyring { keyring, env in
            let off = try await env.run(["login"], extra: ["KAUTH_KEYRING": "off"])
            #expect(off.code == 0)
            #expect(!off.err.contains("not encrypted"), "turned off by the user: no note")
            #expect(try await env.run(["status"]).out.contains("not encrypted (KAUTH_KEYRING=off)"))
            #expect(try keyring.items(home: env.home) == 0)

            let passphrase = try await env.run(["login"], extra: ["KAUTH_PASSPHRASE": "correct horse"])
            #expect(passphrase.code == 0)
            #expect(
                try parseJSON(try String(contentsOfFile: env.credentialsPath, encoding: .utf8))["protection"]?
                    .stringValue == "passphrase")
            #expect(try keyring.items(home: env.home) == 0)
            let json = try parseJSON(
                try await env.run(["status", "--json"], extra: ["KAUTH_PASSPHRASE": "correct horse"]).out)
            #expect(json["keystore"]?["protection"]?.stringValue == "passphrase")
        }
    }

    @Test func aKeyReadOnceIsKeptInTheKernelKeyringForTheNextRuns() async throws {
        try await withKeyring { keyring, env in
            #expect(try await env.run(["login"]).code == 0)
            #expect(try await env.run(["token"]).code == 0)
            #expect(try await keyring.cachedKey(env) != nil)
            // The Secret Service is now locked, but the next runs do not ask it.
            try await keyring.lock()
            #expect(try await env.run(["token"]).code == 0)
            let description = try SecretServiceSession.cacheDescription(env)
            #expect(try await env.run(["logout"]).code == 0)
            // The key left the kernel keyring with the last profile (the Secret Service, locked, keeps its item).
            #expect(try await keyring.keyctl(["search", "@u", "user", description]).code != 0)
        }
    }
}

/// A Secret Service, a sandbox and a `KAUTH_HOME` whose kauth finds both, for `body`; all
/// stopped and removed afterwards.
private func withKeyring(_ body: (SecretServiceSession, TestEnvironment) async throws -> Void) async throws {
    let keyring = try await SecretServiceSession()
    defer { keyring.stop() }
    let sandbox = try await SandboxProcess()
    defer { sandbox.stop() }
    var env = TestEnvironment(sandbox: sandbox)
    defer { env.remove() }
    env.useFollowingBrowser()
    env.variables.merge(keyring.variables) { $1 }
    try await body(keyring, env)
    // Nothing of the test's left in the kernel keyring either.
    try? await keyring.dropCachedKey(env)
}

/// A session bus and an unlocked gnome-keyring of the test's own, stopped by `stop()`.
final class SecretServiceSession: @unchecked Sendable {
    /// Why these tests cannot run here, or nil.
    static let missing: String? = {
        for tool in ["dbus-daemon", "gnome-keyring-daemon", "gdbus", "secret-tool", "keyctl"]
        where !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool) {
            return
                "\(tool) is not installed (Debian: apt-get install dbus-daemon gnome-keyring libglib2.0-bin libsecret-tools keyutils)"
        }
        // Looked for, not loaded: glib has no business in the test runner.
        let folders = ["/usr/lib", "/usr/lib64", "/lib"].flatMap {
            [$0]
                + ((try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? []).filter {
                    $0.hasSuffix("-linux-gnu")
                }.map { "/usr/lib/" + $0 }
        }
        guard folders.contains(where: { FileManager.default.fileExists(atPath: $0 + "/libsecret-1.so.0") }) else {
            return "libsecret-1.so.0 is not installed (Debian: apt-get install libsecret-1-0)"
        }
        return nil
    }()

    let base: String
    let address: String
    let bus: pid_t
    /// gnome-keyring-daemon's pid.
    let daemon: pid_t

    var variables: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    init() async throws {
        base = TemporaryDirectory().path
        mkdir(base + "/run", 0o700)
        let home = [
            "HOME": base, "XDG_DATA_HOME": base + "/data", "XDG_RUNTIME_DIR": base + "/run", "PATH": "/usr/bin:/bin"
        ]
        // The daemons fork into the background: they get none of the test's descriptors (a pipe,
        // or the socket Foundation watches to see a child exit, would stay open as long as they run).
        let started = try await Spawned(
            [
                "-c",
                Self.closingDescriptors
                    + "exec dbus-daemon --session --fork --print-address=1 --print-pid=1 >'\(base)/bus' 2>&1"
            ],
            environment: home, executable: "/bin/bash"
        ).wait()
        let lines = ((try? String(contentsOfFile: base + "/bus", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
        guard started.code == 0, lines.count >= 2, let pid = pid_t(lines[1]) else {
            throw Failure("dbus-daemon did not start: \(lines)")
        }
        address = lines[0]
        bus = pid
        var environment = home
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        let unlocked = try await Spawned(
            [
                "-c",
                Self.closingDescriptors
                    + "printf %s PASS | exec gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1"
            ],
            environment: environment, executable: "/bin/bash"
        ).wait()
        var owner: pid_t?
        for _ in 0..<100 {
            let answer = try await Spawned(
                [
                    "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                    "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.secrets"
                ],
                environment: environment, executable: "/usr/bin/gdbus"
            ).wait()
            // "(uint32 12345,)"
            if answer.code == 0, let number = answer.out.split(separator: " ").last?.filter(\.isNumber),
                let pid = pid_t(number), pid > 1
            {
                owner = pid
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard let owner else {
            kill(bus, SIGKILL)
            throw Failure("gnome-keyring-daemon did not take org.freedesktop.secrets: \(unlocked.err)")
        }
        daemon = owner
    }

    /// Bash that closes every descriptor above 2 before the command that follows.
    static let closingDescriptors =
        "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done 2>/dev/null; exec </dev/null; "

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// org.freedesktop.Secret.Service.Lock on the login collection, as a screen locker might.
    func lock() async throws {
        let result = try await gdbus([
            "call", "--session", "--dest", "org.freedesktop.secrets", "--object-path", "/org/freedesktop/secrets",
            "--method", "org.freedesktop.Secret.Service.Lock", "['/org/freedesktop/secrets/collection/login']"
        ])
        guard result.code == 0 else { throw Failure("Lock failed: \(result.err)") }
    }

    /// How many items hold a key for the keystore folder `home` (locked ones included).
    func items(home: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/secret-tool")
        process.arguments = ["search", "--all", "kauth_home", home]
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("[/") }.count
    }

    /// What kauth calls its copy of the keystore's key in the kernel keyring.
    static func cacheDescription(_ env: TestEnvironment) throws -> String {
        let file = try parseJSON(try String(contentsOfFile: env.credentialsPath, encoding: .utf8))
        return "kauth:\(file["encryption"]?["key_id"]?.stringValue ?? ""):\(env.home)"
    }

    /// The kernel keyring's id of kauth's copy of the key, if there is one.
    func cachedKey(_ env: TestEnvironment) async throws -> String? {
        let found = try await keyctl(["search", "@u", "user", try Self.cacheDescription(env)])
        return found.code == 0 ? found.out.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// Drops kauth's copy of the key from the kernel keyring, so the next run asks the keyring.
    func dropCachedKey(_ env: TestEnvironment) async throws {
        guard let id = try await cachedKey(env) else { return }
        let dropped = try await keyctl(["invalidate", id])
        guard dropped.code == 0 else { throw Failure("keyctl invalidate failed: \(dropped.err)") }
    }

    func keyctl(_ arguments: [String]) async throws -> RunResult {
        try await Spawned(arguments, environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/keyctl").wait()
    }

    private func gdbus(_ arguments: [String]) async throws -> RunResult {
        try await Spawned(
            arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"],
            executable: "/usr/bin/gdbus"
        ).wait()
    }

    /// Ends the keyring daemon and the bus (a stopped daemon is woken first, or SIGKILL would wait).
    func stop() {
        kill(daemon, SIGCONT)
        kill(daemon, SIGKILL)
        kill(bus, SIGKILL)
        try? FileManager.default.removeItem(atPath: base)
    }
}
