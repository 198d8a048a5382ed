import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// Kakao's user and consent APIs through the built kauth against `kauth sandbox`.
@Suite(.serialized) struct ConsentEndToEndTests {
    /// The provider's answer in a `--json` document: under `response`, as sent.
    func response(_ text: String) throws -> JSONValue {
        let document = try parseJSON(text)
        #expect(document["profile"] != nil && document["provider"] != nil, "kauth's keys beside the provider's answer")
        return document["response"] ?? .null
    }

    func scope(_ id: String, in output: String) throws -> JSONValue? {
        guard case .array(let scopes)? = try response(output)["scopes"] else { return nil }
        return scopes.first { $0["id"] == .string(id) }
    }

    @Test func scopesListsTheCatalogueAsATableAndAsJSON() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let table = try await env.run(["scopes"])
        #expect(table.code == 0, "\(table.err)")
        #expect(table.out.hasPrefix("ID "))
        #expect(table.out.contains("account_email"))
        let list = try await env.run(["scopes", "list", "--json", "--only", "account_email,phone_number"])
        #expect(list.code == 0)
        #expect(try scope("account_email", in: list.out)?["agreed"] == .bool(true))
        #expect(try scope("phone_number", in: list.out)?["agreed"] == .bool(false))
        #expect(try scope("profile_nickname", in: list.out) == nil)
    }

    @Test func aNonRevocableOrUnagreedScopeIsRefusedWithNoRevokeSent() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control("/_sandbox/reset-log")
        let required = try await env.run(["scopes", "revoke", "profile_nickname"])
        #expect(required.code == 2)
        #expect(required.err.contains("cannot be revoked"))
        let unagreed = try await env.run(["scopes", "revoke", "phone_number"])
        #expect(unagreed.code == 2)
        #expect(unagreed.err.contains("not agreed"))
        let unknown = try await env.run(["scopes", "revoke", "no_such_scope"])
        #expect(unknown.code == 2)
        #expect(try await sandbox.log().filter { $0["path"]?.stringValue == "/v2/user/revoke/scopes" }.isEmpty)

        let revoke = try await env.run(["scopes", "revoke", "account_email"])
        #expect(revoke.code == 0, "\(revoke.err)")
        #expect(try await sandbox.log().filter { $0["path"]?.stringValue == "/v2/user/revoke/scopes" }.count == 1)
        let me = try await env.run(["me", "--json"])
        #expect(try response(me.out).value(at: "kakao_account.email_needs_agreement") == .bool(true))
        let status = try await env.run(["status", "--json"])
        guard case .array(let stored)? = try parseJSON(status.out)["scopes"] else {
            Issue.record("no scopes")
            return
        }
        #expect(!stored.contains(.string("account_email")))
        #expect(stored.contains(.string("profile_nickname")))
    }

    @Test func consentRequiredExitsFourAndTheConsentRoundTripFixesIt() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let denied = try await env.run(["shipping"])
        #expect(denied.code == 4)
        #expect(denied.err.contains("shipping_address"))
        #expect(denied.err.contains("kauth scopes request shipping_address"))
        let deniedJSON = try await env.run(["shipping", "--json"])
        #expect(deniedJSON.code == 4)
        #expect(
            try parseJSON(deniedJSON.out).value(at: "error.required_scopes") == .array([.string("shipping_address")]))

        let request = try await env.run(["scopes", "request", "shipping_address"])
        #expect(request.code == 0, "\(request.err)")
        #expect(request.err.contains("Granted: shipping_address"))
        let status = try await env.run(["status", "--json"])
        guard case .array(let scopes)? = try parseJSON(status.out)["scopes"] else {
            Issue.record("no scopes")
            return
        }
        #expect(scopes.contains(.string("shipping_address")))
        let shipping = try await env.run(["shipping"])
        #expect(shipping.code == 0, "\(shipping.err)")
        #expect(shipping.out.hasPrefix("ID "))
    }

    @Test func requestMissingAsksForWhatMeReportsAsNeedingAgreement() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let request = try await env.run(["scopes", "request", "--missing"])
        #expect(request.code == 0, "\(request.err)")
        let authorize = try await sandbox.log().filter { $0["path"]?.stringValue == "/oauth/authorize" }.last
        let asked = ScopeList.parse(authorize?["scope"]?.stringValue ?? "")
        #expect(asked.contains("phone_number"))
        #expect(!asked.contains("account_email"))
        let me = try await env.run(["me", "--json"])
        #expect(try response(me.out).value(at: "kakao_account.phone_number_needs_agreement") != .bool(true))
        let again = try await env.run(["scopes", "request", "--missing"])
        #expect(again.code == 0)
        #expect(again.err.contains("Nothing to request"))
    }

    @Test func shippingAllReturnsEveryAddressExactlyOnce() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "shipping_address"])
        defer { env.remove() }
        let all = try await env.run(["shipping", "--all", "--json", "--page-size", "10"])
        #expect(all.code == 0, "\(all.err)")
        guard case .array(let addresses)? = try response(all.out)["shipping_addresses"] else {
            Issue.record("no addresses")
            return
        }
        let ids = addresses.compactMap { $0["id"]?.stringValue }
        #expect(ids.count >= 25)
        #expect(Set(ids).count == ids.count)
        #expect(addresses.first?["is_default"] == .bool(true))
        let pages = try await sandbox.log().filter { $0["path"]?.stringValue == "/v1/user/shipping_address" }
        #expect(pages.count >= 3)
        let one = try await env.run(["shipping", "--id", ids[3], "--json"])
        #expect(one.code == 0)
        guard case .array(let single)? = try response(one.out)["shipping_addresses"] else {
            Issue.record("no address")
            return
        }
        #expect(single.map { $0["id"]?.stringValue } == [ids[3]])
        #expect(try await env.run(["shipping", "--id", "1", "--all"]).code == 2)
    }

    @Test func termsListAndRevoke() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--service-terms", "marketing_2023"])
        defer { env.remove() }
        let agreed = try await env.run(["terms", "--json"])
        #expect(agreed.code == 0, "\(agreed.err)")
        guard case .array(let terms)? = try response(agreed.out)["service_terms"] else {
            Issue.record("no terms")
            return
        }
        #expect(terms.contains { $0["tag"] == .string("marketing_2023") })
        let app = try await env.run(["terms", "--app"])
        #expect(app.code == 0)
        #expect(app.out.contains("newsletter"))
        let revoke = try await env.run(["terms", "revoke", "marketing_2023"])
        #expect(revoke.code == 0, "\(revoke.err)")
        let after = try await env.run(["terms", "--json", "--tags", "marketing_2023"])
        guard case .array(let remaining)? = try response(after.out)["service_terms"] else {
            Issue.record("no terms")
            return
        }
        #expect(!remaining.contains { $0["tag"] == .string("marketing_2023") && $0["agreed"] == .bool(true) })
        let required = try await env.run(["terms", "revoke", "service_20230101"])
        #expect(required.code != 0)
    }

    @Test func propertiesSignupAndRawAPICalls() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["properties", "set", "level=3", "team=blue"]).code == 0)
        #expect(try await env.run(["me", "--field", "properties.level"]).out == "3\n")
        let unregistered = try await env.run(["properties", "set", "colour=red"])
        #expect(unregistered.code == 1)
        #expect(unregistered.err.contains("registered user property"))
        #expect(try await env.run(["properties", "set", "level"]).code == 2)

        let linked = try await env.run(["signup"])
        #expect(linked.code == 0)
        #expect(linked.err.contains("Already linked"))

        let raw = try await env.run(["api", "/v2/user/me", "-f", #"property_keys=["kakao_account.email"]"#])
        #expect(raw.code == 0, "\(raw.err)")
        #expect(try parseJSON(raw.out).value(at: "kakao_account.email") == .string("sandbox.user@example.com"))
        let post = try await env.run([
            "api", "-X", "POST", "/v1/user/update_profile", "-f", #"properties={"team":"red"}"#
        ])
        #expect(post.code == 0, "\(post.err)")
        #expect(try await env.run(["me", "--field", "properties.team"]).out == "red\n")
        #expect(try await env.run(["api", "/v2/user/nothing-here"]).code == 1)
        #expect(try await env.run(["api", "v2/user/me"]).code == 2)
    }

    @Test func signupWithAutomaticLinkingOff() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        try await sandbox.control("/_sandbox/config", [("auto_link", "false")])
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["me", "--field", "has_signed_up"]).out == "false\n")
        #expect(try await env.run(["me"]).out.contains("kauth signup"))
        let signup = try await env.run(["signup", "level=1"])
        #expect(signup.code == 0, "\(signup.err)")
        #expect(signup.err.contains("Signed up"))
        #expect(try await env.run(["me", "--field", "has_signed_up"]).out == "true\n")
    }
}
