import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore
@testable import KakaoAPI

/// Each endpoint value's wire form, and decoding of the provider's responses (spec §5).
@Suite struct UserRequestTests {
    func query(_ pairs: [(String, String)]) -> String { pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&") }

    @Test func scopeRequestsSendJSONArrays() {
        #expect(ScopesRequest().parameters.isEmpty)
        #expect(
            query(ScopesRequest(scopes: ["account_email", "phone_number"]).parameters)
                == #"scopes=["account_email","phone_number"]"#)
        let revoke = RevokeScopesRequest(scopes: ["account_email"])
        #expect(revoke.method == "POST" && revoke.path == "/v2/user/revoke/scopes" && !revoke.isIdempotent)
        #expect(query(revoke.parameters) == #"scopes=["account_email"]"#)
    }

    @Test func serviceTermsRequestsUseResultAndCommaLists() {
        #expect(query(ServiceTermsRequest().parameters) == "result=agreed_service_terms")
        #expect(
            query(ServiceTermsRequest(allOfTheApp: true, tags: ["a", "b"]).parameters)
                == "result=app_service_terms&tags=a,b")
        #expect(query(RevokeServiceTermsRequest(tags: ["a", "b"]).parameters) == "tags=a,b")
    }

    @Test func profileRequestsSendPropertiesAsAJSONObject() {
        #expect(
            query(UpdateProfileRequest(properties: [("level", "3"), ("team", "blue")]).parameters)
                == #"properties={"level":"3","team":"blue"}"#)
        #expect(SignupRequest().parameters.isEmpty)
        #expect(query(SignupRequest(properties: [("level", "1")]).parameters) == #"properties={"level":"1"}"#)
    }

    @Test func shippingRequestsUseAnIdOrAPageCursor() {
        #expect(query(ShippingAddressesRequest(addressID: 7).parameters) == "address_id=7")
        #expect(
            query(ShippingAddressesRequest(fromUpdatedAt: 1_700_000_000, pageSize: 10).parameters)
                == "from_updated_at=1700000000&page_size=10")
        #expect(ShippingAddressesRequest().parameters.isEmpty)
    }

    @Test func decodesScopeInfo() throws {
        let json =
            #"{"id":42,"scopes":[{"id":"profile_nickname","display_name":"Nickname","type":"PRIVACY","using":true,"delegated":false,"agreed":true,"revocable":false},{"id":"phone_number","display_name":"Phone","type":"PRIVACY","using":true,"agreed":false}]}"#
        let info = try JSONDecoder().decode(ScopeInfo.self, from: Data(json.utf8))
        #expect(
            info
                == ScopeInfo(
                    id: 42,
                    scopes: [
                        Scope(
                            id: "profile_nickname", displayName: "Nickname", type: "PRIVACY", using: true,
                            delegated: false, agreed: true, revocable: false),
                        Scope(id: "phone_number", displayName: "Phone", type: "PRIVACY", using: true, agreed: false)
                    ]))
    }

    @Test func decodesServiceTermsAndRevocations() throws {
        let terms = try JSONDecoder().decode(
            UserServiceTerms.self,
            from: Data(
                #"{"id":1,"service_terms":[{"tag":"t1","required":true,"agreed":true,"revocable":false,"agreed_at":"2023-03-06T13:06:54Z","agreed_by":"KAUTH"}]}"#
                    .utf8))
        #expect(terms.serviceTerms?.first?.agreedBy == "KAUTH")
        #expect(terms.serviceTerms?.first?.agreedAt == "2023-03-06T13:06:54Z")
        let revoked = try JSONDecoder().decode(
            RevokedServiceTerms.self,
            from: Data(#"{"id":1,"revoked_service_terms":[{"tag":"t2","agreed":false}]}"#.utf8))
        #expect(revoked.revokedServiceTerms == [.init(tag: "t2", agreed: false)])
    }

    @Test func decodesShippingAddressesWithOrWithoutHasMore() throws {
        let json =
            #"{"user_id":42,"shipping_addresses_needs_agreement":false,"shipping_addresses":[{"id":1,"name":"Home","is_default":true,"updated_at":1700000000,"type":"NEW","base_address":"Seoul","detail_address":"101","receiver_name":"Kim","receiver_phone_number1":"010-0000-0000","zone_number":"06164","zip_code":"135-000"}]}"#
        let page = try JSONDecoder().decode(UserShippingAddresses.self, from: Data(json.utf8))
        #expect(page.hasMore == nil)
        #expect(page.addresses?.first?.isDefault == true)
        #expect(page.addresses?.first?.zoneNumber == "06164")
    }

    @Test func missingConsentMapsAgreementFieldsToScopeIDs() throws {
        let user = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(
                #"{"id":1,"kakao_account":{"email_needs_agreement":true,"phone_number_needs_agreement":true,"age_range_needs_agreement":false,"profile_nickname_needs_agreement":false,"profile_needs_agreement":true,"legal_name_needs_agreement":true}}"#
                    .utf8))
        #expect(MissingConsent.scopes(in: user) == ["account_email", "phone_number", "profile"])
    }
}
