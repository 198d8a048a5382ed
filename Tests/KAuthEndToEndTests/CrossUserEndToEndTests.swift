import Foundation
import KAuthCore
import Testing

/// Another local user tries to finish the victim's login, address picker and device grant first
/// (`Tests/Scripts/cross-user-attacker.sh`, run under a uid made for the test). Every user can
/// read every process's command line and connect to every port on 127.0.0.1; the victim's
/// browser takes a couple of seconds to make its first request, as a real one does.
///
/// Two defences, each tested on its own: what the browser's command line shows is useless to
/// another user (the attack from the command line finds a page it cannot read), and the
/// listener answers another user's connection with 403 alone (the attack given the start link
/// itself, as if the first defence had failed).
@Suite(.serialized, .enabled(if: OtherUser.unavailableReason == nil, "\(OtherUser.unavailableReason ?? "")"))
struct CrossUserEndToEndTests {
    @Test func anotherUserCannotFinishTheLogin() async throws {
        let attacker = try OtherUser.create()
        defer { attacker.remove() }
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let browserResult = env.useSlowBrowser()

        let victim = try env.spawn(["login", "--timeout", "30"])
        let attack = try attacker.attack("login", watching: env.slowBrowser)
        let result = await victim.wait()
        let attempt = await attack.wait()
        #expect(
            attempt.out.contains("found=page") && attempt.out.contains("page=unreadable"),
            "the attacker got further: \(attempt.out)")
        #expect(!attempt.out.contains("result="))
        #expect(result.code == 0, "\(result.err)")
        // The login is the browser's own: its request went through and it was told so.
        #expect(try await firstLine(of: browserResult) == "200")
        #expect(try await sandbox.calls("/oauth/authorize").count == 1)
    }

    @Test func theListenerAnswersAnotherUserWithA403Only() async throws {
        let attacker = try OtherUser.create()
        defer { attacker.remove() }
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let record = env.useRecordingBrowser()

        let victim = try env.spawn(["login", "--timeout", "30"])
        let startLink = try await firstLine(of: record)
        // As if the first defence had failed: the attacker has the start link itself.
        let attempt = await (try attacker.attack("login", startLink)).wait()
        #expect(attempt.out.contains("found=url") && attempt.out.contains("result=403"), "\(attempt.out)")
        #expect(try await sandbox.calls("/oauth/authorize").isEmpty, "the attacker was sent on to the provider")
        _ = try await victim.waitForErr(containing: "from another user of this machine (uid \(attacker.uid))")
        // The link was not used up: the user's own browser still logs in with it.
        let page = try await followLikeABrowser(startLink)
        #expect(page.status == 200)
        let result = await victim.wait()
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("paste here the address"), "the paste path is offered after a refusal")
    }

    @Test func anotherUserCannotAddAnAddressThroughThePicker() async throws {
        let attacker = try OtherUser.create()
        defer { attacker.remove() }
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = try await loggedIn(sandbox, arguments: ["--scopes", "shipping_address"])
        defer { env.remove() }
        try await sandbox.control(
            "/_sandbox/picker",
            [("outcome", "choose"), ("address_id", "7100003"), ("detail_address", "The attacker's door")])
        let browserResult = env.useSlowBrowser()

        let victim = try env.spawn(["shipping", "select", "--json", "--timeout", "30"])
        let attack = try attacker.attack("picker", watching: env.slowBrowser)
        let result = await victim.wait()
        let attempt = await attack.wait()
        #expect(
            attempt.out.contains("found=page") && attempt.out.contains("page=unreadable"),
            "the attacker got further: \(attempt.out)")
        #expect(result.code == 0, "\(result.err)")
        #expect(try parseJSON(result.out)["address_id"] == .number(7_100_003))
        #expect(!result.out.contains("The attacker's door"))
        #expect(try await firstLine(of: browserResult) == "200")
        let pages = try await sandbox.records("/_sandbox/picker-visits").compactMap { $0["page"]?.stringValue }
        #expect(!pages.contains("create"), "the attacker opened the create page: \(pages)")

        // Given the start link itself, the attacker gets a 403 from the picker's listener too.
        let record = env.useRecordingBrowser()
        let second = try env.spawn(["shipping", "select", "--timeout", "30"])
        let startLink = try await firstLine(of: record)
        let refused = await (try attacker.attack("picker", startLink)).wait()
        #expect(refused.out.contains("start=403") && !refused.out.contains("result="), "\(refused.out)")
        #expect(try await followLikeABrowser(startLink).status == 200)
        let chosen = await second.wait()
        #expect(chosen.code == 0, "\(chosen.err)")
        #expect(chosen.err.contains("(uid \(attacker.uid))"))
    }

    @Test func anotherUserCannotApproveTheDeviceGrant() async throws {
        let attacker = try OtherUser.create()
        defer { attacker.remove() }
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        try await sandbox.control("/_sandbox/config", [("device_interval", "1")])
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let record = env.useSlowBrowser(follows: false)

        let victim = try env.spawn([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "tv", "--device", "--timeout",
            "40"
        ])
        let attempt = await (try attacker.attack("device", watching: env.slowBrowser)).wait()
        #expect(
            attempt.out.contains("found=page") && attempt.out.contains("page=unreadable"),
            "the attacker got further: \(attempt.out)")
        #expect(try await sandbox.calls("/device").isEmpty, "the attacker reached the verification page")
        // The code is on the victim's terminal to compare with the page (RFC 8628 §5.4).
        let complete = try await firstLine(of: record)
        let userCode = try #require(queryItems(complete).first(named: "user_code"))
        _ = try await victim.waitForErr(containing: userCode)
        // The user's own browser approves it.
        #expect(try await followLikeABrowser(complete).status == 200)
        let result = await victim.wait()
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("Approve only if the page shows this same code"))
    }
}

