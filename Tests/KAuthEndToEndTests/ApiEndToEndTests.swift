import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// `kauth api` with gh api's flags, through the built kauth against `kauth sandbox` in its Kakao,
/// OpenID Connect and Snapchat modes.
@Suite(.serialized) struct ApiEndToEndTests {
    /// What the sandbox's `/api/echo` says it got.
    struct Echo {
        var json: JSONValue
        var method: String? { json["method"]?.stringValue }
        var contentType: String? { json["content_type"]?.stringValue }
        var body: String? { json["body"]?.stringValue }
        var query: [String] {
            guard case .array(let pairs)? = json["query"] else { return [] }
            return pairs.map { "\($0.value(at: "0")?.stringValue ?? "")=\($0.value(at: "1")?.stringValue ?? "")" }
        }
        func header(_ name: String) -> [String] {
            guard case .array(let pairs)? = json["headers"] else { return [] }
            return pairs.filter { $0.value(at: "0")?.stringValue?.lowercased() == name.lowercased() }.compactMap {
                $0.value(at: "1")?.stringValue
            }
        }
        init(_ result: RunResult) throws {
            #expect(result.code == 0, "\(result.err)")
            json = try parseJSON(result.out)
        }
    }

    func elements(_ text: String, at path: String? = nil) throws -> [JSONValue] {
        let document = try parseJSON(text)
        guard case .array(let items)? = path.map({ document.value(at: $0) }) ?? document else { return [] }
        return items
    }

    // MARK: - Kakao

