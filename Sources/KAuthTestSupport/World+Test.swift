import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// Captures what a command writes to stdout and stderr.
package final class TerminalRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    private var input: [String]

    package init(input: [String] = []) {
        self.input = input
    }

    package var out: String { lock.withLock { outText } }
    package var err: String { lock.withLock { errText } }

    package var terminal: Terminal {
        Terminal(
            writeOut: { text in self.lock.withLock { self.outText += text } },
            writeErr: { text in self.lock.withLock { self.errText += text } },
            readLine: { self.lock.withLock { self.input.isEmpty ? nil : self.input.removeFirst() } },
            stderrIsTerminal: false,
            stdinIsTerminal: false,
            columns: 80
        )
    }
}

/// An HTTP client answered by a closure, recording every request it was sent.
package final class FakeHTTP: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private let responder: @Sendable (HTTPRequest) throws -> HTTPResponse

    package init(_ responder: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        self.responder = responder
    }

    package var requests: [HTTPRequest] { lock.withLock { recorded } }

    package var client: HTTPClient {
        HTTPClient { request in
            self.lock.withLock { self.recorded.append(request) }
            return try self.responder(request)
        }
    }

    /// A JSON response.
    package static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")], body: Data(text.utf8))
    }
}

extension HTTPRequest {
    /// The decoded form body.
    package var form: [(String, String)] {
        FormURLEncoding.decode(String(decoding: body ?? Data(), as: UTF8.self))
    }
}

extension World {
    /// A world in which a test states exactly what the code under test may touch. The network,
    /// the browser, the loopback listener and the file system record a test failure when used,
    /// unless the test passes its own (a test that really reads or writes files passes `.live`,
    /// with its paths in a `TemporaryDirectory`). The rest are quiet, fixed stand-ins rather than
    /// failures: a clock stopped at 2026-01-01 00:00 UTC that returns from `sleep` at once, a
    /// seeded random source, a terminal whose output is discarded, an empty environment, and a
    /// keyring that is unavailable as on a headless machine.
    package static func test(
        http: HTTPClient? = nil,
        clock: Clock? = nil,
        random: RandomSource? = nil,
        browser: Browser? = nil,
        fileSystem: FileSystem? = nil,
        terminal: Terminal? = nil,
        environment: [String: String] = [:],
        listener: Listener? = nil,
        keyring: Keyring? = nil,
        processes: Processes? = nil
    ) -> World {
        World(
            http: http
                ?? HTTPClient { request in
                    Issue.record("unexpected HTTP request \(request.method) \(request.url)")
                    throw HTTPTransportError.connectionFailed(url: request.url, detail: "not expected in this test")
                },
            clock: clock ?? Clock(now: { Date(timeIntervalSince1970: 1_767_225_600) }, sleep: { _ in }),
            random: random ?? .seeded(1),
            browser: browser ?? Browser { url in Issue.record("unexpected browser open \(url)") },
            fileSystem: fileSystem ?? .unexpected,
            terminal: terminal ?? TerminalRecorder().terminal,
            environment: Environment(environment),
            listener: listener ?? Listener(UnexpectedListenerStart()),
            // As on a headless machine: no session bus, so logins write a plain file.
            keyring: keyring ?? .none(.noSessionBus),
            processes: processes ?? .unexpected
        )
    }
}

extension Processes {
    /// A test's processes when it expects none to be started or signalled: every use is
    /// recorded as an issue.
    fileprivate static let unexpected = Processes(
        startSelfDetached: { arguments, _ in
            Issue.record("unexpected process start \(arguments("ready"))")
            throw ProcessStartError.noExecutable
        },
        commandLine: { pid in
            Issue.record("unexpected read of process \(pid)")
            return nil
        },
        runsThisProgram: { _ in false },
        signal: { pid, _ in
            Issue.record("unexpected signal to process \(pid)")
            return false
        },
        exists: { _ in false },
        currentID: { 1 }
    )
}

extension FileSystem {
    /// A test's file system when it expects no file to be touched: every use is recorded as an
    /// issue, and fails.
    fileprivate static let unexpected = FileSystem(
        readFile: { path in throw unexpectedUse("read", path) },
        readUserFile: { path in throw unexpectedUse("read", path) },
        writeFileAtomically: { path, _, _ in throw unexpectedUse("write", path) },
        removeFile: { path in throw unexpectedUse("remove", path) },
        fileInfo: { path in throw unexpectedUse("stat", path) },
        createDirectory: { path, _ in throw unexpectedUse("create folder", path) },
        lockExclusive: { path, _ in throw unexpectedUse("lock", path) },
        currentUserID: {
            Issue.record("unexpected file system use: current user id")
            return UInt32.max
        },
        writeAccess: { path in
            Issue.record("unexpected file system use: write access \(path)")
            return .refused("not expected in this test")
        }
    )

    private static func unexpectedUse(_ operation: String, _ path: String) -> FileSystemError {
        Issue.record("unexpected file system use: \(operation) \(path)")
        return .io(path: path, operation: operation, reason: "not expected in this test")
    }
}

/// A fresh temporary folder, removed by `remove()`.
package struct TemporaryDirectory: Sendable {
    package let path: String

    package init() {
        let template = NSTemporaryDirectory() + "kauth-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        path = bytes.withUnsafeMutableBufferPointer { buffer in
            String(cString: mkdtemp(buffer.baseAddress!))
        }
    }

    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A test's listener when it expects none, for any judge: a start is recorded as an issue and fails.
private struct UnexpectedListenerStart: ListenerStarting {
    func start<Judge: CallbackJudging>(
        _ config: LoopbackListenerConfig<Judge>, _ notice: @escaping @Sendable (ListenerNotice) -> Void
    ) throws -> RunningLoopbackListener<Judge.Outcome, Judge.Conclusion> {
        Issue.record("unexpected listener start")
        throw LoopbackServerError.socket(operation: "bind", reason: "not expected in this test")
    }
}
