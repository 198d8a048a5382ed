import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

/// The package root, from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Prints the URL a browser given its argument goes to (the page kauth writes forwards to it).
let pageURLScript = packageRoot + "/Tests/Scripts/page-url.sh"

/// The built `kauth`: `KAUTH_BIN`, else `.build/debug/kauth`.
let kauthBinary: String = ProcessInfo.processInfo.environment["KAUTH_BIN"] ?? packageRoot + "/.build/debug/kauth"

/// What a finished `kauth` run printed and returned.
struct RunResult: Sendable {
    var code: Int32
    var out: String
    var err: String
}

/// A `kauth` process that is still running. Its output is collected as it arrives, so a test can
/// read what it printed so far (the authorize URL) while it waits.
final class Spawned: @unchecked Sendable {
    let process = Process()
    private let outPipe = Pipe()
    private let errPipe = Pipe()
    private let inPipe = Pipe()
    private let lock = NSLock()
    private var outData = Data()
    private var errData = Data()
    /// Pipes read to their end (two when all output is in).
    private var drained = 0

    init(_ arguments: [String], environment: [String: String], executable: String = kauthBinary) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        drain(outPipe) { spawned, data in spawned.outData.append(data) }
        drain(errPipe) { spawned, data in spawned.errData.append(data) }
    }

    /// Reads `pipe` to its end on a thread of its own, so that nothing written before the exit
    /// can be lost between a read handler and a final read (Foundation's `readabilityHandler`
    /// may still be running when it is removed).
    private func drain(_ pipe: Pipe, into keep: @escaping @Sendable (Spawned, Data) -> Void) {
        let handle = pipe.fileHandleForReading
        Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                self.lock.withLock { keep(self, data) }
            }
            self.lock.withLock { self.drained += 1 }
        }.start()
    }

    /// Standard error so far.
    var errSoFar: String {
        lock.withLock { String(decoding: errData, as: UTF8.self) }
    }

    /// Writes to the process's standard input.
    func write(_ text: String) {
        inPipe.fileHandleForWriting.write(Data(text.utf8))
    }

    func closeInput() {
        try? inPipe.fileHandleForWriting.close()
    }

    /// Waits until standard error contains `text`, and returns all of it.
    func waitForErr(containing text: String, timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let err = errSoFar
            if err.contains(text) { return err }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw URLError(.timedOut)
    }

    /// Waits for the exit (at most `timeout`, then kills it and records a failure).
    func wait(timeout: Duration = .seconds(60)) async -> RunResult {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                Issue.record("kauth \(process.arguments ?? []) did not exit within \(timeout)")
                // SIGKILL: processes spawned from the test runner inherit its blocked SIGTERM.
                kill(process.processIdentifier, SIGKILL)
                break
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        process.waitUntilExit()
        closeInput()
        // The output ends when every holder of the pipes closed them: kauth, and anything it
        // started (a browser script) that has not exited yet; that is waited for a while.
        let drainedBy = ContinuousClock.now + .seconds(10)
        while lock.withLock({ drained < 2 }), ContinuousClock.now < drainedBy {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return lock.withLock {
            RunResult(
                code: process.terminationStatus,
                out: String(decoding: outData, as: UTF8.self),
                err: String(decoding: errData, as: UTF8.self)
            )
        }
    }
}

/// A fresh KAUTH_HOME and the environment for running kauth against a sandbox.
struct TestEnvironment: Sendable {
    let home: String
    var variables: [String: String]

    init(sandbox: SandboxProcess?) {
        let base = TemporaryDirectory().path
        home = base + "/home"
        variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": base,
            "KAUTH_HOME": home
        ]
        if let sandbox {
            // Exactly what the sandbox prints for a user to source.
            variables.merge(sandbox.exports) { $1 }
            variables["KAUTH_CLIENT_ID"] = "e2e-app"
        }
    }

    var credentialsPath: String { home + "/credentials.json" }

    /// A BROWSER that writes the URL it would open to a file and does nothing else: like a
    /// browser, it opens the page kauth gives it and reads where that forwards to.
    mutating func useRecordingBrowser() -> String {
        let record = home + ".browser-url"
        let script = home + ".browser.sh"
        try? "#!/bin/sh\nfor last in \"$@\"; do :; done\n'\(pageURLScript)' \"$last\" >> '\(record)'\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        variables["BROWSER"] = script
        return record
    }

    /// A BROWSER that follows the authorize URL into the listener, as a person's browser would.
    mutating func useFollowingBrowser() {
        variables["BROWSER"] = packageRoot + "/Tests/Scripts/follow-browser.sh"
    }

    func run(_ arguments: [String], extra: [String: String] = [:], timeout: Duration = .seconds(60)) async throws
        -> RunResult
    {
        try await Spawned(arguments, environment: variables.merging(extra) { $1 }).wait(timeout: timeout)
    }

    func spawn(_ arguments: [String], extra: [String: String] = [:]) throws -> Spawned {
        try Spawned(arguments, environment: variables.merging(extra) { $1 })
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: home).deletingLastPathComponent().path)
    }
}