extension TestEnvironment {
    /// The script `useSlowBrowser` makes.
    var slowBrowser: String { home + ".slow-browser.sh" }

    /// A BROWSER that, like a real one, takes two seconds before its first request, then opens
    /// what it was given and follows it; returns the file it writes the final HTTP status to.
    /// With `follows` false it writes where it would go instead, and stays open for five seconds
    /// without going there. Like a browser, it keeps the URL off command lines.
    mutating func useSlowBrowser(follows: Bool = true) -> String {
        let result = home + ".browser-status"
        let script = slowBrowser
        let act =
            follows
            ? "sleep 2\nprintf 'url = \"%s\"\\n' \"$url\" | curl --silent --location --max-time 20 --output /dev/null --write-out '%{http_code}\\n' --config - > '\(result)'"
            : "printf '%s\\n' \"$url\" > '\(result)'\nsleep 5"
        try? """
        #!/bin/sh
        for last in "$@"; do :; done
        url="$('\(pageURLScript)' "$last")"
        \(act)

        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        variables["BROWSER"] = script
        return result
    }
}

/// A local user made for one test (`useradd`), removed after it; the attacker runs as that user
/// (`setpriv`). Needs root, as the suite has in CI.
struct OtherUser {
    let name: String
    let uid: UInt32
    let gid: UInt32
    /// A folder everyone can read, with the attacker's script in it.
    let folder: String

    static let useradd = ["/usr/sbin/useradd", "/sbin/useradd"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let userdel = ["/usr/sbin/userdel", "/sbin/userdel"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why the cross-user tests cannot run here; nil when they can.
    static let unavailableReason: String? = {
        #if os(Linux)
            if geteuid() != 0 { return "the cross-user attack tests need root, to create a second local user" }
            if useradd == nil || userdel == nil {
                return "the cross-user attack tests need useradd and userdel (the passwd package)"
            }
            if setpriv == nil { return "the cross-user attack tests need setpriv (util-linux)" }
            if !FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") {
                return "the cross-user attack tests need curl"
            }
            return nil
        #else
            return "the cross-user attack tests run on Linux (the listener's owner check is Linux's)"
        #endif
    }()

    static func create() throws -> OtherUser {
        let name = "kauth-x" + String(UInt32.random(in: 0..<UInt32.max), radix: 36)
        guard run(useradd!, ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name]) == 0,
            let passwd = getpwnam(name)
        else { throw Failure(message: "useradd \(name) failed") }
        let uid = passwd.pointee.pw_uid
        let gid = passwd.pointee.pw_gid
        var template = Array((NSTemporaryDirectory() + "kauth-attacker-XXXXXX").utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        chmod(folder, 0o755)
        let script = folder + "/attacker.sh"
        try FileManager.default.copyItem(atPath: packageRoot + "/Tests/Scripts/cross-user-attacker.sh", toPath: script)
        chmod(script, 0o755)
        return OtherUser(name: name, uid: uid, gid: gid, folder: folder)
    }

    /// Starts the attacker script as this user: `mode` and, when given, the URL to use. It reads
    /// only command lines that contain `watching` (the victim's browser's): other tests on the
    /// same machine start browsers too.
    func attack(_ mode: String, _ url: String? = nil, watching: String? = nil) throws -> Spawned {
        let arguments =
            ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--", "/bin/sh", folder + "/attacker.sh", mode]
            + (url.map { [$0] } ?? [])
        return try Spawned(
            arguments, environment: ["PATH": "/usr/bin:/bin", "WATCH": watching ?? ""], executable: Self.setpriv!)
    }

    func remove() {
        _ = Self.run(Self.userdel!, [name])
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct Failure: Error { var message: String }

    @discardableResult
    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
