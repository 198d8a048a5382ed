import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// `kauth shipping select|new|edit` against the sandbox's AGT, kpidt and picker pages, with a
/// browser that follows redirects as a person's would.
@Suite(.serialized) struct ShippingPickerEndToEndTests {
    @Test func selectGoesThroughKpidtAndPrintsTheChosenAddress() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "shipping_address"])
        defer { env.remove() }
        try await sandbox.control("/_sandbox/picker", [("outcome", "choose"), ("address_id", "7100003")])

        let result = try await env.run(["shipping", "select", "--json"])
        #expect(result.code == 0, "\(result.err)")
        let json = try parseJSON(result.out)
        #expect(json["operation"] == .string("select"))
        #expect(json["address_id"] == .number(7_100_003))
        #expect(json.value(at: "response.id") == .number(7_100_003))

        let visits = try await sandbox.records("/_sandbox/picker-visits")
        #expect(visits.map { $0["page"]?.stringValue } == ["kpidt", "select"])
        #expect(visits.map { $0["outcome"]?.stringValue } == ["redirect", "ok"])
        let kpidt = try #require(visits.first)
        #expect(kpidt["agt_sent"] == .bool(true) && kpidt["app_key"] == .string("e2e-app"))
        let page = visits[1]
        #expect(page["enable_back_button"] == .string("false"))
        #expect(page["ka"]?.stringValue?.hasPrefix("sdk/") == true)
        let returnURL = try #require(page["return_url"]?.stringValue)
        #expect(returnURL.hasPrefix("http://127.0.0.1:") && returnURL.contains("/address/"))
        #expect(
            try await sandbox.log().contains { $0["path"]?.stringValue == "/api/agt" && $0["status"] == .number(200) })

        let text = try await env.run(["shipping", "select"])
        #expect(text.code == 0, "\(text.err)")
        #expect(text.out.hasPrefix("ID ") && text.out.contains("7100003"))
        #expect(text.out.split(separator: "\n").count == 2, "a header and one row")
    }

    @Test func newAddsAnAddressAndEditChangesOne() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "shipping_address"])
        defer { env.remove() }
        try await sandbox.control("/_sandbox/picker", [("outcome", "choose"), ("detail_address", "Floor 9, e2e")])
        let created = try await env.run(["shipping", "new", "--json"])
        #expect(created.code == 0, "\(created.err)")
        let json = try parseJSON(created.out)
        #expect(json["operation"] == .string("new"))
        #expect(json.value(at: "response.detail_address") == .string("Floor 9, e2e"))
        let id = try #require(json["address_id"]?.stringValue)
        let listed = try await env.run(["shipping", "--all", "--json"])
        #expect(listed.out.contains("Floor 9, e2e"))

        try await sandbox.control("/_sandbox/picker", [("outcome", "choose")])
        let edited = try await env.run(["shipping", "edit", id, "--json"])
        #expect(edited.code == 0, "\(edited.err)")
        #expect(try parseJSON(edited.out).value(at: "response.detail_address") == .string("Floor 9, e2e (edited)"))
        let visit = try #require(try await sandbox.records("/_sandbox/picker-visits").last)
        #expect(visit["page"] == .string("edit") && visit["requested_address_id"] == .string(id))
    }

    @Test func aClosedPickerTimesOutWithExitSix() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "shipping_address"])
        defer { env.remove() }
        try await sandbox.control("/_sandbox/picker", [("outcome", "close")])
        let result = try await env.run(["shipping", "select", "--timeout", "2"])
        #expect(result.code == 6)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("no answer came back from the address picker within 2 s"))
        let message = result.err.split(separator: "\n").first { $0.hasPrefix("error: ") } ?? ""
        #expect(message.contains("an error on that page says what went wrong") && !message.contains("site domain"))
        #expect(try await sandbox.records("/_sandbox/picker-visits").last?["outcome"] == .string("closed"))
    }

    @Test func aKAEErrorExitsOneAndAMissingConsentExitsFour() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control(
            "/_sandbox/picker", [("outcome", "fail"), ("error_code", "KAE203"), ("error_msg", "consent not agreed")])
        let failed = try await env.run(["shipping", "select"])
        #expect(failed.code == 1)
        #expect(
            failed.err.contains(
                "the address picker failed (KAE203: consent not agreed): the user has not agreed to shipping_address"))
        let failedJSON = try await env.run(["shipping", "select", "--json"])
        #expect(try parseJSON(failedJSON.out).value(at: "error.provider_code") == .string("KAE203"))

        try await sandbox.control("/_sandbox/picker", [("outcome", "choose")])
        let unknown = try await env.run(["shipping", "edit", "1"])
        #expect(unknown.code == 1)
        #expect(unknown.err.contains("KAE206"))

        // The picker comes back, but the address cannot be read without the consent.
        let consent = try await env.run(["shipping", "select"])
        #expect(consent.code == 4)
        #expect(consent.err.contains("run `kauth scopes request shipping_address`"))
    }

    /// The browser is given only the single-use start link: the AGT never appears on its command
    /// line. Whoever opens the link a second time ends the picker.
    @Test func theBrowserNeverSeesTheAGTAndASecondUseOfItsLinkEndsThePicker() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = try await loggedIn(sandbox, arguments: ["--scopes", "shipping_address"])
        defer { env.remove() }
        let record = env.useRecordingBrowser()

        let picker = try env.spawn(["shipping", "select", "--json"])
        let link = try await firstLine(of: record)
        #expect(link.hasPrefix("http://127.0.0.1:") && link.contains("/start/"))
        #expect(!link.contains("agt") && !link.contains("kpidt"))
        // What the user's browser then does: follows the link through Kakao and back.
        let page = try await followLikeABrowser(link)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("Shipping address chosen"))
        let done = await picker.wait()
        #expect(done.code == 0, "\(done.err)")
        #expect(!done.err.contains("agt="), "the kpidt URL is never printed")

        try? FileManager.default.removeItem(atPath: record)
        let second = try env.spawn(["shipping", "select"])
        let again = try await firstLine(of: record)
        let first = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: again))
        #expect(first.status == 302)
        let replay = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: again))
        #expect(replay.status == 409)
        #expect(replay.headers.value(for: "Location") == nil)
        let stopped = await second.wait()
        #expect(stopped.code == 6)
        #expect(stopped.err.contains("single-use start link was opened twice"))
    }
}
