import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

/// The apps host of an in-process sandbox.
private let apps = SandboxConfiguration.placeholderIssuer
private let returnURL = "http://127.0.0.1:53682/address"
/// Kakao's generated default address (the fifth newest, `SandboxShipping.generated`).
private let defaultAddress: Int64 = 7_100_005

private func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
    Any]
{
    try SandboxClient.json(response, sourceLocation: sourceLocation)
}

/// A picker page's URL on the apps host, as the client builds it.
private func pickerURL(_ path: String = "/user/address", returnURL: String = returnURL, extra: [(String, String)] = [])
    -> String
{
    apps + path + "?"
        + FormURLEncoding.encode(
            [
                ("app_key", SandboxClient.clientID), ("return_url", returnURL), ("ka", "sdk/1.0 os/kauth"),
                ("enable_back_button", "false")
            ] + extra)
}

/// A fresh AGT for a user who agreed to `shipping_address`.
private func agt(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    agt: String, access: String
) {
    let tokens = try sandbox.login([("scope", "shipping_address")], sourceLocation: sourceLocation)
    let body = try json(
        sandbox.post("/api/agt", [("client_id", SandboxClient.clientID), ("access_token", tokens.access)]),
        sourceLocation: sourceLocation)
    return (try #require(body["agt"] as? String, sourceLocation: sourceLocation), tokens.access)
}

/// A `GET` of a full apps-host URL.
private func open(_ sandbox: Sandbox, _ url: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> HTTPServerResponse
{
    try #require(url.hasPrefix(apps + "/"), sourceLocation: sourceLocation)
    return sandbox.get(String(url.dropFirst(apps.count)))
}

private func kpidt(
    _ sandbox: Sandbox, agt: String, continue target: String, appKey: String = SandboxClient.clientID,
    sourceLocation: SourceLocation = #_sourceLocation
) -> HTTPServerResponse {
    sandbox.get("/auth/kpidt", [("app_key", appKey), ("agt", agt), ("continue", target)])
}

/// kpidt, then the page it redirects to: what a browser that follows redirects does.
private func visit(_ sandbox: Sandbox, _ target: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> HTTPServerResponse
{
    let first = kpidt(sandbox, agt: try agt(sandbox, sourceLocation: sourceLocation).agt, continue: target)
    #expect(first.status == 302, sourceLocation: sourceLocation)
    #expect(first.headers.value(for: "Location") == target, sourceLocation: sourceLocation)
    return try open(sandbox, target, sourceLocation: sourceLocation)
}

/// The outcome a picker redirect carries back to the client.
private func outcome(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [String: String]
{
    #expect(response.status == 302, sourceLocation: sourceLocation)
    let location = try #require(response.headers.value(for: "Location"), sourceLocation: sourceLocation)
    #expect(location.hasPrefix(returnURL + "?"), sourceLocation: sourceLocation)
    return Dictionary(SandboxClient.redirectParameters(response), uniquingKeysWith: { first, _ in first })
}

private func addresses(_ sandbox: Sandbox, _ access: String) throws -> [[String: Any]] {
    let body = try json(sandbox.get("/v1/user/shipping_address", [("page_size", "100")], bearer: access))
    return try #require(body["shipping_addresses"] as? [[String: Any]])
}

private func visits(_ sandbox: Sandbox) throws -> [[String: Any]] {
    try #require(
        try JSONSerialization.jsonObject(with: sandbox.get("/_sandbox/picker-visits").body) as? [[String: Any]])
}

/// The apps host's kpidt and shipping-address picker pages.
@Suite struct SandboxAddressPickerTests {
    @Test func choosingTheDefaultAddressByDefault() throws {
        let sandbox = try Sandbox()
        let result = try outcome(visit(sandbox, pickerURL()))
        #expect(result == ["status": "ok", "address_id": String(defaultAddress)])
        let recorded = try visits(sandbox)
        #expect(recorded.map { $0["page"] as? String } == ["kpidt", "select"])
        #expect(recorded[0]["agt_sent"] as? Bool == true && recorded[0]["outcome"] as? String == "redirect")
        #expect(recorded[1]["outcome"] as? String == "ok")
        #expect(recorded[1]["address_id"] as? Int == Int(defaultAddress))
        #expect(recorded[1]["return_url"] as? String == returnURL)
        #expect(recorded[1]["ka"] as? String == "sdk/1.0 os/kauth")
        #expect(recorded[1]["enable_back_button"] as? String == "false")
        #expect(recorded[1]["app_key"] as? String == SandboxClient.clientID)
    }

    @Test func choosingAGivenAddressAndAReturnURLWithAQuery() throws {
        let sandbox = try Sandbox()
        _ = sandbox.post("/_sandbox/picker", [("outcome", "choose"), ("address_id", "7100003")])
        let withQuery = returnURL + "?state=s1"
        let response = try visit(sandbox, pickerURL(returnURL: withQuery))
        #expect(response.headers.value(for: "Location") == withQuery + "&status=ok&address_id=7100003")
        // An id the user does not have: KAE206.
        _ = sandbox.post("/_sandbox/picker", [("outcome", "choose"), ("address_id", "42")])
        #expect(try outcome(visit(sandbox, pickerURL()))["error_code"] == "KAE206")
    }

    @Test func creatingAddsAnAddressAndEditingChangesOne() throws {
        let sandbox = try Sandbox()
        let access = try agt(sandbox).access
        let before = try addresses(sandbox, access)
        _ = sandbox.post("/_sandbox/picker", [("outcome", "choose"), ("detail_address", "Room 501")])
        let created = try outcome(visit(sandbox, pickerURL("/user/address/create")))
        #expect(created["status"] == "ok")
        let id = try #require(created["address_id"].flatMap(Int64.init))
        let after = try addresses(sandbox, access)
        #expect(after.count == before.count + 1)
        let added = try #require(after.first { $0["id"] as? Int64 == id })
        #expect(added["detail_address"] as? String == "Room 501")
        #expect(before.allSatisfy { $0["id"] as? Int64 != id })

        _ = sandbox.post("/_sandbox/picker", [("outcome", "choose")])
        let edited = try outcome(visit(sandbox, pickerURL("/user/address/edit", extra: [("address_id", "7100002")])))
        #expect(edited == ["status": "ok", "address_id": "7100002"])
        let changed = try #require(try addresses(sandbox, access).first { $0["id"] as? Int64 == 7_100_002 })
        let original = try #require(before.first { $0["id"] as? Int64 == 7_100_002 })
        #expect(changed["detail_address"] as? String == (original["detail_address"] as? String ?? "") + " (edited)")
        #expect(changed["updated_at"] as? Int64 == Int64(sandbox.clock.now.timeIntervalSince1970))

        let unknown = try outcome(visit(sandbox, pickerURL("/user/address/edit", extra: [("address_id", "99")])))
        #expect(unknown["status"] == "error" && unknown["error_code"] == "KAE206")
        let missing = try outcome(visit(sandbox, pickerURL("/user/address/edit")))
        #expect(missing["error_code"] == "KAE206")
    }

    @Test func closingTheWindowRedirectsNothing() throws {
        let sandbox = try Sandbox()
        let set = try json(sandbox.post("/_sandbox/picker", [("outcome", "close")]))
        #expect(set["outcome"] as? String == "close")
        let page = try visit(sandbox, pickerURL())
        #expect(page.status == 200)
        #expect(page.headers.value(for: "Location") == nil)
        #expect(page.headers.value(for: "Content-Type") == "text/html; charset=utf-8")
        #expect(SandboxClient.text(page).contains("7100005"))
        #expect(try visits(sandbox).last?["outcome"] as? String == "closed")
    }

    @Test func failingWithAGivenKAECode() throws {
        let sandbox = try Sandbox()
        _ = sandbox.post(
            "/_sandbox/picker", [("outcome", "fail"), ("error_code", "KAE012"), ("error_msg", "user cancelled")])
        #expect(
            try json(sandbox.get("/_sandbox/picker")) as NSDictionary == [
                "outcome": "fail", "error_code": "KAE012", "error_msg": "user cancelled"
            ])
        let result = try outcome(visit(sandbox, pickerURL()))
        #expect(result == ["status": "error", "error_code": "KAE012", "error_msg": "user cancelled"])
        #expect(sandbox.provider.requestLog.last?.kakaoCode == "KAE012")
        for bad in [
            [("outcome", "fail")], [("outcome", "fail"), ("error_code", "KOE001")], [("outcome", "maybe")],
            [("outcome", "choose"), ("address_id", "x")]
        ] {
            #expect(sandbox.post("/_sandbox/picker", bad).status == 400)
        }
        #expect(
            try json(sandbox.get("/_sandbox/config"))["picker"] as? NSDictionary == [
                "outcome": "fail", "error_code": "KAE012", "error_msg": "user cancelled"
            ])
    }

    @Test func aPageOpenedWithoutKpidtHasNoSession() throws {
        let sandbox = try Sandbox()
        #expect(try outcome(open(sandbox, pickerURL()))["error_code"] == "KAE205")
        // A session opens exactly the page kpidt was given, once.
        let target = pickerURL()
        _ = kpidt(sandbox, agt: try agt(sandbox).agt, continue: target)
        #expect(try outcome(open(sandbox, pickerURL("/user/address/create")))["error_code"] == "KAE205")
        #expect(try outcome(open(sandbox, pickerURL(extra: [("x", "1")])))["error_code"] == "KAE205")
        #expect(try outcome(open(sandbox, target))["status"] == "ok")
        #expect(try outcome(open(sandbox, target))["error_code"] == "KAE205")
        // Sessions end after ten minutes.
        _ = kpidt(sandbox, agt: try agt(sandbox).agt, continue: target)
        sandbox.clock.advance(by: 600)
        #expect(try outcome(open(sandbox, target))["error_code"] == "KAE205")
    }

    @Test func badUsedExpiredOrForeignAGTsGoBackAsKAE201() throws {
        let sandbox = try Sandbox()
        let target = pickerURL()
        let unknown = try outcome(kpidt(sandbox, agt: "never-issued", continue: target))
        #expect(unknown["status"] == "error" && unknown["error_code"] == "KAE201" && unknown["error_msg"] != nil)

        let used = try agt(sandbox).agt
        #expect(kpidt(sandbox, agt: used, continue: target).status == 302)
        #expect(try outcome(kpidt(sandbox, agt: used, continue: target))["error_code"] == "KAE201")

        let expired = try agt(sandbox).agt
        sandbox.clock.advance(by: 600)
        #expect(try outcome(kpidt(sandbox, agt: expired, continue: target))["error_code"] == "KAE201")

        let foreign = try agt(sandbox).agt
        #expect(
            try outcome(kpidt(sandbox, agt: foreign, continue: target, appKey: "another-app"))["error_code"] == "KAE201"
        )
    }

    @Test func requestsThatCannotBeRedirectedGetA400Page() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientID: SandboxClient.clientID))
        let good = try agt(sandbox).agt
        let pages = [
            kpidt(sandbox, agt: good, continue: pickerURL(), appKey: "unknown-app"),
            kpidt(sandbox, agt: good, continue: "https://evil.example/user/address?return_url=" + returnURL),
            kpidt(sandbox, agt: good, continue: apps + ".evil.example/user/address"),
            kpidt(sandbox, agt: good, continue: pickerURL(returnURL: "https://evil.example/cb")),
            kpidt(sandbox, agt: good, continue: pickerURL(returnURL: "http://127.0.0.1/cb")),
            kpidt(sandbox, agt: good, continue: pickerURL(returnURL: "http://127.0.0.1:53682/cb#x")),
            kpidt(sandbox, agt: good, continue: apps + "/user/address?app_key=" + SandboxClient.clientID),
            sandbox.get("/auth/kpidt", [("app_key", SandboxClient.clientID), ("agt", good)]),
            try open(sandbox, pickerURL(returnURL: "http://example.com:80/cb")),
            sandbox.get("/user/address", [("app_key", "unknown-app"), ("return_url", returnURL)])
        ]
        for page in pages {
            #expect(page.status == 400)
            #expect(page.headers.value(for: "Location") == nil)
            #expect(page.headers.value(for: "Content-Type") == "text/html; charset=utf-8")
        }
        // None of them spent the AGT.
        #expect(kpidt(sandbox, agt: good, continue: pickerURL()).status == 302)
        #expect(try visits(sandbox).prefix(pages.count).allSatisfy { $0["outcome"] as? String == "refused" })
        #expect(try visits(sandbox).allSatisfy { !($0.description.contains(good)) })
    }

    @Test func aBrowserThatFollowsRedirectsCompletesThePickerOverTheSocket() throws {
        let server = try SandboxServer(clock: TestClock().clock, random: .seeded(5))
        server.start()
        defer { server.stop() }
        let received = Counter()
        let listenerQuery = LockedBox<String?>(nil)
        let listener = try LoopbackServer { request in
            received.increment()
            listenerQuery.set(request.target)
            return .text(200, "done")
        }
        listener.start()
        defer { listener.stop() }
        let client = SandboxClient(provider: server.provider)
        let tokens = try client.login([("scope", "shipping_address")])
        let body = try json(
            client.post("/api/agt", [("client_id", SandboxClient.clientID), ("access_token", tokens.access)]))
        let agt = try #require(body["agt"] as? String)
        let base = server.baseURL
        let target =
            base + "/user/address?"
            + FormURLEncoding.encode([
                ("app_key", SandboxClient.clientID), ("return_url", listener.baseURL + "/address"),
                ("enable_back_button", "false")
            ])
        let kpidtURL =
            base + "/auth/kpidt?"
            + FormURLEncoding.encode([("app_key", SandboxClient.clientID), ("agt", agt), ("continue", target)])

        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = [
            "curl", "--silent", "--show-error", "--location", "--max-time", "20", "--output", "/dev/null", kpidtURL
        ]
        try curl.run()
        curl.waitUntilExit()
        #expect(curl.terminationStatus == 0)
        #expect(received.value == 1)
        #expect(listenerQuery.get() == "/address?status=ok&address_id=\(defaultAddress)")
    }
}

/// A value shared with a server's handler thread.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ new: Value) { lock.withLock { value = new } }
    func get() -> Value { lock.withLock { value } }
}