    @Test func theProvidersBodyReachesStdoutOnErrorsWithTheExitCode() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }

        let bare = try await env.run(["api", "/v9/nope"])
        #expect(bare.code == 1)
        #expect(bare.out == "not found\n", "the body as sent")
        #expect(bare.err.contains("not found") && !bare.err.contains("\\n"), "no literal \\n: \(bare.err)")

        let kakao = try await env.run(["api", "/v2/user/nothing"])
        #expect(kakao.code == 1)
        #expect(try parseJSON(kakao.out)["code"] == .number(-2))
        let json = try parseJSON(try await env.run(["api", "/v2/user/nothing", "--json"]).out)
        #expect(json.value(at: "error.exit_code") == .number(1))
        #expect(json.value(at: "response.code") == .number(-2), "the provider's body under response")
        #expect(json["status"] == .number(404))

        // -402 keeps its exit code and its body (required_scopes) on stdout.
        let consent = try await env.run(["api", "/v1/api/talk/friends"])
        #expect(consent.code == 4)
        #expect(try parseJSON(consent.out)["required_scopes"] == .array([.string("friends")]))
    }

    @Test func headersFieldsAndBodiesReachTheProviderAsGhSendsThem() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let base = sandbox.baseURL + "/api/echo"

        // GET: fields in the query, -F typed, -H repeatable, Accept replaceable.
        let get = try Echo(
            try await env.run([
                "api", "-X", "GET", base, "-f", "a=b c", "-F", "n=5", "-H", "X-One: 1", "-H", "X-Two: 2", "-H",
                "Accept: text/plain"
            ]))
        #expect(get.method == "GET")
        #expect(get.query == ["a=b c", "n=5"])
        #expect(get.header("X-One") == ["1"] && get.header("X-Two") == ["2"])
        #expect(get.header("Accept") == ["text/plain"])
        #expect(get.header("Authorization") == ["Bearer"])

        // Kakao's APIs read forms: fields on POST are a form body, typed values as written.
        let form = try Echo(
            try await env.run(["api", base, "-f", "properties={\"level\":\"2\"}", "-F", "flag=true", "-F", "none=null"])
        )
        #expect(form.method == "POST")
        #expect(form.contentType?.hasPrefix("application/x-www-form-urlencoded") == true)
        #expect(
            FormURLEncoding.decode(form.body ?? "").map { "\($0.0)=\($0.1)" } == [
                "properties={\"level\":\"2\"}", "flag=true", "none="
            ])

        // -H Content-Type: application/json asks for gh's JSON object instead.
        let json = try Echo(
            try await env.run([
                "api", "-X", "PUT", base, "-H", "Content-Type: application/json", "-F", "id=12345678901234567890", "-f",
                "tags[]=a", "-f", "tags[]=b", "-F", "a[b]=false"
            ]))
        #expect(json.method == "PUT")
        #expect(
            json.body == #"{"tags":["a","b"],"id":12345678901234567890,"a":{"b":false}}"#,
            "-f before -F as gh; a 20-digit id kept exactly")

        // --input: the body as given, application/json unless -H says otherwise; fields in the query.
        let file = try env.file("body.bin", "{\"raw\": [1, 2]}\n")
        let input = try Echo(try await env.run(["api", base, "--input", file, "-f", "q=1"]))
        #expect(input.method == "POST" && input.contentType == "application/json")
        #expect(input.body == "{\"raw\": [1, 2]}\n" && input.query == ["q=1"])
        let typed = try Echo(
            try await env.run(["api", "-X", "PATCH", base, "--input", file, "-H", "Content-Type: text/csv"]))
        #expect(typed.contentType == "text/csv")
        let piped = try env.spawn(["api", base, "--input", "-"])
        piped.write("from stdin")
        piped.closeInput()
        #expect(try Echo(await piped.wait()).body == "from stdin")
        let attached = try Echo(try await env.run(["api", base, "-F", "template=@" + file]))
        #expect(FormURLEncoding.decode(attached.body ?? "").first { $0.0 == "template" }?.1 == "{\"raw\": [1, 2]}\n")

        // -i, --silent and --field.
        let include = try await env.run(["api", "-i", base])
        #expect(include.code == 0)
        #expect(include.out.hasPrefix("HTTP/1.1 200"), "\(include.out)")
        #expect(include.out.contains("Content-Type: application/json") && include.out.contains("\n\n{"))
        let silent = try await env.run(["api", "--silent", base, "-f", "x=1"])
        #expect(silent.code == 0 && silent.out.isEmpty)
        #expect(try await env.run(["api", base, "-X", "DELETE", "--field", "method"]).out == "DELETE\n")
        #expect(
            try await env.run(["api", "/v2/user/me", "--field", "kakao_account.email"]).out
                == "sandbox.user@example.com\n")
        let missing = try await env.run(["api", "/v2/user/me", "--field", "no.such"])
        #expect(missing.code == 1 && missing.err.contains("no field"))
        let ghField = try await env.run(["api", base, "--field", "a=b"])
        #expect(ghField.code == 2 && ghField.err.contains("-F"))

        // Authorization is kauth's: refused, and nothing is sent.
        try await sandbox.control("/_sandbox/reset-log")
        for header in ["Authorization: Bearer other", "authorization:x"] {
            let refused = try await env.run(["api", base, "-H", header])
            #expect(refused.code == 2)
            #expect(refused.err.contains("Authorization"))
        }
        #expect(try await sandbox.calls("/api/echo").isEmpty)
    }

    @Test func paginateFollowsKakaosAfterURLOnlyToTheProvidersHosts() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "friends"])
        defer { env.remove() }

        try await sandbox.control("/_sandbox/reset-log")
        let all = try await env.run(["api", "--paginate", "/v1/api/talk/friends", "-f", "limit=10"])
        #expect(all.code == 0, "\(all.err)")
        let joined = try parseJSON(all.out)
        #expect(try elements(all.out, at: "elements").count == 25)
        #expect(joined["total_count"] == .number(25) && joined["after_url"] == nil)
        #expect(try await sandbox.calls("/v1/api/talk/friends").count == 3)
        #expect(
            try await env.run(["api", "--paginate", "/v1/api/talk/friends", "--field", "elements.24.uuid"]).out.count
                == 23)
        let json = try parseJSON(try await env.run(["api", "--paginate", "/v1/api/talk/friends", "--json"]).out)
        #expect(json["pages"] == .number(3))

        // A next link to another host: not followed, the token never sent there.
        let other = try await SandboxProcess()
        defer { other.stop() }
        try await sandbox.control("/_sandbox/config", [("page_link_base", other.baseURL)])
        let foreign = try await env.run(["api", "--paginate", "/v1/api/talk/friends"])
        #expect(foreign.code == 1)
        #expect(foreign.err.contains("not one of the provider's hosts") && foreign.err.contains("not sent"))
        #expect(try elements(foreign.out, at: "elements").count == 10, "the page fetched is kept")
        #expect(try await other.log().isEmpty, "nothing reached the other host")

        // A provider whose next link loops.
        try await sandbox.control("/_sandbox/config", [("page_link_base", ""), ("page_links_loop", "true")])
        let loop = try await env.run(["api", "--paginate", "/v1/api/talk/friends"])
        #expect(loop.code == 1)
        #expect(loop.err.contains("already fetched"))
    }

    // MARK: - OpenID Connect

    @Test func paginateFollowsLinkHeadersOfAnOIDCProvidersAPI() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        #expect(
            try await env.run(["login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "cli"]).code
                == 0)
        let items = sandbox.baseURL + "/api/items"

        let all = try await env.run(["api", "--paginate", items])
        #expect(all.code == 0, "\(all.err)")
        #expect(
            try elements(all.out).map { $0["id"] } == (1...25).map { .number(Double($0)) }, "three pages end to end")
        #expect(
            try await env.run(["api", "--paginate", items, "-f", "per_page=20", "--field", "24.name"]).out
                == "item 25\n")
        let heads = try await env.run(["api", "--paginate", "-i", "--silent", items])
        #expect(heads.out.components(separatedBy: "HTTP/1.1 200").count == 4)
        #expect(heads.out.contains("rel=\"next\""))

        // gh's JSON object for body fields on a provider that is not Kakao.
        let echo = try Echo(
            try await env.run(["api", "-X", "POST", sandbox.baseURL + "/api/echo", "-F", "n=5", "-f", "a[b]=c"]))
        #expect(echo.contentType == "application/json" && echo.body == #"{"a":{"b":"c"},"n":5}"#)

        // A failing page: its body on stdout, its own exit code (5: unavailable), which page.
        try await sandbox.control("/_sandbox/config", [("item_failure_page", "2")])
        let failed = try await env.run(["api", "--paginate", items])
        #expect(failed.code == 5)
        #expect(try parseJSON(failed.out)["error"] == .string("temporarily_unavailable"))
        #expect(failed.err.contains("page 2"))
        let failedJSON = try parseJSON(try await env.run(["api", "--paginate", items, "--json"]).out)
        #expect(
            failedJSON.value(at: "error.exit_code") == .number(5)
                && failedJSON.value(at: "response.error") == .string("temporarily_unavailable"))

        // Bounded: 1000 pages at most, and what was fetched is printed.
        try await sandbox.control("/_sandbox/config", [("item_failure_page", "0"), ("item_count", "1200")])
        let bounded = try await env.run(["api", "--paginate", items, "-f", "per_page=1"], timeout: .seconds(120))
        #expect(bounded.code == 1)
        #expect(bounded.err.contains("after 1000 pages"))
        #expect(try elements(bounded.out).count == 1000)

        // A Link to another origin is not followed.
        let other = try await SandboxProcess()
        defer { other.stop() }
        try await sandbox.control("/_sandbox/config", [("item_count", "25"), ("page_link_base", other.baseURL)])
        #expect(try await env.run(["api", "--paginate", items]).code == 1)
        #expect(try await other.log().isEmpty)
    }

    // MARK: - Snapchat

    @Test func snapchatsGraphQLTakesAJSONBody() async throws {
        let sandbox = try await SandboxProcess(["--snapchat"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        #expect(try await env.run(["login", "--provider", "snapchat"]).code == 0)

        let fields = try await env.run(["api", "-X", "POST", "/v1/me", "-f", "query={me{displayName}}"])
        #expect(fields.code == 0, "\(fields.err)")
        #expect(try parseJSON(fields.out).value(at: "data.me.displayName") == .string("Sandbox User"))

        let file = try env.file("query.json", #"{"query": "{me{externalId}}"}"#)
        let input = try await env.run(["api", "/v1/me", "--input", file, "--field", "data.me.externalId"])
        #expect(input.code == 0 && input.out.hasSuffix("=\n"), "\(input.err)")

        // A form where Snap wants JSON: its GraphQL error on stdout, exit 1, and under response.
        let form = try await env.run([
            "api", "-X", "POST", "/v1/me", "-f", "query={me{displayName}}", "-H",
            "Content-Type: application/x-www-form-urlencoded"
        ])
        #expect(form.code == 1)
        #expect(try parseJSON(form.out).value(at: "errors.0.extensions.code") == .string("GRAPHQL_VALIDATION_FAILED"))
        #expect(form.err.contains("The body must be JSON"))
        let json = try parseJSON(
            try await env.run(["api", "-X", "POST", "/v1/me", "-f", "query={me{nope}}", "--json"]).out)
        #expect(json.value(at: "error.exit_code") == .number(1))
        #expect(json.value(at: "response.errors.0.message")?.stringValue?.contains("nope") == true)
    }
}
