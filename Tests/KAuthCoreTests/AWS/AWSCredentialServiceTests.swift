import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics
@testable import KAuthCore

/// STS's answers read, the endpoint and session name chosen, and the credentials kept in a real
/// keystore and reused until 15 minutes before they expire, against a scripted STS.
@Suite struct AWSCredentialServiceTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let role = "arn:aws:iam::123456789012:role/dev"
    static let namespace = "https://sts.amazonaws.com/doc/2011-06-15/"

    static func answer(key: String = "ASIAKEY", expiration: String) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", "text/xml")],
            body: Data(
                """
                <AssumeRoleWithWebIdentityResponse xmlns="\(namespace)"><AssumeRoleWithWebIdentityResult>\
                <Credentials><AccessKeyId>\(key)</AccessKeyId><SecretAccessKey>secret/+=</SecretAccessKey>\
                <SessionToken>FQoG+token=</SessionToken><Expiration>\(expiration)</Expiration></Credentials>\
                <AssumedRoleUser><Arn>arn:aws:sts::123456789012:assumed-role/dev/kauth-42</Arn></AssumedRoleUser>\
                </AssumeRoleWithWebIdentityResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata>\
                </AssumeRoleWithWebIdentityResponse>
                """.utf8))
    }

    struct Harness {
        let home = TemporaryDirectory()
        let world: World
        let keystore: FileKeystore

        init(http: FakeHTTP, clock: TestClock, environment: [String: String] = [:]) {
            world = World.test(http: http.client, clock: clock.clock, fileSystem: .live, environment: environment)
            keystore = FileKeystore(
                directory: home.path, fileSystem: .live, passphrase: nil, random: .seeded(3), kdfIterations: 1)
        }

        func service() throws -> AWSCredentialService {
            let config = try ConfigFile(parsing: "", path: "config")
            let resolver = ProviderResolver(environment: world.environment, loadConfig: { config })
            return AWSCredentialService(
                tokens: TokenService(
                    world: world, keystore: keystore, login: try StoredLogin.read(keystore, profile: nil),
                    providers: resolver))
        }
    }

    func idToken(expiresAt: Date) -> String {
        let header = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8))
        let claims = Base64URL.encode(Array(#"{"sub":"42","exp":\#(Int(expiresAt.timeIntervalSince1970))}"#.utf8))
        return "\(header).\(claims).sig"
    }

    func store(_ harness: Harness, idTokenExpiresAt: Date) async throws {
        let session = StoredSession(
            provider: "kakao", clientID: "app", userID: "42", accessToken: "at-1",
            accessTokenExpiresAt: start.addingTimeInterval(3600), refreshToken: "rt-1",
            idToken: idToken(expiresAt: idTokenExpiresAt), openID: true,
            authBaseURL: "https://auth.test", apiBaseURL: "https://api.test", createdAt: start, updatedAt: start)
        try await harness.keystore.update { $0.profiles["default"] = session }
    }

    let role = AWSCredentialService.Role(arn: role, tokenKind: .idToken, sessionName: nil, durationSeconds: nil)

    @Test func asksSTSOnceAndReusesTheCredentialsUntil15MinutesBeforeTheyExpire() async throws {
        let clock = TestClock(start)
        let expiration = RFC3339.string(from: start.addingTimeInterval(3600))
        let http = FakeHTTP { request in
            #expect(request.url == "https://sts.eu-west-1.amazonaws.com/")
            return Self.answer(expiration: expiration.replacingOccurrences(of: "Z", with: ".123456Z"))
        }
        let harness = Harness(http: http, clock: clock, environment: ["AWS_DEFAULT_REGION": "eu-west-1"])
        defer { harness.home.remove() }
        try await store(harness, idTokenExpiresAt: start.addingTimeInterval(3600))

        let first = try await harness.service().credentials(for: role)
        #expect(first.requested)
        #expect(first.credentials.accessKeyID == "ASIAKEY" && first.credentials.secretAccessKey == "secret/+=")
        #expect(first.credentials.sessionToken == "FQoG+token=")
        #expect(first.credentials.expiration == start.addingTimeInterval(3600))
        #expect(http.requests.count == 1)
        let form = Dictionary(uniqueKeysWithValues: http.requests[0].form)
        #expect(form["Action"] == "AssumeRoleWithWebIdentity" && form["Version"] == "2011-06-15")
        #expect(form["RoleArn"] == Self.role && form["RoleSessionName"] == "kauth-42")
        #expect(form["WebIdentityToken"] == idToken(expiresAt: start.addingTimeInterval(3600)))
        #expect(form["DurationSeconds"] == nil)
        #expect(http.requests[0].method == "POST")
        // Kept with the login, encrypted as the rest of the keystore is.
        let kept = try #require(harness.keystore.load().profiles["default"]?.awsCredentials?["id_token \(Self.role)"])
        #expect(kept == first.credentials)

        // 44 minutes later: 16 minutes left, still reused without a request.
        clock.advance(by: 44 * 60)
        let second = try await harness.service().credentials(for: role)
        #expect(!second.requested && second.credentials == first.credentials)
        #expect(http.requests.count == 1)
        // 15 minutes left: the SDKs would ask again, and so does kauth.
        clock.advance(by: 60)
        let third = try await harness.service().credentials(for: role)
        #expect(third.requested)
        #expect(http.requests.count == 2)
    }

    @Test func theAccessTokenADurationAndASessionNameWhenAsked() async throws {
        let clock = TestClock(start)
        let http = FakeHTTP { _ in Self.answer(expiration: RFC3339.string(from: self.start.addingTimeInterval(7200))) }
        let harness = Harness(http: http, clock: clock, environment: ["AWS_ENDPOINT_URL": "http://127.0.0.1:4566"])
        defer { harness.home.remove() }
        try await store(harness, idTokenExpiresAt: start.addingTimeInterval(3600))
        let asked = AWSCredentialService.Role(
            arn: Self.role, tokenKind: .accessToken, sessionName: "ci", durationSeconds: 7200)
        let grant = try await harness.service().credentials(for: asked)
        #expect(grant.requested)
        #expect(http.requests[0].url == "http://127.0.0.1:4566/")
        let form = Dictionary(uniqueKeysWithValues: http.requests[0].form)
        #expect(
            form["WebIdentityToken"] == "at-1" && form["RoleSessionName"] == "ci" && form["DurationSeconds"] == "7200")
        // Kept apart from the ID token's credentials for the same role.
        let kept = try harness.keystore.load().profiles["default"]?.awsCredentials ?? [:]
        #expect(Set(kept.keys) == ["access_token \(Self.role)"])
        _ = try await harness.service().credentials(for: role)
        #expect(http.requests.count == 2)
        let both = try harness.keystore.load().profiles["default"]?.awsCredentials ?? [:]
        #expect(Set(both.keys) == ["access_token \(Self.role)", "id_token \(Self.role)"])
    }

    @Test func anExpiredIDTokenIsRefreshedFirst() async throws {
        let clock = TestClock(start)
        let renewed = idToken(expiresAt: start.addingTimeInterval(3600))
        let http = FakeHTTP { request in
            if request.url.hasSuffix("/oauth/token") {
                return FakeHTTP.json(
                    200, #"{"access_token":"at-2","token_type":"bearer","expires_in":3600,"id_token":"\#(renewed)"}"#)
            }
            return Self.answer(expiration: RFC3339.string(from: self.start.addingTimeInterval(3600)))
        }
        let harness = Harness(http: http, clock: clock)
        defer { harness.home.remove() }
        try await store(harness, idTokenExpiresAt: start.addingTimeInterval(-10))
        do {
            _ = try await harness.service().credentials(for: role)
        } catch {
            // The scripted provider serves no JWKS: the refreshed ID token is not taken unverified.
            #expect(error as? KAuthError == .sessionExpired(profile: "default", reason: .idTokenNotRenewed))
        }
        #expect(http.requests.first?.url.hasSuffix("/oauth/token") == true, "the refresh comes first")
        #expect(!http.requests.contains { $0.url.contains("amazonaws") }, "an expired token is never traded")
    }

    @Test func stsErrorsAreItsCodeAndMessageAndNothingIsKept() async throws {
        let http = FakeHTTP { _ in
            HTTPResponse(
                status: 400,
                body: Data(
                    """
                    <ErrorResponse xmlns="\(Self.namespace)"><Error><Type>Sender</Type>\
                    <Code>InvalidIdentityToken</Code><Message>Incorrect token audience</Message></Error>\
                    <RequestId>r</RequestId></ErrorResponse>
                    """.utf8))
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, idTokenExpiresAt: start.addingTimeInterval(3600))
        let before = try Data(contentsOf: URL(fileURLWithPath: harness.keystore.path))
        await #expect(
            throws: KAuthError.product(
                ProductError(
                    STSFailure.refused(status: 400, code: "InvalidIdentityToken", message: "Incorrect token audience")))
        ) {
            try await harness.service().credentials(for: role)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: harness.keystore.path)) == before)
    }

    @Test func aRejectedLoginGivesNoCredentialsEvenKeptOnes() async throws {
        let http = FakeHTTP { _ in Self.answer(expiration: RFC3339.string(from: self.start.addingTimeInterval(3600))) }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, idTokenExpiresAt: start.addingTimeInterval(3600))
        _ = try await harness.service().credentials(for: role)
        try await harness.keystore.update {
            $0.profiles["default"]?.rejection = SessionRejection(at: start, cause: .refreshToken, status: 400)
        }
        await #expect(throws: KAuthError.self) { try await harness.service().credentials(for: role) }
        #expect(http.requests.count == 1)
    }

    @Test func notLoggedInIsSaidWithoutARequest() async throws {
        let http = FakeHTTP { _ in
            Issue.record("no request expected")
            return FakeHTTP.json(500, "{}")
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        await #expect(throws: KAuthError.notLoggedIn(profile: "default")) {
            try await harness.service().credentials(for: role)
        }
    }

    // MARK: - The answer

    func read(_ status: Int, _ body: String) -> Result<AWSTemporaryCredentials, STSFailure> {
        Result { () throws(STSFailure) in
            try AssumeRoleWithWebIdentity.credentials(from: HTTPResponse(status: status, body: Data(body.utf8)))
        }
    }

    @Test func answersThatAreNotSTSsAreRefusedWithTheReason() {
        let good = String(decoding: Self.answer(expiration: "2027-01-01T00:00:00Z").body, as: UTF8.self)
        #expect((try? read(200, good).get())?.accessKeyID == "ASIAKEY")
        // Another namespace, or none: not STS's answer.
        let foreign = good.replacingOccurrences(of: Self.namespace, with: "https://evil.example/")
        #expect(
            read(200, foreign)
                == .failure(
                    .unreadable(
                        status: 200,
                        .otherDocument(root: "AssumeRoleWithWebIdentityResponse", namespace: "https://evil.example/"))))
        let bare = good.replacingOccurrences(of: " xmlns=\"\(Self.namespace)\"", with: "")
        #expect(
            read(200, bare)
                == .failure(
                    .unreadable(status: 200, .otherDocument(root: "AssumeRoleWithWebIdentityResponse", namespace: nil)))
        )
        // A credential element in another namespace is not the credential.
        let smuggled = good.replacingOccurrences(
            of: "<SecretAccessKey>", with: "<SecretAccessKey xmlns=\"urn:other\">")
        #expect(read(200, smuggled) == .failure(.unreadable(status: 200, .badField("SecretAccessKey"))))
        #expect(
            read(
                200,
                good.replacingOccurrences(
                    of: "<SessionToken>FQoG+token=</SessionToken>", with: "<SessionToken></SessionToken>"))
                == .failure(.unreadable(status: 200, .badField("SessionToken"))))
        #expect(
            read(200, good.replacingOccurrences(of: "ASIAKEY", with: "ASIA KEY"))
                == .failure(.unreadable(status: 200, .badField("AccessKeyId"))))
        #expect(
            read(200, good.replacingOccurrences(of: "2027-01-01T00:00:00Z", with: "tomorrow"))
                == .failure(.unreadable(status: 200, .badExpiration("tomorrow"))))
        // Two Credentials: not guessed at.
        let twice = good.replacingOccurrences(of: "</Credentials>", with: "</Credentials><Credentials/>")
        #expect(
            read(200, twice)
                == .failure(
                    .unreadable(
                        status: 200,
                        .otherDocument(root: "AssumeRoleWithWebIdentityResponse", namespace: Self.namespace))))
        // Hostile documents never get past the reader.
        if case .failure(.unreadable(_, .notXML(let error))) = read(200, "<!DOCTYPE x [<!ENTITY a \"b\">]>" + good) {
            #expect(error.problem == .documentType)
        } else {
            Issue.record("a DOCTYPE was read")
        }
        if case .failure(.unreadable(502, .notXML)) = read(502, "<html><body>Bad gateway</html>") {
        } else {
            Issue.record("an HTML error page was read")
        }
        // An error status with an answer that is no ErrorResponse is not STS's error.
        #expect(
            read(500, good)
                == .failure(
                    .unreadable(
                        status: 500,
                        .otherDocument(root: "AssumeRoleWithWebIdentityResponse", namespace: Self.namespace))))
        // Text from the network stays as it came: the command line makes it visible.
        let error =
            "<ErrorResponse xmlns=\"\(Self.namespace)\"><Error><Code>Throttling</Code><Message>Rate \u{1B}[31m exceeded</Message></Error></ErrorResponse>"
        #expect(
            read(400, error) == .failure(.refused(status: 400, code: "Throttling", message: "Rate \u{1B}[31m exceeded"))
        )
    }

    // MARK: - Endpoint and session name

    @Test func theEndpointComesFromTheEnvironmentAsTheAWSCLIChoosesIt() throws {
        func url(_ variables: [String: String]) throws -> String { try STSEndpoint.resolve(Environment(variables)).url }
        #expect(try url([:]) == "https://sts.us-east-1.amazonaws.com/")
        #expect(try url(["AWS_DEFAULT_REGION": "ap-northeast-2"]) == "https://sts.ap-northeast-2.amazonaws.com/")
        #expect(
            try url(["AWS_REGION": "eu-west-1", "AWS_DEFAULT_REGION": "ap-northeast-2"])
                == "https://sts.eu-west-1.amazonaws.com/")
        #expect(try url(["AWS_REGION": "cn-north-1"]) == "https://sts.cn-north-1.amazonaws.com.cn/")
        #expect(try url(["AWS_ENDPOINT_URL": "https://a.example", "AWS_REGION": "eu-west-1"]) == "https://a.example/")
        #expect(
            try url(["AWS_ENDPOINT_URL_STS": "https://sts.example/path", "AWS_ENDPOINT_URL": "https://a.example"])
                == "https://sts.example/path")
        #expect(try url(["AWS_ENDPOINT_URL": "http://localhost:4566"]) == "http://localhost:4566/")
        #expect(throws: KAuthError.insecureURL(label: "AWS_ENDPOINT_URL", url: "http://sts.example")) {
            try url(["AWS_ENDPOINT_URL": "http://sts.example"])
        }
        #expect(throws: KAuthError.self) { try url(["AWS_ENDPOINT_URL_STS": "https://x.example/?a=1"]) }
        for bad in ["evil.example/", "us-east-1.evil.com", "US-EAST-1", "us_east_1", "-", "east"] {
            #expect(throws: KAuthError.self, "\(bad)") { try url(["AWS_REGION": bad]) }
        }
    }

    @Test func sessionNamesAreWhatSTSTakes() {
        #expect(RoleSessionName.derived(userID: "4242424242") == "kauth-4242424242")
        #expect(RoleSessionName.derived(userID: "auth0|abc def") == "kauth-auth0-abc-def")
        #expect(RoleSessionName.derived(userID: "사용자") == "kauth----")
        let long = RoleSessionName.derived(userID: String(repeating: "1", count: 100))
        #expect(long.count == 64 && long.hasPrefix("kauth-111"))
        #expect(RoleSessionName.sanitized("a+=,.@-_Z9") == "a+=,.@-_Z9")
        #expect(RoleSessionName.isValid("ab") && !RoleSessionName.isValid("a") && !RoleSessionName.isValid("a b"))
        #expect(RoleSessionName.isValid(RoleSessionName.derived(userID: "x\u{1B}[31m\n")))
    }
}
