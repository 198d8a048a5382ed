import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// The built `kauth` against `kauth sandbox`, both as real processes, with a scripted browser.
@Suite(.serialized) struct LoginEndToEndTests {
    @Test func loginStoresTokensAndTheProfileThenStatusTokenAndMeWork() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()

        let login = try await env.run(["login", "--scopes", "account_email"])
        #expect(login.code == 0, "\(login.err)")
        #expect(login.out.isEmpty)
        #expect(login.err.contains("/oauth/authorize?"))
        #expect(login.err.contains("Logged in to Kakao as Sandbox User"))

        let attributes = try FileManager.default.attributesOfItem(atPath: env.credentialsPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: env.home)
        #expect((folder[.posixPermissions] as? Int) == 0o700)

        let status = try await env.run(["status", "--json"])
        #expect(status.code == 0)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(status.out.utf8))
        #expect(json["logged_in"] == .bool(true))
        #expect(json["provider"] == .string("kakao"))
        #expect(json["profile"] == .string("default"))
        #expect(json["user_id"] == .string("4242424242"))
        #expect(json["has_id_token"] == .bool(false))
        guard case .array(let scopes)? = json["scopes"] else {
            Issue.record("scopes missing")
            return
        }
        #expect(scopes.contains(.string("account_email")))
        #expect(json["access_token_expires_at"]?.stringValue?.hasSuffix("Z") == true)

