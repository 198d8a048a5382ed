import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

/// What the parser refuses since the security review: bytes and lengths that two HTTP parsers
/// could read differently, and paths it could not decode into one path.
@Suite struct HTTPRequestParserStrictnessTests {
    private func status(_ raw: [UInt8]) -> Int? {
        if case .invalid(let status, _) = HTTPRequestParser.parse(raw) { return status }
        return nil
    }

    private func request(_ raw: String) -> HTTPServerRequest? {
        if case .complete(let request) = HTTPRequestParser.parse(Array(raw.utf8)) { return request }
        return nil
    }

    @Test(arguments: [
        ("NUL", "a\u{0}b"),
        ("SOH", "a\u{1}b"),
        ("vertical tab", "a\u{0B}b"),
        ("escape", "a\u{1B}[31mb"),
        ("DEL", "a\u{7F}b"),
        ("bare CR", "a\rX-Injected: 1"),
        ("bare LF", "a\nX-Injected: 1"),
        ("trailing NUL", "value\u{0}")
    ])
    func controlBytesInHeaderValuesAreRefused(name: String, value: String) {
        let raw = "GET /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test: \(value)\r\n\r\n"
        #expect(status(Array(raw.utf8)) == 400, "\(name)")
    }

    @Test func aTabInAHeaderValueIsAllowed() throws {
        let parsed = try #require(request("GET /callback HTTP/1.1\r\nX-Test: a\tb\r\n\r\n"))
        #expect(parsed.headers.value(for: "X-Test") == "a\tb")
    }

    @Test(arguments: ["Bad\u{0}Name", "Na(me", "Name@x", "Ümlaut", "a\u{7F}"])
    func headerNamesMustBeTokens(name: String) {
        #expect(status(Array("GET / HTTP/1.1\r\n\(name): x\r\n\r\n".utf8)) == 400)
    }

    @Test(arguments: ["/call\u{0}back", "/callback\u{1}", "/a\tb", "/a\u{7F}"])
    func controlBytesInTheTargetAreRefused(target: String) {
        #expect(status(Array("GET \(target) HTTP/1.1\r\n\r\n".utf8)) == 400)
    }

    @Test(arguments: [
        "+5", "-0", "-5", "5 5", "5,5", "5, 5", "0x5", "0X05", "5e0", "5.0", "five", "",
        "\u{0B}5", "５", "99999999999999999999999", "9223372036854775808", "18446744073709551621"
    ])
    func contentLengthMustBeOneRunOfDigits(value: String) {
        let raw = "POST / HTTP/1.1\r\nContent-Length: \(value)\r\n\r\nhello"
        #expect(status(Array(raw.utf8)) == 400, "\(value.debugDescription)")
    }

    @Test func differingContentLengthsAreRefusedAndIdenticalOnesAccepted() throws {
        #expect(status(Array("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!".utf8)) == 400)
        #expect(status(Array("POST / HTTP/1.1\r\nContent-Length: 5\r\ncontent-length: 05\r\n\r\nhello".utf8)) == 400)
        let same = try #require(request("POST / HTTP/1.1\r\nContent-Length: 5\r\ncontent-length: 5\r\n\r\nhello"))
        #expect(same.body == Data("hello".utf8))
    }

    @Test func contentLengthMayHaveLeadingZerosAndSurroundingSpaces() throws {
        // Optional whitespace around a field value is not part of it (RFC 9112 §5).
        let parsed = try #require(request("POST / HTTP/1.1\r\nContent-Length: \t 005 \r\n\r\nhello"))
        #expect(parsed.body == Data("hello".utf8))
    }

    @Test func aContentLengthThatFitsButIsTooLargeIs413() {
        #expect(status(Array("POST / HTTP/1.1\r\nContent-Length: 9223372036854775807\r\n\r\n".utf8)) == 413)
    }

    @Test func thePathIsPercentDecodedOnceAndTheRawTargetKept() throws {
        let parsed = try #require(request("GET /caf%C3%A9/%7Euser/%2541?code=a%2Fb&state=s HTTP/1.1\r\n\r\n"))
        #expect(parsed.path == "/café/~user/%41")
        #expect(parsed.rawPath == "/caf%C3%A9/%7Euser/%2541")
        #expect(parsed.target == "/caf%C3%A9/%7Euser/%2541?code=a%2Fb&state=s")
        #expect(parsed.query.first(named: "code") == "a/b")
    }

    @Test func aBrowserEncodedRedirectPathMatchesTheExpectedPath() throws {
        // A redirect URI registered as http://127.0.0.1:PORT/로그인 arrives percent-encoded.
        let parsed = try #require(request("GET /%EB%A1%9C%EA%B7%B8%EC%9D%B8?code=c&state=s HTTP/1.1\r\n\r\n"))
        #expect(parsed.path == "/로그인")
    }

    @Test(arguments: [
        "/a%2Fb", "/a%2fb", "/a%00b", "/%", "/a%4", "/a%zz", "/a%G0", "/a%-1", "/a%FF", "/a%C3", "/a%C3%28"
    ])
    func pathsThatCannotBeDecodedIntoOnePathAreRefused(path: String) {
        #expect(status(Array("GET \(path)?state=s HTTP/1.1\r\n\r\n".utf8)) == 400, "\(path)")
    }

    @Test func escapesInTheQueryAreLeftToTheQueryDecoder() throws {
        // %2F and %00 are fine in a query value; only the path must decode to one path.
        let parsed = try #require(request("GET /callback?next=%2Fa&x=%00 HTTP/1.1\r\n\r\n"))
        #expect(parsed.path == "/callback")
        #expect(parsed.query.first(named: "next") == "/a")
    }

    @Test func aHandBuiltRequestWithAnUndecodablePathKeepsTheRawPath() {
        #expect(HTTPServerRequest(method: "GET", target: "/a%2Fb?x=1").path == "/a%2Fb")
    }
}