/// `kauth sandbox` running as its own process, with its control endpoints.
final class SandboxProcess: @unchecked Sendable {
    let spawned: Spawned
    let baseURL: String
    /// The `export NAME=VALUE` lines it printed.
    let exports: [String: String]
    let http = HTTPClient.live

    init(_ flags: [String] = []) async throws {
        let output = NSTemporaryDirectory() + "kauth-sandbox-\(UUID().uuidString).env"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        // stdout goes to a file so the harness can read the exported URL while the sandbox runs.
        let shell =
            "exec '\(kauthBinary)' sandbox --port 0 --quiet \(flags.map { "'\($0)'" }.joined(separator: " ")) > '\(output)'"
        spawned = try Spawned(["-c", shell], environment: ["PATH": "/usr/bin:/bin"], executable: "/bin/sh")
        var exports: [String: String] = [:]
        for _ in 0..<400 {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            // Complete once the last line, the redirect port, is there.
            if text.contains("KAUTH_REDIRECT_PORT=") && text.hasSuffix("\n") {
                for line in text.split(separator: "\n") where line.hasPrefix("export ") {
                    let pair = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1)
                    if pair.count == 2 { exports[String(pair[0])] = String(pair[1]) }
                }
                break
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        try? FileManager.default.removeItem(atPath: output)
        guard let base = exports.first(where: { $0.key.hasSuffix("_AUTH_URL") })?.value else {
            kill(spawned.process.processIdentifier, SIGKILL)
            throw SandboxStartFailure()
        }
        baseURL = base
        self.exports = exports
    }

    struct SandboxStartFailure: Error {}

    func stop() {
        // A process spawned from the test runner inherits its signal mask, in which SIGTERM is
        // blocked: a terminate() stays pending and the sandbox outlives the test. SIGKILL cannot
        // be blocked.
        kill(spawned.process.processIdentifier, SIGKILL)
    }

    /// POSTs a form to a control endpoint such as `/_sandbox/config`.
    @discardableResult
    func control(_ path: String, _ form: [(String, String)] = []) async throws -> HTTPResponse {
        try await http.send(.form(baseURL + path, form))
    }

    /// The request log as JSON objects.
    func log() async throws -> [JSONValue] {
        let response = try await http.send(HTTPRequest(method: "GET", url: baseURL + "/_sandbox/log"))
        guard case .array(let entries) = try JSONDecoder().decode(JSONValue.self, from: response.body) else {
            return []
        }
        return entries
    }

    /// Log entries of token calls with this grant type.
    func tokenCalls(_ grantType: String) async throws -> Int {
        try await log().filter {
            $0["path"]?.stringValue == "/oauth/token" && $0["grant_type"]?.stringValue == grantType
        }.count
    }
}

/// Follows `url` like a browser: GET, and on a 3xx the `Location`, up to a few hops. Returns the
/// final response.
func followLikeABrowser(_ url: String) async throws -> HTTPResponse {
    var next = url
    for _ in 0..<5 {
        let response = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: next))
        guard (300..<400).contains(response.status), let location = response.headers.value(for: "Location") else {
            return response
        }
        next = location
    }
    throw URLError(.httpTooManyRedirects)
}

/// Waits until `path` holds a line, and returns the first.
func firstLine(of path: String, timeout: Duration = .seconds(20)) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if let text = try? String(contentsOfFile: path, encoding: .utf8), let line = text.split(separator: "\n").first {
            return String(line)
        }
        try await Task.sleep(for: .milliseconds(20))
    }
    throw URLError(.timedOut)
}

/// The query parameters of a URL.
func queryItems(_ url: String) -> [(String, String)] {
    guard let mark = url.firstIndex(of: "?") else { return [] }
    return FormURLEncoding.decode(String(url[url.index(after: mark)...]))
}

extension SandboxProcess {
    /// A JSON array from a control endpoint such as `/_sandbox/memos`.
    func records(_ path: String) async throws -> [JSONValue] {
        let response = try await http.send(HTTPRequest(method: "GET", url: baseURL + path))
        guard case .array(let items) = try JSONDecoder().decode(JSONValue.self, from: response.body) else { return [] }
        return items
    }

    /// Logged requests to `path`.
    func calls(_ path: String) async throws -> [JSONValue] {
        try await log().filter { $0["path"]?.stringValue == path }
    }
}

extension TestEnvironment {
    /// Writes `text` to a file in the test's folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = home + "." + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func file(_ name: String, _ data: Data) throws -> String {
        let path = home + "." + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// A JSON document kauth printed.
func parseJSON(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}
