import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

/// Another local user attacks the redirect listener of a real `kauth login` (against `kauth
/// sandbox`): idle connections by the thousand, with kauth short of descriptors, and a browser
/// that lives on after kauth. The login must still succeed.
///
/// Logins pass `--port` explicitly and read the port from the printed URL.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: prlimit)))
struct ListenerFloodEndToEndTests {
    @Test func twoThousandIdleConnectionsDoNotStopALogin() async throws {
        // The flood's sockets are this process's own.
        try #require(raiseDescriptorLimit(to: 4096) >= 2100)
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        // kauth gets the soft limit most sessions have, 1,024 descriptors: before the listener
        // was bounded, ~1,000 idle connections ran it out and its accept loop gave up.
        let login = try env.spawnLimited(descriptors: 1024, ["login", "--no-browser", "--port", "0", "--timeout", "60"])
        let (authorize, port) = try await printedAuthorizeURL(of: login)

        let flood = RawConnection.flood(port: port, count: 2000)
        #expect(flood.count == 2000)
        let page = try await followLikeABrowser(authorize)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("You are logged in"))
        let result = await login.wait()
        #expect(result.code == 0, "\(result.err)")
        withExtendedLifetime(flood) {}
    }

    @Test(arguments: [128, 40])
    func aLoginShortOfDescriptorsSurvivesAFlood(descriptors: Int) async throws {
        // 128: the brief's figure, above the listener's 64 connections; 40: fewer descriptors
        // than connections, so accept() runs into EMFILE and the listener must carry on.
        try #require(raiseDescriptorLimit(to: 4096) >= 1000)
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let login = try env.spawnLimited(
            descriptors: descriptors, ["login", "--no-browser", "--port", "0", "--timeout", "60"])
        let (authorize, port) = try await printedAuthorizeURL(of: login)

        let flood = RawConnection.flood(port: port, count: 500)
        #expect(flood.count == 500)
        let page = try await followLikeABrowser(authorize)
        #expect(page.status == 200)
        let result = await login.wait()
        #expect(result.code == 0, "\(result.err)")
        withExtendedLifetime(flood) {}
    }

    @Test func aBrowserThatOutlivesAKilledKauthDoesNotKeepThePort() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let port = try freePort()
        // A "browser" that leaves a process running, as a real one does, and lists what it
        // inherited from kauth.
        let lingering = env.home + ".lingering.pid"
        let inherited = env.home + ".browser-fds"
        let record = env.home + ".browser-url"
        let script = env.home + ".lingering-browser.sh"
        try """
        #!/bin/sh
        ls -l /proc/$$/fd > '\(inherited)'
        sleep 60 </dev/null >/dev/null 2>&1 &
        echo $! > '\(lingering)'
        for last in "$@"; do :; done
        '\(pageURLScript)' "$last" >> '\(record)'
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let endBrowser = {
            if let pid = try? String(contentsOfFile: lingering, encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines), let id = Int32(pid)
            {
                kill(id, SIGKILL)
            }
        }
        defer { endBrowser() }

        let first = try env.spawn(["login", "--port", String(port), "--timeout", "60"], extra: ["BROWSER": script])
        _ = try await firstLine(of: record)
        kill(first.process.processIdentifier, SIGKILL)
        // Not `wait()` nor `waitUntilExit()`: Foundation may take the exit for when the last
        // copy of the child's descriptors closes, and a leaking kauth left those to the browser.
        #expect(processEnds(first.process.processIdentifier))
        let fds = try String(contentsOfFile: inherited, encoding: .utf8)
        #expect(!fds.contains("socket:"), "the browser inherited a socket from kauth:\n\(fds)")

        // The next login binds the same port while the first one's browser still runs.
        env.useFollowingBrowser()
        let second = try await env.run(["login", "--port", String(port), "--timeout", "20"])
        #expect(second.code == 0, "\(second.err)")
        #expect(!second.err.contains("already in use"))
        endBrowser()
        _ = await first.wait()
    }
}

let prlimit = "/usr/bin/prlimit"

extension TestEnvironment {
    /// Runs kauth with its descriptor limit (soft and hard) set to `descriptors`, by prlimit.
    func spawnLimited(descriptors: Int, _ arguments: [String]) throws -> Spawned {
        try Spawned(
            ["--nofile=\(descriptors):\(descriptors)", "--", kauthBinary] + arguments, environment: variables,
            executable: prlimit)
    }
}

/// The authorize URL a `--no-browser` login printed, and its listener's port (from the
/// `redirect_uri` it carries).
func printedAuthorizeURL(of login: Spawned) async throws -> (url: String, port: UInt16) {
    let printed = try await login.waitForErr(containing: "and press Enter")
    let url = try #require(
        printed.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
            $0.contains("/oauth/authorize?")
        })
    let redirect = try #require(queryItems(url).first(named: "redirect_uri"))
    let port = try #require(URLComponents(string: redirect)?.port.flatMap { UInt16(exactly: $0) })
    return (url, port)
}

/// Whether process `pid` is gone (or a zombie) within `timeout`.
func processEnds(_ pid: Int32, timeout: Duration = .seconds(10)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command name in parentheses: "PID (name) S ...".
        if let close = stat.lastIndex(of: ")"),
            stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
        {
            return true
        }
        usleep(10_000)
    }
    return false
}

/// A port nothing listens on right now.
func freePort() throws -> UInt16 {
    let probe = try LoopbackServer { _ in .text(200, "") }
    defer { probe.stop() }
    return probe.port
}

/// Raises this process's soft descriptor limit towards `wanted` (never above the hard limit)
/// and returns the soft limit now in force.
func raiseDescriptorLimit(to wanted: Int) -> Int {
    var limit = rlimit()
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    guard getrlimit(resource, &limit) == 0 else { return 0 }
    if limit.rlim_cur < rlim_t(wanted) {
        limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        _ = setrlimit(resource, &limit)
        _ = getrlimit(resource, &limit)
    }
    return Int(limit.rlim_cur)
}
