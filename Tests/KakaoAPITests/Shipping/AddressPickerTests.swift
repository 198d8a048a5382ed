import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics
@testable import KAuthCore
@testable import KakaoAPI

/// The shipping-address picker through a fake listener and a scripted Kakao: the AGT, what the
/// browser is given, the pages' URLs, how each ending becomes an error, and the final lookup.
@Suite struct AddressPickerTests {
    static let kakao = Provider(
        name: "kakao", type: .kakao, clientID: "rest-key",
        urls: [.auth: "https://auth.test", .api: "https://api.test", .apps: "https://apps.test"])

    static let addresses =
        #"{"user_id":42,"shipping_addresses":[{"id":7100003,"name":"Home","is_default":true,"base_address":"Seoul","detail_address":"Unit 1","zone_number":"12345","updated_at":1700000000}]}"#

    /// Kakao's AGT and shipping-address endpoints.
    static func kakaoHTTP(agt: [Int] = [200], addresses: (Int, String) = (200, AddressPickerTests.addresses))
        -> FakeHTTP
    {
        let agtAnswers = Counter()
        return FakeHTTP { request in
            if request.url == "https://auth.test/api/agt" {
                let status = agt[min(agtAnswers.value, agt.count - 1)]
                agtAnswers.increment()
                return status == 200
                    ? FakeHTTP.json(200, #"{"agt":"the-agt"}"#)
                    : FakeHTTP.json(
                        status,
                        #"{"error":"unauthorized","error_description":"invalid access token","error_code":"KOE001"}"#)
            }
            if request.url.hasPrefix("https://api.test/v1/user/shipping_address") {
                return FakeHTTP.json(addresses.0, addresses.1)
            }
            return FakeHTTP.json(404, "{}")
        }
    }

    final class Tokens: @unchecked Sendable {
        private let lock = NSLock()
        private var recoveries: [String] = []
        var recovered: [String] { lock.withLock { recoveries } }

        var credentials: BearerCredentials {
            BearerCredentials(
                profile: "default",
                current: { "access-1" },
                recover: { rejected, _ in
                    self.lock.withLock { self.recoveries.append(rejected) }
                    return "access-2"
                }
            )
        }
    }

    struct Setup {
        let http: FakeHTTP
        let listener: FakeListener
        let tokens = Tokens()
        let events = EventRecorder<AddressPickerEvent>()
        var provider = AddressPickerTests.kakao
        /// The browser; nil: the listener's, which visits the start link.
        var browser: Browser?

        var picker: AddressPicker {
            let world = World.test(
                http: http.client, clock: TestClock().clock, browser: browser ?? listener.browser(),
                listener: listener.listener)
            return AddressPicker(
                world: world,
                client: APIClient(
                    http: http.client, clock: world.clock, provider: provider, credentials: tokens.credentials),
                version: "9.9.9", pages: { _ in .unshown })
        }

        func run(_ operation: AddressPickerOperation, timeout: Duration = .seconds(300), port: UInt16 = 0) async throws
            -> AddressPickerResult
        {
            try await picker.run(operation, timeout: timeout, port: port, events: events.record)
        }
    }

    static func query(_ url: String) -> [(String, String)] {
        FormURLEncoding.decode(String(url.split(separator: "?", maxSplits: 1)[1]))
    }

    @Test func selectGetsAnAGTOpensKpidtThroughTheStartLinkAndFetchesTheChosenAddress() async throws {
        let setup = Setup(
            http: Self.kakaoHTTP(),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .addressChosen(id: 7_100_003) })
        let result = try await setup.run(.select)

        let agt = try #require(setup.http.requests.first)
        #expect(agt.method == "POST" && agt.url == "https://auth.test/api/agt")
        #expect(agt.form.first(named: "client_id") == "rest-key")
        #expect(agt.form.first(named: "access_token") == "access-1")
        #expect(agt.headers.value(for: "Authorization") == nil, "the token goes in the form, as Kakao's SDKs send it")

        let config = try #require(setup.listener.config(of: AddressPickerJudge.self))
        #expect(config.judge == AddressPickerJudge())
        #expect(config.port == 0, "any free port unless one is given")
        #expect(
            config.path.hasPrefix("/address/") && config.path.count == "/address/".count + 43,
            "a random path is the state")
        let startPath = try #require(config.startPath)
        #expect(
            setup.listener.visited == ["http://127.0.0.1:53100\(startPath)"],
            "the browser gets the start link, never the AGT")
        #expect(!startPath.contains("the-agt"))

