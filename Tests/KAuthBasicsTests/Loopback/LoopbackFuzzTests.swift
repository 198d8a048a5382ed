import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

/// Throws malformed, random, truncated, oversized, slow and abandoned requests (mutations of a
/// browser's redirect request) at a real `LoopbackServer` set up like the redirect listener,
/// then checks it still answers the real request.
///
/// `KAUTH_FUZZ_REQUESTS` sets the number of requests (default 3,000, a few seconds; `make fuzz`
/// sends 100,000) and `KAUTH_FUZZ_SEED` the seed (default random; printed, so a failure can be
/// replayed).
@Suite struct LoopbackFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let requestCount = environment["KAUTH_FUZZ_REQUESTS"].flatMap { Int($0) } ?? 3_000
    static let seed = environment["KAUTH_FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    /// Client connections at once: below the server's 64 slots, so that every connection is
    /// served rather than shed (shedding has tests of its own) and every answer can be checked.
    static let clients = 24
    static let limits = LoopbackServerLimits(
        maxHeaderBytes: 8 * 1024, maxBodyBytes: 16 * 1024, readTimeout: .seconds(1))
    /// How long after connecting a client waits for the answer or the close before it calls the
    /// connection hung: the server's deadline plus scheduling slack on a busy machine.
    static let patience: Duration = .seconds(1) + .seconds(4)

    @Test(.timeLimit(.minutes(60)))
    func malformedRequestsNeitherCrashNorHangNorGrowTheListener() async throws {
        let server = try LoopbackServer(limits: Self.limits) { request, send in
            // What the redirect listener does with a request, minus the login.
            guard request.method == "GET" else { return send(.text(405, "method not allowed\n")) }
            guard request.path == "/callback" else { return send(.text(404, "not found\n")) }
            guard request.query.first(named: "state") == "expected-state", request.query.first(named: "code") != nil
            else {
                return send(.text(400, "wrong state\n"))
            }
            send(.html(200, "<p>You are logged in. Return to the terminal.</p>"))
        }
        server.start()
        defer { server.stop() }

        let rssBefore = ProcessStatus.kilobytes("VmRSS")
        let started = ContinuousClock.now
        let tally = FuzzTally()
        let port = server.port
        let (count, seed, clients) = (Self.requestCount, Self.seed, Self.clients)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let remaining = Counter(clients)
            for client in 0..<clients {
                // Blocking socket work, on threads of its own rather than Swift's pool.
                Thread.detachNewThread {
                    var index = client
                    while index < count {
                        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
                        let fuzzCase = FuzzCase.make(&random, port: port)
                        tally.record(fuzzCase, fuzzCase.run(port: port, patience: Self.patience, random: &random))
                        index += clients
                    }
                    if remaining.decrement() == 0 { finished.resume() }
                }
            }
        }
        let elapsed = ContinuousClock.now - started

        // Every connection the server took is closed again within its deadline.
        #expect(
            eventually(timeout: Self.patience) { server.counters.open == 0 },
            "connections left open: \(server.counters.open)")
        // And the listener still does its job.
        let valid = RawSocketClient.exchange(port: port, FuzzCase.validRequest(port: port))
        #expect(valid.hasPrefix("HTTP/1.1 200 "))
        #expect(valid.contains("You are logged in"))

        let rssAfter = ProcessStatus.kilobytes("VmRSS")
        let peak = ProcessStatus.kilobytes("VmHWM")
        let summary = tally.summary
        let counters = server.counters
        print(
            """
            loopback fuzz: \(count) requests (seed \(seed)) in \(elapsed.components.seconds) s, \
            \(clients) clients: \(summary.answered) answered, \(summary.closedUnanswered) closed unanswered, \
            \(summary.abandoned) abandoned by the client, \(summary.hung) hung, \(summary.wrong.count) wrong answers; \
            server accepted \(counters.accepted), shed \(counters.shed), peak \(counters.peakOpen) open; \
            RSS \(rssBefore / 1024) MiB before, \(rssAfter / 1024) MiB after, test process peak \(peak / 1024) MiB; \
            statuses \(summary.statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
            """)

        #expect(summary.total == count)
        #expect(
            summary.hung == 0, "connections neither answered nor closed within \(Self.patience): \(summary.hungKinds)")
        #expect(summary.wrong.isEmpty, "unexpected answers: \(summary.wrong.prefix(10))")
        #expect(summary.validAnswered > 0)
        // Generous: a leak of a few hundred bytes per request would show at 100,000 requests.
        #expect(rssAfter - rssBefore < 256 * 1024, "RSS grew from \(rssBefore) kB to \(rssAfter) kB")
    }
}

