import Foundation
import KAuthCore
import Testing

/// What scripts, CI jobs and kubectl rely on: status exit codes, the CI hand-off of a refresh
/// token, the kubectl credential, and hints that are checked before anything is sent.
@Suite(.serialized) struct ScriptingEndToEndTests {
    /// Each state has a provider of its own whose lifetimes make it true from a moment on and
    /// for an hour after, so the test waits only for lifetimes to pass, never races them.
    @Test func statusSaysWhetherATokenCanBeHadWithoutANewLogin() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let nobody = TestEnvironment(sandbox: sandbox)
        defer { nobody.remove() }
        let none = try await nobody.run(["status", "--json"])
        #expect(none.code == 3)
        let noneJSON = try parseJSON(none.out)
        #expect(noneJSON["logged_in"] == .bool(false))
        #expect(noneJSON["session"] == .string("expired"))

        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let fresh = try await env.run(["status", "--json"])
        #expect(fresh.code == 0)
        let freshJSON = try parseJSON(fresh.out)
        #expect(freshJSON["session"] == .string("valid"))
        // The same keys, logged in or not.
        if case .object(let loggedInKeys) = freshJSON, case .object(let loggedOutKeys) = noneJSON {
            #expect(Set(loggedInKeys.keys) == Set(loggedOutKeys.keys))
        }

        // An access token of one second, a refresh token of an hour: refreshable once a second passed.
        let refreshing = try await SandboxProcess(["--access-token-ttl", "1", "--refresh-token-ttl", "3600"])
        defer { refreshing.stop() }
        let due = try await loggedIn(refreshing)
        defer { due.remove() }
        try await Task.sleep(for: .milliseconds(1200))
        let refreshable = try await due.run(["status", "--json"])
        #expect(refreshable.code == 0, "\(refreshable.err)")
        #expect(try parseJSON(refreshable.out)["session"] == .string("refreshable"))
        #expect(try await refreshing.tokenCalls("refresh_token") == 0, "status never goes to the network")

        // Both tokens of one second: past them, only a new login gives a token.
        let ending = try await SandboxProcess(["--access-token-ttl", "1", "--refresh-token-ttl", "1"])
        defer { ending.stop() }
        let over = try await loggedIn(ending)
        defer { over.remove() }
        try await Task.sleep(for: .milliseconds(1200))
        let expired = try await over.run(["status"])
        #expect(expired.code == 3, "both tokens are past their lifetime: \(expired.out)")
        #expect(expired.err.contains("kauth login") || expired.out.contains("kauth login"))
        #expect(try await ending.tokenCalls("refresh_token") == 0, "status never goes to the network")