        let kpidt = try #require(setup.listener.authorizationURLs.first)
        #expect(kpidt.hasPrefix("https://apps.test/auth/kpidt?"))
        let kpidtQuery = Self.query(kpidt)
        #expect(kpidtQuery.map(\.0) == ["app_key", "agt", "continue"])
        #expect(kpidtQuery.first(named: "app_key") == "rest-key")
        #expect(kpidtQuery.first(named: "agt") == "the-agt")
        let page = try #require(kpidtQuery.first(named: "continue"))
        #expect(page.hasPrefix("https://apps.test/user/address?"))
        let pageQuery = Self.query(page)
        #expect(pageQuery.map(\.0) == ["app_key", "return_url", "ka", "enable_back_button"])
        #expect(pageQuery.first(named: "return_url") == "http://127.0.0.1:53100" + config.path)
        #expect(pageQuery.first(named: "ka") == KakaoAgent.value(version: "9.9.9"))
        #expect(pageQuery.first(named: "enable_back_button") == "false")

        let lookup = try #require(setup.http.requests.last)
        #expect(lookup.url == "https://api.test/v1/user/shipping_address?address_id=7100003")
        #expect(lookup.headers.value(for: "Authorization") == "Bearer access-1")
        #expect(result.operation == .select && result.addressID == 7_100_003)
        #expect(result.address.name == "Home" && result.address.isDefault == true)
        #expect(
            result.object["detail_address"] == .string("Unit 1") && result.object["zone_number"] == .string("12345"))
        #expect(setup.events.events.contains(.openingBrowser(startURL: "http://127.0.0.1:53100\(startPath)")))
        #expect(setup.events.events.contains(.waiting(timeout: .seconds(300))))
        #expect(setup.listener.closeCount >= 1)
    }

    /// No browser can be started here: the paste path is offered at once, with the page's URL,
    /// nothing announced and nothing started.
    @Test func withoutABrowserThePastePathIsOfferedAtOnce() async throws {
        var setup = Setup(
            http: Self.kakaoHTTP(),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .addressChosen(id: 7_100_003) })
        let started = Counter()
        setup.browser = Browser(open: { _ in started.increment() }, unavailable: { .noDisplay })
        let result = try await setup.run(.select)
        #expect(result.addressID == 7_100_003)
        #expect(started.value == 0)
        let events = setup.events.events
        #expect(events.contains(.browserFailed(.noDisplay)))
        let offered = events.compactMap { event -> String? in
            if case .pasteExpected(let url, let origin) = event, origin == "http://127.0.0.1:53100" { return url }
            return nil
        }
        #expect(offered.count == 1 && offered.first?.contains("/auth/kpidt?") == true)
        #expect(!events.contains { if case .openingBrowser = $0 { return true } else { return false } })
    }

    @Test func createAndEditOpenTheirOwnPagesAndEditNamesTheAddress() async throws {
        let create = Setup(
            http: Self.kakaoHTTP(),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .addressChosen(id: 7_100_003) })
        #expect(try await create.run(.create).operation.name == "new")
        let createKpidt = try #require(create.listener.authorizationURLs.first)
        let createPage = try #require(Self.query(createKpidt).first(named: "continue"))
        #expect(createPage.hasPrefix("https://apps.test/user/address/create?"))
        #expect(Self.query(createPage).first(named: "address_id") == nil)

        let edit = Setup(
            http: Self.kakaoHTTP(),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .addressChosen(id: 7_100_003) })
        #expect(try await edit.run(.edit(addressID: 7_100_003), port: 8123).operation == .edit(addressID: 7_100_003))
        #expect(edit.listener.config(of: AddressPickerJudge.self)?.port == 8123)
        let editKpidt = try #require(edit.listener.authorizationURLs.first)
        let editPage = try #require(Self.query(editKpidt).first(named: "continue"))
        #expect(editPage.hasPrefix("https://apps.test/user/address/edit?"))
        #expect(Self.query(editPage).first(named: "address_id") == "7100003")
        #expect(Self.query(editPage).first(named: "return_url")?.hasPrefix("http://127.0.0.1:8123/address/") == true)
    }

    @Test func aKAEErrorCarriesItsMeaningAndNothingIsLookedUp() async throws {
        let setup = Setup(
            http: Self.kakaoHTTP(),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in
                .pickerFailed(code: "KAE206", message: "no such address")
            })
        await #expect(
            throws: KAuthError.addressPickerFailed(
                AddressPickerFailure(code: "KAE206", message: "no such address", meaning: .unregisteredAddress))
        ) {
            try await setup.run(.edit(addressID: 1))
        }
        #expect(setup.http.requests.map(\.url) == ["https://auth.test/api/agt"])

        let unknown = Setup(
            http: Self.kakaoHTTP(),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .pickerFailed(code: "KAE012", message: nil)
            })
        await #expect(
            throws: KAuthError.addressPickerFailed(AddressPickerFailure(code: "KAE012", message: nil, meaning: nil))
        ) {
            try await unknown.run(.select)
        }
    }

    @Test(arguments: [
        (AddressPickerOutcome.interrupted, KAuthError.addressPickerEnded(.interrupted)),
        (.takeover, .addressPickerEnded(.takeover))
    ])
    func aPickerThatEndsWithoutAnAnswerSaysHowItEnded(outcome: AddressPickerOutcome, expected: KAuthError) async throws
    {
        let setup = Setup(
            http: Self.kakaoHTTP(), listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in outcome })
        await #expect(throws: expected) { try await setup.run(.select) }
        #expect(setup.http.requests.count == 1, "only the AGT")
    }

    /// A closed picker, or a Kakao error page, is silence: the timeout says what to register.
    @Test func silenceTimesOutWithTheConsoleSettingToTry() async throws {
        let setup = Setup(
            http: Self.kakaoHTTP(), listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in nil })
        let hint = AddressPickerHint(
            provider: "Kakao", returnOrigin: "http://127.0.0.1:53100", fixedPort: false,
            registration: KakaoAppsError.returnURLRegistration)
        await #expect(throws: KAuthError.addressPickerEnded(.timedOut(seconds: 1, hint: hint))) {
            try await setup.run(.select, timeout: .seconds(1))
        }
        let fixed = Setup(
            http: Self.kakaoHTTP(), listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in nil })
        await #expect(
            throws: KAuthError.addressPickerEnded(
                .timedOut(
                    seconds: 1,
                    hint: AddressPickerHint(
                        provider: "Kakao", returnOrigin: "http://127.0.0.1:8765", fixedPort: true,
                        registration: KakaoAppsError.returnURLRegistration)))
        ) {
            try await fixed.run(.select, timeout: .seconds(1), port: 8765)
        }
    }

    /// Before the timeout, a silence of `AddressPicker.silence` brings the same hint.
    @Test func aLongSilenceBringsTheHintWhileWaiting() async throws {
        let http = Self.kakaoHTTP()
        let events = EventRecorder<AddressPickerEvent>()
        let listener = FakeListener(
            judge: AddressPickerJudge.self,
            timeOutOnceHeard: {
                events.events.contains { if case .stillWaiting = $0 { true } else { false } }
            }
        ) { _, _ in nil }
        let world = World.test(
            http: http.client, clock: TestClock().clock, browser: listener.browser(), listener: listener.listener)
        let picker = AddressPicker(
            world: world,
            client: APIClient(
                http: http.client, clock: world.clock, provider: Self.kakao, credentials: Tokens().credentials),
            version: "1", pages: { _ in .unshown })
        await #expect(throws: KAuthError.self) {
            try await picker.run(.select, timeout: .seconds(300), events: events.record)
        }
        let hint = AddressPickerHint(
            provider: "Kakao", returnOrigin: "http://127.0.0.1:53100", fixedPort: false,
            registration: KakaoAppsError.returnURLRegistration)
        #expect(events.events.contains(.stillWaiting(hint)))
    }

    @Test func aRejectedTokenIsRefreshedOnceForTheAGTAndTwiceIsTheEnd() async throws {
        let once = Setup(
            http: Self.kakaoHTTP(agt: [401, 200]),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .addressChosen(id: 7_100_003) })
        _ = try await once.run(.select)
        #expect(once.tokens.recovered == ["access-1"])
        let agtForms = once.http.requests.filter { $0.url == "https://auth.test/api/agt" }.map {
            $0.form.first(named: "access_token")
        }
        #expect(agtForms == ["access-1", "access-2"])

        let twice = Setup(
            http: Self.kakaoHTTP(agt: [401]),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .addressChosen(id: 7_100_003) })
        await #expect(throws: KAuthError.self) { try await twice.run(.select) }
        #expect(twice.listener.authorizationURLs.isEmpty, "nothing was opened")
        #expect(twice.listener.visited.isEmpty)
    }

    @Test func missingConsentOnTheLookupIsExitFour() async throws {
        let setup = Setup(
            http: Self.kakaoHTTP(
                addresses: (403, #"{"msg":"insufficient scopes.","code":-402,"required_scopes":["shipping_address"]}"#)),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .addressChosen(id: 7_100_003) })
        await #expect(throws: KAuthError.consentRequired(scopes: ["shipping_address"], message: "insufficient scopes."))
        {
            try await setup.run(.select)
        }
    }

    @Test func anAddressTheLookupDoesNotReturnIsRefused() async throws {
        let setup = Setup(
            http: Self.kakaoHTTP(addresses: (200, #"{"user_id":42,"shipping_addresses":[{"id":1,"name":"Other"}]}"#)),
            listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in .addressChosen(id: 7_100_003) })
        await #expect(
            throws: KAuthError.addressPicker(.addressNotReturned(id: 7_100_003))
        ) {
            try await setup.run(.select)
        }
    }

    @Test func providersWithoutShippingAddressesAndTakenPortsSendNothing() async throws {
        var snap = Setup(http: Self.kakaoHTTP(), listener: FakeListener(judge: AddressPickerJudge.self) { _, _ in nil })
        snap.provider = Provider(
            name: "snapchat", type: .snapchat, clientID: "s", urls: [.auth: "https://a.test", .api: "https://b.test"])
        await #expect(throws: KAuthError.unsupported(provider: "snapchat", .feature(.shippingAddresses))) {
            try await snap.run(.select)
        }
        #expect(snap.http.requests.isEmpty && snap.listener.config(of: AddressPickerJudge.self) == nil)

        let http = Self.kakaoHTTP()
        let busy = Listener(judge: AddressPickerJudge.self) { _, _ in
            throw LoopbackServerError.addressInUse(host: "127.0.0.1", port: 8123)
        }
        let world = World.test(http: http.client, listener: busy)
        let picker = AddressPicker(
            world: world,
            client: APIClient(
                http: http.client, clock: world.clock, provider: Self.kakao, credentials: Tokens().credentials),
            version: "1", pages: { _ in .unshown })
        await #expect(throws: KAuthError.portInUse(port: 8123, redirectURI: "http://127.0.0.1:8123")) {
            try await picker.run(.select, port: 8123)
        }
        #expect(http.requests.isEmpty, "no AGT is spent on a taken port")
    }
}