/// One malformed (or, now and then, valid) exchange.
struct FuzzCase: Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case valid, randomBytes, mutated, hugeHeader, manyHeaders, slowloris, idle, earlyClose
        case pipelined, badContentLength, duplicateContentLength, nul, nonUTF8, oversizedBody
        case truncated, bareLineEnds, badEscape, controlInTarget
    }

    var kind: Kind
    var bytes: [UInt8]

    /// The statuses a kind may be answered with; nil: any status the server knows.
    var expectedStatuses: Set<Int>? {
        switch kind {
        case .valid: return [200]
        case .hugeHeader, .manyHeaders: return [431]
        case .slowloris, .idle: return [408]
        case .badContentLength, .duplicateContentLength, .nul, .nonUTF8, .bareLineEnds, .badEscape, .controlInTarget:
            return [400]
        case .oversizedBody: return [413]
        case .truncated: return [400, 408]
        case .pipelined: return [200]
        case .randomBytes, .mutated, .earlyClose: return nil
        }
    }

    static let knownStatuses: Set<Int> = [200, 400, 404, 405, 408, 413, 431, 501]

    static func validRequest(port: UInt16) -> String {
        "GET /callback?code=c0de-4242&state=expected-state HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: text/html,application/xhtml+xml\r\n"
            + "Accept-Language: ko-KR,ko;q=0.9\r\nConnection: keep-alive\r\n\r\n"
    }

    static func make(_ random: inout SplitMix64, port: UInt16) -> FuzzCase {
        let valid = Array(validRequest(port: port).utf8)
        let headEnd = valid.count - 2
        // Slow kinds take the server's whole deadline each: about one case in fifty.
        let roll = random.next(below: 100)
        let kind: Kind
        switch roll {
        case 0: kind = .slowloris
        case 1: kind = .idle
        default:
            let fast = Kind.allCases.filter { $0 != .slowloris && $0 != .idle }
            kind = fast[random.next(below: fast.count)]
        }
        var bytes = valid
        switch kind {
        case .valid, .slowloris, .idle, .earlyClose:
            break
        case .randomBytes:
            bytes = (0..<random.next(below: 4096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case .mutated:
            for _ in 0..<(1 + random.next(below: 8)) {
                let at = random.next(below: bytes.count)
                switch random.next(below: 3) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                default: if bytes.count > 1 { bytes.remove(at: at) }
                }
            }
        case .hugeHeader:
            let size = 9 * 1024 + random.next(below: 96 * 1024)
            bytes.insert(contentsOf: Array("X-Huge: \(String(repeating: "a", count: size))\r\n".utf8), at: headEnd)
        case .manyHeaders:
            // At least 1,000 lines: more than 8 KiB whatever their numbers.
            let lines = (0..<(1000 + random.next(below: 2000))).map { "X-\($0): v\r\n" }.joined()
            bytes.insert(contentsOf: Array(lines.utf8), at: headEnd)
        case .pipelined:
            bytes +=
                Array("GET /callback?state=x HTTP/1.1\r\n\r\n".utf8)
                + (0..<random.next(below: 2048)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case .badContentLength:
            let values = [
                "+5", "-0", "-1", "5 5", "0x5", "5,5", "5e1", "99999999999999999999999", "\u{0B}5", "five", "", "1_0"
            ]
            bytes = Array(
                "POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(values[random.next(below: values.count)])\r\n\r\nhello"
                    .utf8)
        case .duplicateContentLength:
            bytes = Array(
                "POST /callback HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: \(6 + random.next(below: 100))\r\n\r\nhello world"
                    .utf8)
        case .nul:
            // Into a header value: after the "Host: " of the second line.
            let at = valid.firstIndex(of: UInt8(ascii: "\n"))! + 7 + random.next(below: 5)
            bytes.insert(0, at: at)
        case .nonUTF8:
            let invalid: [[UInt8]] = [
                [0xFF], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80]
            ]
            let at = 4 + random.next(below: headEnd - 4)
            bytes.insert(contentsOf: invalid[random.next(below: invalid.count)], at: at)
        case .oversizedBody:
            let length = 16 * 1024 + 1 + random.next(below: 1 << 30)
            bytes =
                Array("POST /callback HTTP/1.1\r\nContent-Length: \(length)\r\n\r\n".utf8)
                + [UInt8](repeating: 0x61, count: random.next(below: 2048))
        case .truncated:
            bytes = Array(bytes[0..<random.next(below: headEnd)])
        case .bareLineEnds:
            let text = validRequest(port: port)
            bytes = Array(
                (random.next(below: 2) == 0
                    ? text.replacingOccurrences(of: "\r\nUser", with: "\nUser")
                    : text.replacingOccurrences(of: "\r\nAccept:", with: "\rAccept:")).utf8)
        case .badEscape:
            let escapes = ["%2F", "%2f", "%00", "%", "%4", "%zz", "%FF", "%C3%28", "%G1"]
            bytes = Array(
                "GET /callback\(escapes[random.next(below: escapes.count)])?code=c&state=expected-state HTTP/1.1\r\n\r\n"
                    .utf8)
        case .controlInTarget:
            let control = [0x00, 0x01, 0x08, 0x09, 0x0B, 0x1B, 0x7F][random.next(below: 7)]
            bytes =
                Array("GET /callback?code=c".utf8) + [UInt8(control)]
                + Array("&state=expected-state HTTP/1.1\r\n\r\n".utf8)
        }
        return FuzzCase(kind: kind, bytes: bytes)
    }

    enum Outcome: Sendable {
        case answered(status: Int?)
        case closedUnanswered
        /// The client closed first, on purpose.
        case abandoned
        case hung
    }

    func run(port: UInt16, patience: Duration, random: inout SplitMix64) -> Outcome {
        let opened = ContinuousClock.now
        guard let connection = RawConnection.open(port: port, timeout: patience) else { return .hung }
        var early: [UInt8] = []
        switch kind {
        case .idle:
            break
        case .slowloris:
            // A header that never ends, a few bytes at a time, until the server gives up.
            connection.send(Array("GET /callback?state=expected-state HTTP/1.1\r\n".utf8))
            while ContinuousClock.now - opened < patience {
                let (bytes, end) = connection.read(timeout: .milliseconds(100), limit: 1)
                early = bytes
                if !bytes.isEmpty || end != .stillOpen { break }
                if !connection.send("X-a: b\r\n") { break }
            }
        case .earlyClose:
            connection.send(Array(bytes.prefix(random.next(below: bytes.count))))
            return .abandoned
        default:
            connection.send(bytes)
            connection.shutdownWrite()
        }
        let (rest, end) = connection.read(timeout: patience - (ContinuousClock.now - opened), limit: 64 * 1024)
        let answer = early + rest
        if answer.isEmpty { return end == .stillOpen ? .hung : .closedUnanswered }
        return .answered(status: Self.status(of: answer))
    }

    /// The status of an `HTTP/1.1 NNN ` line; nil when the answer does not start with one.
    static func status(of answer: [UInt8]) -> Int? {
        let prefix = Array("HTTP/1.1 ".utf8)
        guard answer.count >= prefix.count + 4, Array(answer[0..<prefix.count]) == prefix,
            answer[prefix.count + 3] == UInt8(ascii: " ")
        else {
            return nil
        }
        return Int(String(decoding: answer[prefix.count..<(prefix.count + 3)], as: UTF8.self))
    }
}

