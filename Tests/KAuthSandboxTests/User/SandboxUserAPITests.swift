import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

private func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
    Any]
{
    try SandboxClient.json(response, sourceLocation: sourceLocation)
}

private func text(_ response: HTTPServerResponse) -> String {
    SandboxClient.text(response)
}

/// Checks a kapi error body `{"msg","code"}` and that `msg` names `naming`.
private func expectAPIError(
    _ response: HTTPServerResponse, status: Int = 400, code: Int, naming: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let body = try json(response, sourceLocation: sourceLocation)
    #expect(body["code"] as? Int == code, sourceLocation: sourceLocation)
    #expect(Set(body.keys) == ["msg", "code"], sourceLocation: sourceLocation)
    if let naming {
        #expect(
            (body["msg"] as? String)?.contains(naming) == true, "msg: \(body["msg"] ?? "none")",
            sourceLocation: sourceLocation)
    }
}

/// The `scopes` of a ScopeInfo, by id.
private func scopeItems(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [(
    id: String, item: [String: Any]
)] {
    #expect(response.status == 200, sourceLocation: sourceLocation)
    let body = try json(response, sourceLocation: sourceLocation)
    #expect(body["id"] as? Int64 == 4_242_424_242, sourceLocation: sourceLocation)
    let items = try #require(body["scopes"] as? [[String: Any]], sourceLocation: sourceLocation)
    return items.map { ($0["id"] as? String ?? "", $0) }
}

private func agreedScopes(_ sandbox: Sandbox, _ access: String) throws -> [String] {
    try scopeItems(sandbox.get("/v2/user/scopes", bearer: access)).filter { $0.item["agreed"] as? Bool == true }.map(
        \.id)
}

private func kakaoAccount(_ sandbox: Sandbox, _ access: String) throws -> [String: Any] {
    try #require(try json(sandbox.get("/v2/user/me", bearer: access))["kakao_account"] as? [String: Any])
}

/// The `service_terms` of a UserServiceTerms answer.
private func terms(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [[String: Any]]
{
    #expect(response.status == 200, sourceLocation: sourceLocation)
    let body = try json(response, sourceLocation: sourceLocation)
    #expect(body["id"] as? Int64 == 4_242_424_242, sourceLocation: sourceLocation)
    return try #require(body["service_terms"] as? [[String: Any]], sourceLocation: sourceLocation)
}

private let defaultAgreed = ["profile_nickname", "profile_image", "account_email"]

@Suite struct SandboxUserAPITests {
    // MARK: Scopes

    @Test func scopesListTheCatalogueWithTheUsersConsent() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let response = sandbox.get("/v2/user/scopes", bearer: tokens.access)
        let items = try scopeItems(response)
        #expect(
            Array(items.map(\.id).prefix(12)) == [
                "profile_nickname", "profile_image", "account_email", "phone_number", "age_range", "birthday",
                "birthyear", "gender", "name", "shipping_address", "account_ci", "plusfriends"
            ])
        #expect(items.map(\.id).contains("talk_message") && items.map(\.id).contains("friends"))
        #expect(!items.map(\.id).contains("openid") && !items.map(\.id).contains("profile"))
        #expect(items.filter { $0.item["agreed"] as? Bool == true }.map(\.id) == defaultAgreed)
        for (_, item) in items {
            #expect(item["using"] as? Bool == true && item["delegated"] as? Bool == false)
            #expect(item["display_name"] is String)
            // `revocable` only on agreed items.
            #expect((item["revocable"] != nil) == (item["agreed"] as? Bool == true))
        }
        #expect(
            text(response).hasPrefix(
                #"{"id":4242424242,"scopes":[{"id":"profile_nickname","display_name":"Nickname","type":"PRIVACY","using":true,"delegated":false,"agreed":true,"revocable":false},{"id":"profile_image","display_name":"Profile image","type":"PRIVACY","using":true,"delegated":false,"agreed":true,"revocable":true},"#
            ))
        #expect(
            text(response).contains(
                #"{"id":"phone_number","display_name":"Phone number","type":"PRIVACY","using":true,"delegated":false,"agreed":false}"#
            ))
        #expect(items.first { $0.id == "talk_message" }?.item["type"] as? String == "SERVICE")
        #expect(items.first { $0.id == "friends" }?.item["type"] as? String == "SERVICE")
    }

    @Test func scopesFilter() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        // Catalogue order, whatever the filter's order.
        let filtered = try scopeItems(
            sandbox.get("/v2/user/scopes", [("scopes", #"["talk_message","account_email"]"#)], bearer: tokens.access))
        #expect(filtered.map(\.id) == ["account_email", "talk_message"])
        #expect(filtered.map { $0.item["agreed"] as? Bool } == [true, false])
        #expect(sandbox.provider.requestLog.last?.scope == "talk_message account_email")

        try expectAPIError(
            sandbox.get("/v2/user/scopes", [("scopes", #"["account_email","telepathy"]"#)], bearer: tokens.access),
            code: -2, naming: "telepathy")
        try expectAPIError(
            sandbox.get("/v2/user/scopes", [("scopes", "account_email")], bearer: tokens.access), code: -2)
        try expectAPIError(
            sandbox.get("/v2/user/scopes", [("scopes", #"["openid"]"#)], bearer: tokens.access), code: -2,
            naming: "openid")
    }

    @Test func revokingARequiredOrUnagreedScopeIsRefusedAndChangesNothing() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        try expectAPIError(
            sandbox.post("/v2/user/revoke/scopes", [("scopes", #"["profile_nickname"]"#)], bearer: tokens.access),
            code: -2, naming: "profile_nickname")
        // One bad scope refuses the lot: account_email stays agreed.
        try expectAPIError(
            sandbox.post(
                "/v2/user/revoke/scopes", [("scopes", #"["account_email","phone_number"]"#)], bearer: tokens.access),
            code: -2, naming: "phone_number")
        try expectAPIError(
            sandbox.post("/v2/user/revoke/scopes", [("scopes", #"["telepathy"]"#)], bearer: tokens.access), code: -2,
            naming: "telepathy")
        try expectAPIError(
            sandbox.post("/v2/user/revoke/scopes", [], bearer: tokens.access), code: -2, naming: "scopes")
        try expectAPIError(sandbox.post("/v2/user/revoke/scopes", [("scopes", "[]")], bearer: tokens.access), code: -2)
        try expectAPIError(
            sandbox.post("/v2/user/revoke/scopes", [("scopes", "account_email")], bearer: tokens.access), code: -2)
        #expect(try agreedScopes(sandbox, tokens.access) == defaultAgreed)
        #expect(try kakaoAccount(sandbox, tokens.access)["email"] as? String == "sandbox.user@example.com")
    }

    @Test func revokedScopeNeedsAgreementAgain() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login([("scope", "gender")])
        let response = sandbox.post(
            "/v2/user/revoke/scopes", [("scopes", #"["account_email","gender"]"#)], bearer: tokens.access)
        let items = try scopeItems(response)
        #expect(items.count == 15)
        #expect(items.filter { $0.item["agreed"] as? Bool == true }.map(\.id) == ["profile_nickname", "profile_image"])
        let email = try #require(items.first { $0.id == "account_email" }?.item)
        #expect(email["agreed"] as? Bool == false && email["revocable"] == nil)

        // The token stays valid; what it reaches follows the consent.
        let account = try kakaoAccount(sandbox, tokens.access)
        #expect(
            account["email_needs_agreement"] as? Bool == true && account["email"] == nil
                && account["is_email_valid"] == nil)
        #expect(account["gender_needs_agreement"] as? Bool == true && account["gender"] == nil)
        #expect(account["profile_nickname_needs_agreement"] as? Bool == false)
        #expect(try json(sandbox.refresh(tokens.refresh))["scope"] as? String == "profile_nickname profile_image")
        try expectAPIError(
            sandbox.post("/v2/user/revoke/scopes", [("scopes", #"["account_email"]"#)], bearer: tokens.access),
            code: -2, naming: "account_email")

        // Asking again brings it back.
        let again = try sandbox.login([("scope", "account_email")])
        #expect(try kakaoAccount(sandbox, again.access)["email"] as? String == "sandbox.user@example.com")
        #expect(try agreedScopes(sandbox, tokens.access) == defaultAgreed)
    }

    @Test func additionalConsentThroughAuthorize() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.login()
        #expect(try agreedScopes(sandbox, first.access) == defaultAgreed)
        let code = try sandbox.code([("scope", "shipping_address talk_message")])
        let token = try json(sandbox.exchange(code))
        #expect(
            token["scope"] as? String == "profile_nickname profile_image account_email shipping_address talk_message")
        let access = try #require(token["access_token"] as? String)
        #expect(try agreedScopes(sandbox, access) == defaultAgreed + ["shipping_address", "talk_message"])
        // The earlier token sees the new consent too.
        #expect(try agreedScopes(sandbox, first.access) == defaultAgreed + ["shipping_address", "talk_message"])
    }

    @Test func legacyProfileScopeIsRecordedAsItsTwoItems() throws {
        let sandbox = try Sandbox(SandboxConfiguration(defaultScopes: []))
        let token = try json(sandbox.exchange(try sandbox.code([("scope", "profile openid")])))
        #expect(token["scope"] as? String == "profile_nickname profile_image openid")
        let access = try #require(token["access_token"] as? String)
        #expect(try agreedScopes(sandbox, access) == ["profile_nickname", "profile_image"])
        _ = try scopeItems(sandbox.post("/v2/user/revoke/scopes", [("scopes", #"["profile_image"]"#)], bearer: access))
        let account = try kakaoAccount(sandbox, access)
        #expect(account["profile_image_needs_agreement"] as? Bool == true)
        #expect(account["profile_nickname_needs_agreement"] as? Bool == false)
    }

    // MARK: Service terms

    @Test func firstLoginAgreesToTheRequiredTerms() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let agreedResponse = sandbox.get("/v2/user/service_terms", bearer: tokens.access)
        #expect(
            text(agreedResponse)
                == #"{"id":4242424242,"service_terms":[{"tag":"service_20230101","required":true,"agreed":true,"revocable":false,"agreed_at":"2026-01-01T00:00:00Z","agreed_by":"KAUTH"},{"tag":"privacy_20230101","required":true,"agreed":true,"revocable":false,"agreed_at":"2026-01-01T00:00:00Z","agreed_by":"KAUTH"}]}"#
        )
        #expect(
            try terms(
                sandbox.get("/v2/user/service_terms", [("result", "agreed_service_terms")], bearer: tokens.access)
            ).count == 2)

        let app = try terms(
            sandbox.get("/v2/user/service_terms", [("result", "app_service_terms")], bearer: tokens.access))
        #expect(
            app.map { $0["tag"] as? String } == ["service_20230101", "privacy_20230101", "marketing_2023", "newsletter"]
        )
        #expect(app.map { $0["agreed"] as? Bool } == [true, true, false, false])
        #expect(app.map { $0["required"] as? Bool } == [true, true, false, false])
        #expect(app.map { $0["revocable"] as? Bool } == [false, false, true, true])
        #expect(app[2]["agreed_at"] == nil && app[2]["agreed_by"] == nil)

        let tagged = try terms(
            sandbox.get(
                "/v2/user/service_terms", [("result", "app_service_terms"), ("tags", "newsletter, service_20230101")],
                bearer: tokens.access))
        #expect(tagged.map { $0["tag"] as? String } == ["service_20230101", "newsletter"])
        let agreedTagged = try terms(
            sandbox.get("/v2/user/service_terms", [("tags", "newsletter,service_20230101")], bearer: tokens.access))
        #expect(agreedTagged.map { $0["tag"] as? String } == ["service_20230101"])

        try expectAPIError(
            sandbox.get("/v2/user/service_terms", [("tags", "service_20230101,bogus")], bearer: tokens.access),
            code: -2, naming: "bogus")
        try expectAPIError(sandbox.get("/v2/user/service_terms", [("tags", "")], bearer: tokens.access), code: -2)
        try expectAPIError(
            sandbox.get("/v2/user/service_terms", [("result", "all")], bearer: tokens.access), code: -2, naming: "all")
    }

    @Test func serviceTermsAtAuthorizeAreAgreed() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.login()
        sandbox.clock.advance(by: 3600)
        let tokens = try sandbox.login([("service_terms", "marketing_2023,service_20230101")])
        let agreed = try terms(sandbox.get("/v2/user/service_terms", bearer: tokens.access))
        #expect(agreed.map { $0["tag"] as? String } == ["service_20230101", "privacy_20230101", "marketing_2023"])
        // An earlier agreement keeps its time.
        #expect(
            agreed.map { $0["agreed_at"] as? String } == [
                "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z", "2026-01-01T01:00:00Z"
            ])
        #expect(agreed.allSatisfy { $0["agreed_by"] as? String == "KAUTH" })
        #expect(
            sandbox.provider.requestLog.first { $0.path == "/oauth/authorize" && $0.serviceTerms != nil }?.serviceTerms
                == "marketing_2023,service_20230101")

        for bad in ["marketing_2023,bogus", "", " , "] {
            let response = sandbox.authorize([("service_terms", bad)])
            #expect(response.status == 302)
            let parameters = SandboxClient.redirectParameters(response)
            #expect(parameters.first(named: "error") == "invalid_request")
            #expect(parameters.first(named: "code") == nil)
        }
        #expect(
            SandboxClient.redirectParameters(sandbox.authorize([("prompt", "none"), ("service_terms", "newsletter")]))
                .first(named: "error") == "consent_required")
        #expect(
            SandboxClient.redirectParameters(
                sandbox.authorize([("prompt", "none"), ("service_terms", "marketing_2023")])
            ).first(named: "code") != nil)
    }

    @Test func firstLoginWithServiceTermsAgreesRequiredAndNamed() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login([("service_terms", "newsletter")])
        let agreed = try terms(sandbox.get("/v2/user/service_terms", bearer: tokens.access))
        #expect(agreed.map { $0["tag"] as? String } == ["service_20230101", "privacy_20230101", "newsletter"])
    }

    @Test func revokingServiceTerms() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login([("service_terms", "marketing_2023,newsletter")])
        try expectAPIError(
            sandbox.post("/v2/user/revoke/service_terms", [("tags", "service_20230101")], bearer: tokens.access),
            code: -2, naming: "service_20230101")
        try expectAPIError(
            sandbox.post(
                "/v2/user/revoke/service_terms", [("tags", "marketing_2023,privacy_20230101")], bearer: tokens.access),
            code: -2, naming: "privacy_20230101")
        try expectAPIError(
            sandbox.post("/v2/user/revoke/service_terms", [("tags", "bogus")], bearer: tokens.access), code: -2,
            naming: "bogus")
        try expectAPIError(
            sandbox.post("/v2/user/revoke/service_terms", [], bearer: tokens.access), code: -2, naming: "tags")
        #expect(try terms(sandbox.get("/v2/user/service_terms", bearer: tokens.access)).count == 4)

        let response = sandbox.post(
            "/v2/user/revoke/service_terms", [("tags", "marketing_2023")], bearer: tokens.access)
        #expect(response.status == 200)
        #expect(
            text(response) == #"{"id":4242424242,"revoked_service_terms":[{"tag":"marketing_2023","agreed":false}]}"#)
        let agreed = try terms(sandbox.get("/v2/user/service_terms", bearer: tokens.access))
        #expect(agreed.map { $0["tag"] as? String } == ["service_20230101", "privacy_20230101", "newsletter"])
        // Not agreed any more: a second revoke is refused.
        try expectAPIError(
            sandbox.post(
                "/v2/user/revoke/service_terms", [("tags", "marketing_2023,newsletter")], bearer: tokens.access),
            code: -2, naming: "marketing_2023")
        #expect(try terms(sandbox.get("/v2/user/service_terms", bearer: tokens.access)).count == 3)
        let two = sandbox.post("/v2/user/revoke/service_terms", [("tags", "newsletter")], bearer: tokens.access)
        #expect(text(two) == #"{"id":4242424242,"revoked_service_terms":[{"tag":"newsletter","agreed":false}]}"#)
    }

    // MARK: Shipping addresses

    @Test func shippingAddressesNeedConsentFirst() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let refused = sandbox.get("/v1/user/shipping_address", bearer: tokens.access)
        #expect(refused.status == 403)
        #expect(
            text(refused)
                == #"{"msg":"insufficient scopes.","code":-402,"api_type":"KAPI_SHIPPING","required_scopes":["shipping_address"],"allowed_scopes":["profile_nickname","profile_image","account_email"]}"#
        )
        #expect(sandbox.provider.requestLog.last?.kakaoCode == "-402")

        let consented = try sandbox.login([("scope", "shipping_address")])
        #expect(sandbox.get("/v1/user/shipping_address", bearer: consented.access).status == 200)
        // Consent is the user's, so the older token works too; revoking takes it away again.
        #expect(sandbox.get("/v1/user/shipping_address", bearer: tokens.access).status == 200)
        _ = sandbox.post("/v2/user/revoke/scopes", [("scopes", #"["shipping_address"]"#)], bearer: tokens.access)
        #expect(sandbox.get("/v1/user/shipping_address", bearer: consented.access).status == 403)
    }

    @Test func shippingAddressPagesWalkEveryAddressOnce() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login([("scope", "shipping_address")])
        var seen: [Int64] = []
        var pages: [[[String: Any]]] = []
        var from: Int64?
        var hasMore = true
        while hasMore {
            var query = [("page_size", "10")]
            if let from { query.append(("from_updated_at", String(from))) }
            let body = try json(sandbox.get("/v1/user/shipping_address", query, bearer: tokens.access))
            #expect(body["user_id"] as? Int64 == 4_242_424_242)
            #expect(body["shipping_addresses_needs_agreement"] as? Bool == false)
            let page = try #require(body["shipping_addresses"] as? [[String: Any]])
            pages.append(page)
            seen += page.compactMap { $0["id"] as? Int64 }
            hasMore = try #require(body["has_more"] as? Bool)
            from = try #require(page.last?["updated_at"] as? Int64)
            try #require(pages.count <= 5)
        }
        #expect(pages.map(\.count) == [10, 10, 5])
        #expect(seen.count == 25 && Set(seen).count == 25)

        // Default first, and only on the first page; then newest first.
        let all = pages.flatMap { $0 }
        #expect(all[0]["is_default"] as? Bool == true)
        #expect(all.dropFirst().allSatisfy { $0["is_default"] as? Bool == false })
        let times = all.dropFirst().compactMap { $0["updated_at"] as? Int64 }
        #expect(times == times.sorted(by: >) && Set(times).count == 24)
        // The default is not the newest, so the order really is "default first".
        #expect((all[0]["updated_at"] as? Int64 ?? 0) < times[0])

        // The default page size is 10, and has_more says whether more follow.
        let first = try json(sandbox.get("/v1/user/shipping_address", bearer: tokens.access))
        #expect(
            (first["shipping_addresses"] as? [[String: Any]])?.compactMap { $0["id"] as? Int64 }
                == pages[0].compactMap { $0["id"] as? Int64 })
        #expect(first["has_more"] as? Bool == true)
        let zero = try json(
            sandbox.get(
                "/v1/user/shipping_address", [("from_updated_at", "0"), ("page_size", "25")], bearer: tokens.access))
        #expect((zero["shipping_addresses"] as? [Any])?.count == 25 && zero["has_more"] as? Bool == false)

        // Every field of §5.5 on an address.
        let address = all[0]
        for key in [
            "id", "name", "is_default", "updated_at", "type", "base_address", "detail_address", "receiver_name",
            "receiver_phone_number1", "zone_number"
        ] {
            #expect(address[key] != nil, "missing \(key)")
        }
        #expect(Set(all.compactMap { $0["type"] as? String }) == ["NEW", "OLD"])
        #expect(all.allSatisfy { ($0["zone_number"] as? String)?.count == 5 })
        #expect(all.compactMap { $0["zip_code"] as? String }.allSatisfy { $0.count == 6 })
        #expect(all.contains { $0["zip_code"] != nil } && all.contains { $0["receiver_phone_number2"] != nil })
    }

    @Test func oneShippingAddressByIDAndInvalidRequests() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login([("scope", "shipping_address")])
        let page = try #require(
            try json(sandbox.get("/v1/user/shipping_address", bearer: tokens.access))["shipping_addresses"]
                as? [[String: Any]])
        let id = try #require(page[3]["id"] as? Int64)
        let one = try json(
            sandbox.get("/v1/user/shipping_address", [("address_id", String(id))], bearer: tokens.access))
        let list = try #require(one["shipping_addresses"] as? [[String: Any]])
        #expect(
            list.count == 1 && list[0]["id"] as? Int64 == id && list[0]["name"] as? String == page[3]["name"] as? String
        )
        #expect(one["has_more"] as? Bool == false)

        let invalid: [[(String, String)]] = [
            [("address_id", "1")],
            [("address_id", "abc")],
            [("address_id", String(id)), ("page_size", "10")],
            [("address_id", String(id)), ("from_updated_at", "0")],
            [("page_size", "1")],
            [("page_size", "0")],
            [("page_size", "ten")],
            [("from_updated_at", "-5")],
            [("from_updated_at", "yesterday")]
        ]
        for query in invalid {
            try expectAPIError(sandbox.get("/v1/user/shipping_address", query, bearer: tokens.access), code: -2)
        }
        #expect(sandbox.get("/v1/user/shipping_address", [("page_size", "2")], bearer: tokens.access).status == 200)
    }

    @Test func aUserWithoutAddressesGetsAnEmptyList() throws {
        let sandbox = try Sandbox(SandboxConfiguration(shippingAddressCount: 0))
        let tokens = try sandbox.login([("scope", "shipping_address")])
        let response = sandbox.get("/v1/user/shipping_address", bearer: tokens.access)
        #expect(
            text(response)
                == #"{"user_id":4242424242,"shipping_addresses_needs_agreement":false,"shipping_addresses":[],"has_more":false}"#
        )
    }

    @Test func injectedInsufficientScopesCarryRequiredScopes() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        #expect(
            sandbox.post(
                "/_sandbox/fail",
                [
                    ("path", "/v2/user/me"), ("status", "403"), ("code", "-402"),
                    ("required_scopes", "phone_number,gender")
                ]
            ).status == 200)
        let response = sandbox.get("/v2/user/me", bearer: tokens.access)
        #expect(response.status == 403)
        #expect(
            text(response)
                == #"{"msg":"insufficient scopes.","code":-402,"api_type":"KAPI","required_scopes":["phone_number","gender"],"allowed_scopes":[]}"#
        )
        #expect(
            sandbox.provider.requestLog.last?.injected == true && sandbox.provider.requestLog.last?.kakaoCode == "-402")
        #expect(sandbox.get("/v2/user/me", bearer: tokens.access).status == 200)
    }

    // MARK: User properties and signup

    @Test func updateProfileStoresRegisteredProperties() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        try expectAPIError(
            sandbox.post(
                "/v1/user/update_profile", [("properties", #"{"level":"3","shoe_size":"270"}"#)], bearer: tokens.access),
            code: -201, naming: "shoe_size")
        try expectAPIError(
            sandbox.post("/v1/user/update_profile", [("properties", #"{"level":3}"#)], bearer: tokens.access), code: -2,
            naming: "level")
        try expectAPIError(
            sandbox.post("/v1/user/update_profile", [("properties", "level=3")], bearer: tokens.access), code: -2)
        try expectAPIError(
            sandbox.post("/v1/user/update_profile", [("properties", #"["level"]"#)], bearer: tokens.access), code: -2)
        try expectAPIError(
            sandbox.post("/v1/user/update_profile", [], bearer: tokens.access), code: -2, naming: "properties")
        #expect(
            try json(sandbox.get("/v2/user/me", bearer: tokens.access))["properties"] as? [String: String] == [
                "nickname": "Sandbox User",
                "profile_image": "http://img.example.com/kauth-sandbox/profile_640x640.jpg",
                "thumbnail_image": "http://img.example.com/kauth-sandbox/profile_110x110.jpg"
            ])

        let response = sandbox.post(
            "/v1/user/update_profile", [("properties", #"{"team":"blue","level":"3","nickname":"Captain"}"#)],
            bearer: tokens.access)
        #expect(text(response) == #"{"id":4242424242}"#)
        _ = sandbox.post("/v1/user/update_profile", [("properties", #"{"level":"4"}"#)], bearer: tokens.access)
        let me = sandbox.get("/v2/user/me", bearer: tokens.access)
        #expect(
            text(me).contains(
                #""properties":{"nickname":"Captain","profile_image":"http://img.example.com/kauth-sandbox/profile_640x640.jpg","thumbnail_image":"http://img.example.com/kauth-sandbox/profile_110x110.jpg","level":"4","team":"blue"}"#
            ))
        // The Kakao profile is not the app's property.
        let profile = try #require((try json(me)["kakao_account"] as? [String: Any])?["profile"] as? [String: Any])
        #expect(profile["nickname"] as? String == "Sandbox User")

        let filtered = sandbox.get("/v2/user/me", [("property_keys", #"["properties.level"]"#)], bearer: tokens.access)
        #expect(text(filtered) == #"{"id":4242424242,"properties":{"level":"4"}}"#)
    }

    @Test func signupWithAutoLinkOnIsAlreadyLinked() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        try expectAPIError(sandbox.post("/v1/user/signup", bearer: tokens.access), code: -102)
        #expect(try json(sandbox.get("/v2/user/me", bearer: tokens.access))["has_signed_up"] == nil)
    }

    @Test func signupWithAutoLinkOff() throws {
        let sandbox = try Sandbox(SandboxConfiguration(autoLink: false))
        let tokens = try sandbox.login()
        let before = sandbox.get("/v2/user/me", bearer: tokens.access)
        #expect(text(before).hasPrefix(#"{"id":4242424242,"has_signed_up":false,"connected_at":"#))
        // Not linked yet: the app cannot keep properties on the user.
        try expectAPIError(
            sandbox.post("/v1/user/update_profile", [("properties", #"{"level":"1"}"#)], bearer: tokens.access),
            code: -101)
        try expectAPIError(
            sandbox.post("/v1/user/signup", [("properties", #"{"rank":"1"}"#)], bearer: tokens.access), code: -201,
            naming: "rank")
        #expect(try json(sandbox.get("/v2/user/me", bearer: tokens.access))["has_signed_up"] as? Bool == false)

        let response = sandbox.post("/v1/user/signup", [("properties", #"{"level":"1"}"#)], bearer: tokens.access)
        #expect(text(response) == #"{"id":4242424242}"#)
        let after = try json(sandbox.get("/v2/user/me", bearer: tokens.access))
        #expect(after["has_signed_up"] as? Bool == true)
        #expect((after["properties"] as? [String: Any])?["level"] as? String == "1")
        try expectAPIError(sandbox.post("/v1/user/signup", bearer: tokens.access), code: -102)
        #expect(
            sandbox.post("/v1/user/update_profile", [("properties", #"{"level":"2"}"#)], bearer: tokens.access).status
                == 200)
        #expect(
            try json(sandbox.get("/v2/user/me", [("property_keys", #"["has_signed_up"]"#)], bearer: tokens.access)).keys
                .sorted() == ["has_signed_up", "id"])
    }

    @Test func autoLinkIsSwitchedAtRunTime() throws {
        let sandbox = try Sandbox()
        #expect(try json(sandbox.get("/_sandbox/config"))["auto_link"] as? Bool == true)
        let config = sandbox.post("/_sandbox/config", [("auto_link", "false")])
        #expect(try config.status == 200 && json(config)["auto_link"] as? Bool == false)
        #expect(sandbox.provider.configuration.autoLink == false)
        #expect(sandbox.post("/_sandbox/config", [("auto_link", "maybe")]).status == 400)
        #expect(sandbox.provider.configuration.autoLink == false)

        let tokens = try sandbox.login()
        #expect(try json(sandbox.get("/v2/user/me", bearer: tokens.access))["has_signed_up"] as? Bool == false)
        #expect(sandbox.post("/v1/user/signup", bearer: tokens.access).status == 200)
        #expect(try json(sandbox.get("/v2/user/me", bearer: tokens.access))["has_signed_up"] as? Bool == true)
    }

    // MARK: Shared behaviour

    @Test func newEndpointsNeedABearerTokenAndTheRightMethod() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let gets = ["/v2/user/scopes", "/v2/user/service_terms", "/v1/user/shipping_address"]
        let posts = [
            "/v2/user/revoke/scopes", "/v2/user/revoke/service_terms", "/v1/user/update_profile", "/v1/user/signup"
        ]
        for path in gets {
            try expectAPIError(sandbox.get(path), status: 401, code: -401)
            try expectAPIError(sandbox.get(path, bearer: "no-such-token"), status: 401, code: -401)
            try expectAPIError(sandbox.post(path, bearer: tokens.access), status: 405, code: -2)
        }
        for path in posts {
            try expectAPIError(sandbox.post(path), status: 401, code: -401)
            try expectAPIError(sandbox.get(path, bearer: tokens.access), status: 405, code: -2)
        }
    }

    @Test func unlinkForgetsTermsPropertiesAndConsent() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login([("scope", "shipping_address"), ("service_terms", "newsletter")])
        _ = sandbox.post("/v1/user/update_profile", [("properties", #"{"level":"9"}"#)], bearer: tokens.access)
        #expect(sandbox.post("/v1/user/unlink", bearer: tokens.access).status == 200)
        let again = try sandbox.login()
        #expect(try terms(sandbox.get("/v2/user/service_terms", bearer: again.access)).count == 2)
        #expect(
            (try json(sandbox.get("/v2/user/me", bearer: again.access))["properties"] as? [String: Any])?["level"]
                == nil)
        #expect(sandbox.get("/v1/user/shipping_address", bearer: again.access).status == 403)
    }

    @Test func logHoldsNoTokensOrPropertyValues() throws {
        let sandbox = try Sandbox(SandboxConfiguration(autoLink: false))
        let tokens = try sandbox.login([("scope", "shipping_address"), ("service_terms", "newsletter")])
        _ = sandbox.get("/v2/user/scopes", [("scopes", #"["account_email"]"#)], bearer: tokens.access)
        _ = sandbox.post("/v2/user/revoke/scopes", [("scopes", #"["account_email"]"#)], bearer: tokens.access)
        _ = sandbox.get("/v2/user/service_terms", [("result", "app_service_terms")], bearer: tokens.access)
        _ = sandbox.post("/v2/user/revoke/service_terms", [("tags", "newsletter")], bearer: tokens.access)
        _ = sandbox.get("/v1/user/shipping_address", [("page_size", "5")], bearer: tokens.access)
        _ = sandbox.post("/v1/user/signup", [("properties", #"{"team":"secret-team-value"}"#)], bearer: tokens.access)
        _ = sandbox.post(
            "/v1/user/update_profile", [("properties", #"{"level":"secret-level-value"}"#)], bearer: tokens.access)
        _ = sandbox.post("/v1/user/signup", bearer: tokens.access)

        let response = sandbox.get("/_sandbox/log")
        let logText = text(response)
        for value in [tokens.access, tokens.refresh, "secret-team-value", "secret-level-value"] {
            #expect(!logText.contains(value), "log contains \(value)")
        }
        let entries = sandbox.provider.requestLog
        #expect(
            entries.map(\.path).suffix(8) == [
                "/v2/user/scopes", "/v2/user/revoke/scopes", "/v2/user/service_terms", "/v2/user/revoke/service_terms",
                "/v1/user/shipping_address", "/v1/user/signup", "/v1/user/update_profile", "/v1/user/signup"
            ])
        #expect(entries.map(\.status).suffix(8) == [200, 200, 200, 200, 200, 200, 200, 400])
        #expect(entries.last?.kakaoCode == "-102")
        #expect(entries[entries.count - 7].scope == "account_email")
        #expect(entries[entries.count - 5].serviceTerms == "newsletter")
    }

    // MARK: State file

    @Test func stateFileKeepsConsentTermsPropertiesAndSignup() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kauth-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        let configuration = SandboxConfiguration(stateFile: path, autoLink: false)
        let clock = TestClock()

        let first = Sandbox(
            provider: try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(1)),
            clock: clock)
        let tokens = try first.login([
            ("scope", "shipping_address gender"), ("service_terms", "marketing_2023,newsletter")
        ])
        #expect(first.post("/v2/user/revoke/scopes", [("scopes", #"["gender"]"#)], bearer: tokens.access).status == 200)
        #expect(
            first.post("/v2/user/revoke/service_terms", [("tags", "newsletter")], bearer: tokens.access).status == 200)
        #expect(
            first.post("/v1/user/signup", [("properties", #"{"team":"red"}"#)], bearer: tokens.access).status == 200)
        #expect(
            first.post("/v1/user/update_profile", [("properties", #"{"level":"7"}"#)], bearer: tokens.access).status
                == 200)
        let scopesBefore = text(first.get("/v2/user/scopes", bearer: tokens.access))
        let termsBefore = text(
            first.get("/v2/user/service_terms", [("result", "app_service_terms")], bearer: tokens.access))
        let meBefore = text(first.get("/v2/user/me", bearer: tokens.access))
        let addressesBefore = text(first.get("/v1/user/shipping_address", bearer: tokens.access))

        clock.advance(by: 10)
        let second = Sandbox(
            provider: try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(2)),
            clock: clock)
        #expect(text(second.get("/v2/user/scopes", bearer: tokens.access)) == scopesBefore)
        #expect(
            text(second.get("/v2/user/service_terms", [("result", "app_service_terms")], bearer: tokens.access))
                == termsBefore)
        #expect(text(second.get("/v2/user/me", bearer: tokens.access)) == meBefore)
        #expect(text(second.get("/v1/user/shipping_address", bearer: tokens.access)) == addressesBefore)
        #expect(meBefore.contains(#""has_signed_up":true"#) && meBefore.contains(#""level":"7","team":"red""#))
        #expect(termsBefore.contains(#"{"tag":"marketing_2023","required":false,"agreed":true"#))
        try expectAPIError(second.post("/v1/user/signup", bearer: tokens.access), code: -102)
    }

    @Test func stateFilesFromBeforeConsentDetailsStillLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kauth-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        // Written by the sandbox before service terms, properties and signup were kept.
        let old = """
            {
              "accessTokens" : [ { "clientId" : "sandbox-rest-key", "expiresAt" : "2026-01-01T05:00:00Z", "grantId" : "g1", "scopes" : [ "profile", "account_email" ], "userId" : 4242424242, "value" : "old-access-token" } ],
              "codes" : [ ],
              "consents" : [ { "clientId" : "sandbox-rest-key", "connectedAt" : "2025-12-31T00:00:00Z", "scopes" : [ "profile", "account_email" ], "userId" : 4242424242 } ],
              "refreshTokens" : [ ],
              "users" : [ { "ageRange" : "30~39", "birthday" : "0101", "birthdayType" : "SOLAR", "birthyear" : "1990", "email" : "sandbox.user@example.com", "gender" : "female", "id" : 4242424242, "isDefaultImage" : false, "isEmailValid" : true, "isEmailVerified" : true, "name" : "Sandbox User", "nickname" : "Old Nick", "phoneNumber" : "+82 10-1234-5678", "profileImageUrl" : "https://img.example.com/p.jpg", "thumbnailImageUrl" : "https://img.example.com/t.jpg" } ],
              "version" : 1
            }
            """
        try Data(old.utf8).write(to: URL(fileURLWithPath: path))
        let sandbox = Sandbox(
            provider: try SandboxProvider(
                configuration: SandboxConfiguration(stateFile: path, autoLink: false), clock: TestClock().clock,
                random: .seeded(5)))
        let me = try json(sandbox.get("/v2/user/me", bearer: "old-access-token"))
        #expect(me["has_signed_up"] as? Bool == true)
        #expect((me["properties"] as? [String: Any])?["nickname"] as? String == "Old Nick")
        #expect(try agreedScopes(sandbox, "old-access-token") == defaultAgreed)
        #expect(try terms(sandbox.get("/v2/user/service_terms", bearer: "old-access-token")).isEmpty)
        #expect(
            try json(
                sandbox.post("/v2/user/revoke/scopes", [("scopes", #"["profile_image"]"#)], bearer: "old-access-token"))[
                    "id"] as? Int64 == 4_242_424_242)
        #expect(try agreedScopes(sandbox, "old-access-token") == ["profile_nickname", "account_email"])
        let list = try #require(
            try json(sandbox.get("/v1/user/shipping_address", bearer: "old-access-token"))["code"] as? Int)
        #expect(list == -402)
    }
}
