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
    /// A world whose every effect records a test failure when used, unless the test passes one:
    /// a test states exactly what the code under test may touch.
    package static func test(
        http: HTTPClient? = nil,
        clock: Clock? = nil,
        random: RandomSource? = nil,
        browser: Browser? = nil,
        fileSystem: FileSystem? = nil,
        terminal: Terminal? = nil,
        environment: [String: String] = [:],
        listener: Listener? = nil,
        keyring: Keyring? = nil
    ) -> World {
        World(
            http: http
                ?? HTTPClient { request in
                    Issue.record("unexpected HTTP request \(request.method) \(request.url)")
                    throw HTTPTransportError.unavailable("not expected in this test")
                },
            clock: clock ?? Clock(now: { Date(timeIntervalSince1970: 1_767_225_600) }, sleep: { _ in }),
            random: random ?? .seeded(1),
            browser: browser ?? Browser { url in Issue.record("unexpected browser open \(url)") },
            fileSystem: fileSystem ?? .live,
            terminal: terminal ?? TerminalRecorder().terminal,
            environment: Environment(environment),
            listener: listener ?? Listener(UnexpectedListenerStart()),
            // As on a headless machine: no session bus, so logins write a plain file.
            keyring: keyring ?? .none(.noSessionBus)
        )
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