/// What the clients saw, across threads.
final class FuzzTally: @unchecked Sendable {
    struct Summary {
        var total = 0
        var answered = 0
        var validAnswered = 0
        var closedUnanswered = 0
        var abandoned = 0
        var hung = 0
        var hungKinds: [String: Int] = [:]
        var statuses: [Int: Int] = [:]
        var wrong: [String] = []
    }

    private let lock = NSLock()
    private var current = Summary()

    func record(_ fuzzCase: FuzzCase, _ outcome: FuzzCase.Outcome) {
        lock.withLock {
            current.total += 1
            switch outcome {
            case .answered(let status):
                current.answered += 1
                guard let status, FuzzCase.knownStatuses.contains(status) else {
                    current.wrong.append("\(fuzzCase.kind): not an HTTP/1.1 answer")
                    return
                }
                current.statuses[status, default: 0] += 1
                if fuzzCase.kind == .valid && status == 200 { current.validAnswered += 1 }
                if let expected = fuzzCase.expectedStatuses, !expected.contains(status) {
                    current.wrong.append(
                        "\(fuzzCase.kind) answered \(status): \(String(decoding: fuzzCase.bytes.prefix(120), as: UTF8.self).debugDescription)"
                    )
                }
            case .closedUnanswered:
                current.closedUnanswered += 1
            case .abandoned:
                current.abandoned += 1
            case .hung:
                current.hung += 1
                current.hungKinds[fuzzCase.kind.rawValue, default: 0] += 1
            }
        }
    }

    var summary: Summary { lock.withLock { current } }
}

/// SplitMix64: a small seeded generator, so that a failing case can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}

/// Fields of /proc/self/status, in kB (0 where there is no /proc).
enum ProcessStatus {
    static func kilobytes(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
                ?? 0
        }
        return 0
    }
}