        // In CI with only a refresh token, status says the session will start from it.
        let ci = TestEnvironment(sandbox: sandbox)
        defer { ci.remove() }
        let bootstrap = try await ci.run(["status", "--json"], extra: ["KAUTH_REFRESH_TOKEN": "from-a-secret-store"])
        #expect(bootstrap.code == 0)
        #expect(try parseJSON(bootstrap.out)["session"] == .string("refreshable"))
    }

    @Test func aRefreshTokenIsHandedToCIAndBackWithoutReadingKauthsFiles() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = try await loggedIn(sandbox)
        defer { env.remove() }
        env.variables["KAUTH_PASSPHRASE"] = "encrypted at rest"
        #expect(try await env.run(["login"]).code == 0)
        let printed = try await env.run(["token", "--refresh-token"])
        #expect(printed.code == 0, "\(printed.err)")
        let refreshToken = printed.out.trimmingCharacters(in: .newlines)
        #expect(printed.out == refreshToken + "\n", "the token and a newline, nothing else")
        #expect(!refreshToken.isEmpty)

        // The CI machine: a fresh home, the token on standard input.
        let ci = TestEnvironment(sandbox: sandbox)
        defer { ci.remove() }
        let login = try ci.spawn(["login", "--with-token", "--profile", "ci"])
        login.write(refreshToken + "\n")
        login.closeInput()
        let result = await login.wait()
        #expect(result.code == 0, "\(result.err)")
        #expect(try await sandbox.tokenCalls("refresh_token") == 1, "checked with exactly one refresh")
        #expect(try await ci.run(["token", "--profile", "ci"]).code == 0)
        #expect(try await ci.run(["me", "--field", "id", "--profile", "ci"]).out == "4242424242\n")

        // A dead token on stdin stores nothing and says to log in.
        let bad = TestEnvironment(sandbox: sandbox)
        defer { bad.remove() }
        let refused = try bad.spawn(["login", "--with-token"])
        refused.write("not-a-refresh-token\n")
        refused.closeInput()
        let refusedResult = await refused.wait()
        #expect(refusedResult.code == 3, "\(refusedResult.err)")
        #expect(!FileManager.default.fileExists(atPath: bad.credentialsPath))
        // Nothing on stdin is a usage error, not a wait.
        let empty = try bad.spawn(["login", "--with-token"])
        empty.closeInput()
        #expect(await empty.wait().code == 2)
        // Two lines are not glued into one token, and a token with a terminal escape is no token;
        // neither is printed back, nor sent anywhere.
        for input in ["first-half\nsecond-half\n", "tok\u{1B}]52;c;ZXZpbA==\u{07}en\n"] {
            let odd = try bad.spawn(["login", "--with-token"])
            odd.write(input)
            odd.closeInput()
            let result = await odd.wait()
            #expect(result.code == 2, "\(result.err)")
            #expect(
                !result.err.contains("half") && !result.err.contains("ZXZpbA") && !result.err.contains("\u{1B}"),
                "\(result.err)")
        }
        #expect(
            try await sandbox.tokenCalls("refresh_token") == 2, "only the two real attempts above reached the provider")
    }

    @Test func kubectlGetsAnExecCredentialWithTheIDToken() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--id-token-ttl", "3", "--one-use-refresh-tokens"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        let login = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "kubernetes"
        ])
        #expect(login.code == 0, "\(login.err)")

        let access = try await env.run(["token", "--exec-credential"])
        #expect(access.code == 0, "\(access.err)")
        let credential = try parseJSON(access.out)
        #expect(credential["apiVersion"] == .string("client.authentication.k8s.io/v1"))
        #expect(credential["kind"] == .string("ExecCredential"))
        #expect(
            credential.value(at: "status.token")?.stringValue == (try storedSession(env)?["access_token"]?.stringValue))
        let expiry = try #require(credential.value(at: "status.expirationTimestamp")?.stringValue)
        #expect(RFC3339.date(from: expiry) != nil)

        // kubectl names the version it reads in KUBERNETES_EXEC_INFO; one kauth cannot speak is a
        // usage error, with nothing refreshed and no token printed.
        for version in ["client.authentication.k8s.io/v1beta1", "client.authentication.k8s.io/v1"] {
            let info = #"{"kind":"ExecCredential","apiVersion":"\#(version)","spec":{"interactive":false}}"#
            let asked = try await env.run(["token", "--exec-credential"], extra: ["KUBERNETES_EXEC_INFO": info])
            #expect(asked.code == 0, "\(asked.err)")
            #expect(try parseJSON(asked.out)["apiVersion"] == .string(version))
        }
        let old = #"{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1alpha1","spec":{}}"#
        let refused = try await env.run(["token", "--exec-credential"], extra: ["KUBERNETES_EXEC_INFO": old])
        #expect(refused.code == 2 && refused.out.isEmpty)
        #expect(refused.err.contains("v1alpha1") && refused.err.contains("exec.apiVersion"))

        let first = try parseJSON(try await env.run(["token", "--exec-credential", "--id-token"]).out)
        let firstIDToken = try #require(first.value(at: "status.token")?.stringValue)
        #expect(JWTClaims.unverifiedClaims(of: firstIDToken)?["aud"] == .string("kubernetes"))
        // Within a minute of the ID token's expiry (it lives three seconds here), kubectl's next call
        // renews it with a refresh; the new ID token is verified before it is handed out.
        try await Task.sleep(for: .seconds(1))
        let renewed = try await env.run(["token", "--exec-credential", "--id-token"])
        #expect(renewed.code == 0, "\(renewed.err)")
        let second = try #require(try parseJSON(renewed.out).value(at: "status.token")?.stringValue)
        #expect(second != firstIDToken)
        #expect(try await sandbox.tokenCalls("refresh_token") >= 1)
    }

    @Test func hintsAreCheckedBeforeAnythingIsSent() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = try await loggedIn(sandbox, arguments: ["--profile", "work"])
        defer { env.remove() }
        let opened = env.useRecordingBrowser()

        let unknownScope = try await env.run(["scopes", "request", "not_a_scope", "--profile", "work"])
        #expect(unknownScope.code == 2, "\(unknownScope.err)")
        #expect(unknownScope.err.contains("not_a_scope"))
        #expect(!FileManager.default.fileExists(atPath: opened), "no browser for a scope that does not exist")

        let unagreedTerm = try await env.run(["terms", "revoke", "no_such_term", "--profile", "work"])
        #expect(unagreedTerm.code == 2, "\(unagreedTerm.err)")
        #expect(try await sandbox.log().filter { $0["path"]?.stringValue == "/v2/user/revoke/service_terms" }.isEmpty)

        let typo = try await env.run(["login", "--provider", "kako"])
        #expect(typo.code == 2)
        #expect(typo.err.lowercased().contains("did you mean") && typo.err.contains("kakao"), "\(typo.err)")

        // `switch` with no name lists the profiles, the current one marked.
        let list = try await env.run(["switch"])
        #expect(list.code == 0, "\(list.err)")
        #expect(list.out.contains("work"))
        let listJSON = try parseJSON(try await env.run(["switch", "--json"]).out)
        #expect(listJSON != .null)
    }
}
