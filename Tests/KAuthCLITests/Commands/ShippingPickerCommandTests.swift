import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

@testable import KAuthCLI

/// `kauth shipping select|new|edit` run in-process with a fake listener and a fake Kakao.
@Suite struct ShippingPickerCommandTests {
    static let address =
        #"{"id":7100003,"name":"Home","is_default":true,"type":"NEW","base_address":"Seoul Jung-gu","detail_address":"Unit 1","receiver_name":"Ryan","zone_number":"04524","updated_at":1700000000}"#

    struct Run {
        var code: Int32
        var out: String
        var err: String
        var requests: [HTTPRequest]
        var listener: FakeListener

        var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(out.utf8)) }
    }

    func run(_ line: [String], environment: [String: String] = [:], outcome: AddressPickerOutcome?) async -> Run {
        let recorder = TerminalRecorder()
        let http = FakeHTTP { request in
            if request.url == "https://kauth.kakao.com/api/agt" { return FakeHTTP.json(200, #"{"agt":"agt-secret"}"#) }
            if request.url.hasPrefix("https://kapi.kakao.com/v1/user/shipping_address?") {
                return FakeHTTP.json(200, #"{"user_id":42,"shipping_addresses":[\#(Self.address)]}"#)
            }
            return FakeHTTP.json(404, "{}")
        }
        let listener = FakeListener(judge: AddressPickerJudge.self) { _, _ in outcome }
        let home = TemporaryDirectory()
        defer { home.remove() }
        var env = [
            "KAUTH_HOME": home.path + "/kauth", "KAUTH_CLIENT_ID": "rest-key", "KAUTH_ACCESS_TOKEN": "user-token"
        ]
        env.merge(environment) { $1 }
        let world = World.test(
            http: http.client, clock: TestClock().clock, browser: listener.browser(), fileSystem: .live,
            terminal: recorder.terminal, environment: env, listener: listener.listener)
        let code = await CLI.run(line, world: world)
        return Run(code: code, out: recorder.out, err: recorder.err, requests: http.requests, listener: listener)
    }

    @Test func selectPrintsTheChosenAddressAsKauthShippingDoes() async throws {
        let result = await run(["shipping", "select"], outcome: .addressChosen(id: 7_100_003))
        #expect(result.code == 0, "\(result.err)")
        #expect(
            result.out == """
                ID       NAME  DEFAULT  RECEIVER  ZONE   ADDRESS
                7100003  Home  yes      Ryan      04524  Seoul Jung-gu Unit 1

                """)
        #expect(
            result.requests.map(\.url) == [
                "https://kauth.kakao.com/api/agt", "https://kapi.kakao.com/v1/user/shipping_address?address_id=7100003"
            ])
        let start = try #require(result.listener.visited.first)
        #expect(start.hasPrefix("http://127.0.0.1:53100/start/") && !start.contains("agt"))
        #expect(result.err.contains("open this link in a browser on this machine (it works once):\n\n  \(start)\n"))
        #expect(result.err.contains("Waiting up to 300 s for the address picker to finish…"))
        #expect(!result.err.contains("agt-secret"), "the AGT is never printed")
        #expect(result.listener.config(of: AddressPickerJudge.self)?.port == 0)
    }

    @Test func jsonHasTheOperationTheIDAndKakaosObject() async throws {
        for (words, operation) in [(["select"], "select"), (["new"], "new"), (["edit", "7100003"], "edit")] {
            let result = await run(
                ["shipping"] + words + ["--json", "--port", "8123"], outcome: .addressChosen(id: 7_100_003))
            #expect(result.code == 0, "\(result.err)")
            #expect(
                result.json
                    == .object([
                        "profile": .string("default"), "provider": .string("kakao"),
                        "operation": .string(operation),
                        "address_id": .number(7_100_003),
                        "response": try JSONDecoder().decode(JSONValue.self, from: Data(Self.address.utf8))
                    ]))
            #expect(result.listener.config(of: AddressPickerJudge.self)?.port == 8123)
        }
    }

    @Test func anEditIDThatIsNotANumberIsRefusedBeforeAnything() async {
        for id in ["abc", "-5", "0", "1e3", ""] {
            let result = await run(["shipping", "edit", id], outcome: nil)
            #expect(result.code == 2, "\(id)")
            #expect(result.requests.isEmpty && result.listener.config(of: AddressPickerJudge.self) == nil)
        }
        #expect(await run(["shipping", "edit"], outcome: nil).code == 2)
        #expect(await run(["shipping", "select", "--timeout", "0"], outcome: nil).code == 2)
    }

    @Test func aClosedPickerTimesOutWithExitSixAndBlamesNoConsoleSetting() async throws {
        let result = await run(["shipping", "select", "--timeout", "1"], outcome: nil)
        #expect(result.code == 6)
        #expect(result.err.contains("error: no answer came back from the address picker within 1 s"))
        #expect(result.err.contains("an error on that page says what went wrong"))
        #expect(result.err.contains("--timeout SECONDS gives more time"))
        // Which console setting, if any, keeps the picker from coming back is unknown.
        let message = result.err.split(separator: "\n").first { $0.hasPrefix("error: ") } ?? ""
        #expect(!message.contains("site domain") && !message.contains("console") && !message.contains("register"))
        let fixed = await run(
            ["shipping", "select", "--timeout", "1", "--json"], environment: ["KAUTH_REDIRECT_PORT": "8123"],
            outcome: nil)
        #expect(fixed.code == 6)
        #expect(fixed.json?.value(at: "error.code") == .string("picker_cancelled"))
        #expect(fixed.json?.value(at: "error.message")?.stringValue?.contains("site domain") == false)
        #expect(fixed.listener.config(of: AddressPickerJudge.self)?.port == 8123)
    }

    @Test func aKAEErrorExitsOneWithWhatItMeans() async throws {
        let result = await run(
            ["shipping", "edit", "12"], outcome: .pickerFailed(code: "KAE206", message: "no such address"))
        #expect(result.code == 1)
        #expect(
            result.err.hasSuffix(
                "\nerror: the address picker failed (KAE206: no such address): no shipping address of the user has that id; `kauth shipping` lists them\n"
            ))
        let json = await run(["shipping", "select", "--json"], outcome: .pickerFailed(code: "KAE101", message: nil))
        #expect(json.code == 1)
        #expect(json.json?.value(at: "error.code") == .string("picker_error"))
        #expect(json.json?.value(at: "error.provider_code") == .string("KAE101"))
        let unknown = await run(["shipping", "select"], outcome: .pickerFailed(code: "KAE999", message: "\u{1B}[2J"))
        #expect(
            unknown.err.contains("(KAE999: \\x1B[2J)") && !unknown.err.contains("\u{1B}"),
            "Kakao's text is made visible")
        #expect(unknown.err.contains("kauth does not know this code"))
    }

    @Test func interruptedAndTakenOverPickersExitSix() async {
        let interrupted = await run(["shipping", "select"], outcome: .interrupted)
        #expect(interrupted.code == 6 && interrupted.err.contains("the address picker was interrupted"))
        let takeover = await run(["shipping", "new"], outcome: .takeover)
        #expect(takeover.code == 6 && takeover.err.contains("single-use start link was opened twice"))
    }

    @Test func providersWithoutShippingAddressesExitTwoBeforeAnythingIsSent() async {
        let result = await run(["shipping", "select", "--provider", "snapchat"], outcome: nil)
        #expect(result.code == 2)
        #expect(result.requests.isEmpty && result.listener.config(of: AddressPickerJudge.self) == nil)
        #expect(result.err.contains("`kauth shipping select` needs shipping addresses"))
    }
}