        let token = try await env.run(["token"])
        #expect(token.code == 0)
        let lines = token.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty && lines[0].count > 20)
        #expect(token.err.isEmpty)

        let me = try await env.run(["me", "--field", "kakao_account.email"])
        #expect(me.out == "sandbox.user@example.com\n")
        let meJSON = try await env.run(["me", "--json"])
        #expect(
            try JSONDecoder().decode(JSONValue.self, from: Data(meJSON.out.utf8)).value(at: "response.id")
                == .number(4_242_424_242))

        let info = try await env.run(["token", "info", "--json"])
        #expect(info.code == 0)
        #expect(
            try JSONDecoder().decode(JSONValue.self, from: Data(info.out.utf8)).value(at: "response.id")
                == .number(4_242_424_242))

        // The sandbox saw PKCE S256 and a state, and one code exchange.
        let log = try await sandbox.log()
        let authorize = try #require(log.first { $0["path"]?.stringValue == "/oauth/authorize" })
        #expect(authorize["code_challenge_method"] == .string("S256"))
        #expect(authorize["state_sent"] == .bool(true))
        #expect(try await sandbox.tokenCalls("authorization_code") == 1)
        // Secrets never reach the keystore's neighbours: the token is only in the 0600 file.
        #expect(!status.out.contains(lines[0]))
    }

    @Test func aDeniedLoginExitsSixAndStoresNothing() async throws {
        let sandbox = try await SandboxProcess(["--deny"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        let login = try await env.run(["login"])
        #expect(login.code == 6)
        #expect(login.err.contains("access_denied"))
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath))
        #expect(try await env.run(["status"]).code == 3)
    }

    @Test func aWrongStateIsRejectedAndTheRealCallbackStillLogsIn() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let record = env.useRecordingBrowser()
        let login = try env.spawn(["login"])
        let url = try await firstLine(of: record)
        // The browser's command line, which every local user can read, carries a single-use
        // link to the listener: no state and no PKCE challenge.
        #expect(queryItems(url).isEmpty && !url.contains("state") && !url.contains("code_challenge"))
        let start = try #require(URLComponents(string: url))
        #expect(start.host == "127.0.0.1" && start.path.hasPrefix("/start/"))
        let redirect = "http://127.0.0.1:\(try #require(start.port))/callback"

        let forged = try await HTTPClient.live.send(
            HTTPRequest(method: "GET", url: redirect + "?code=forged&state=not-the-state"))
        #expect(forged.status == 400)
        let favicon = try await HTTPClient.live.send(
            HTTPRequest(method: "GET", url: redirect.replacingOccurrences(of: "/callback", with: "/favicon.ico")))
        #expect(favicon.status == 404)
        let page = try await followLikeABrowser(url)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("You are logged in"))

        let result = await login.wait()
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("wrong state"))
        #expect(try await env.run(["status"]).code == 0)
    }

    @Test func aLoginThatNeverReturnsTimesOutWithExitSix() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        _ = env.useRecordingBrowser()
        let login = try await env.run(["login", "--timeout", "1"])
        #expect(login.code == 6)
        #expect(login.err.contains("no login arrived within 1 s"))
    }

    @Test func theBrowserIsGivenASingleUseStartLinkAndASecondUseEndsTheLogin() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let record = env.useRecordingBrowser()
        let login = try env.spawn(["login"])
        let start = try await firstLine(of: record)
        // What another user can read in the browser's command line: no state, no challenge.
        #expect(start.hasPrefix("http://127.0.0.1:"))
        #expect(!start.contains("state") && !start.contains("code_challenge"), "\(start)")
        // The first visit is sent on to the provider; the second (someone racing the browser,
        // or replaying it) ends the login with nothing stored.
        let first = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: start))
        #expect((300..<400).contains(first.status))
        #expect(first.headers.value(for: "Location")?.contains("/oauth/authorize?") == true)
        let second = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: start))
        #expect(!(300..<400).contains(second.status), "a second use is never sent to the provider")
        let result = await login.wait()
        #expect(result.code == 6, "\(result.err)")
        #expect(result.err.contains("take it over"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath))
    }

    /// An SSH session: no BROWSER, no display. One line says so, the URL and the paste path come
    /// at once, and nothing pretends a browser is opening.
    @Test func withoutADisplayTheLoginSaysSoInOneLineAndOffersThePastePath() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        #expect(env.variables["BROWSER"] == nil && env.variables["DISPLAY"] == nil)
        let login = try env.spawn(["login"])
        let printed = try await login.waitForErr(containing: "and press Enter")
        #expect(printed.hasPrefix("No browser could be opened: there is no display"), "\(printed)")
        #expect(!printed.contains("Opening the browser"))
        #expect(
            !printed.contains("BrowserError") && !printed.contains("xdg-open"), "no internal names, no opener noise")
        let authorizeURL = try #require(
            printed.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
                $0.contains("/oauth/authorize?")
            })
        let redirect = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: authorizeURL))
        login.write(try #require(redirect.headers.value(for: "Location")) + "\n")
        let result = await login.wait()
        #expect(result.code == 0, "\(result.err)")
    }

    @Test func noBrowserPrintsTheURLAndAcceptsThePastedRedirect() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let record = env.useRecordingBrowser()
        let login = try env.spawn(["login", "--no-browser"])
        let printed = try await login.waitForErr(containing: "and press Enter")
        let authorizeURL = try #require(
            printed.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
                $0.contains("/oauth/authorize?")
            })
        // The browser on the other machine is sent to the redirect URL, which does not load there;
        // the user copies it from the address bar and pastes it here.
        let redirect = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: authorizeURL))
        let location = try #require(redirect.headers.value(for: "Location"))
        login.write("not a url\n")
        login.write(location + "\n")
        let result = await login.wait()
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("not the redirect URL"))
        #expect(try await env.run(["status"]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: record), "--no-browser must not start a browser")
    }

    @Test func aBusyFixedPortIsAClearError() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        _ = env.useRecordingBrowser()
        let blocker = try LoopbackServer { _ in .text(200, "busy") }
        defer { blocker.stop() }
        let login = try await env.run(["login", "--port", String(blocker.port)])
        #expect(login.code == 1)
        #expect(login.err.contains("port \(blocker.port)"))
        #expect(login.err.contains("--port"))
        #expect(login.err.contains("--redirect-uri"))
    }
}
