import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// `kauth aws credential-process` in process: the JSON the AWS tools read, its refusals, and STS's
/// error in words on stderr with nothing on stdout.
@Suite struct AWSCommandTests {
    static let role = "arn:aws:iam::123456789012:role/dev"

    func run(_ line: [String], environment: [String: String], http: FakeHTTP) async -> (Int32, TerminalRecorder) {
        let recorder = TerminalRecorder()
        // The real file system: a sentence reads the config file for its language (there is none).
        let world = World.test(
            http: http.client, fileSystem: .live, terminal: recorder.terminal, environment: environment)
        return (await CLI.run(line, world: world), recorder)
    }

    static func sts(_ status: Int, _ body: String) -> FakeHTTP {
        FakeHTTP { _ in
            HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "text/xml")], body: Data(body.utf8))
        }
    }

    static let environment = [
        "KAUTH_ACCESS_TOKEN": "ci-token", "KAUTH_HOME": "/nonexistent/kauth", "AWS_REGION": "ap-northeast-2"
    ]

    @Test func printsTheCredentialsAsCredentialProcessWantsThem() async throws {
        let http = Self.sts(
            200,
            """
            <AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
            <AssumeRoleWithWebIdentityResult><Credentials><AccessKeyId>ASIAKEY</AccessKeyId>
            <SecretAccessKey>s/+=</SecretAccessKey><SessionToken>tok</SessionToken>
            <Expiration>2026-01-01T01:00:00.500Z</Expiration></Credentials></AssumeRoleWithWebIdentityResult>
            </AssumeRoleWithWebIdentityResponse>
            """)
        let (code, output) = await run(
            ["aws", "credential-process", "--role-arn", Self.role, "--access-token"], environment: Self.environment,
            http: http)
        #expect(code == 0, "\(output.err)")
        #expect(output.err.isEmpty)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(output.out.utf8))
        #expect(
            json
                == .object([
                    "Version": .number(1), "AccessKeyId": .string("ASIAKEY"), "SecretAccessKey": .string("s/+="),
                    "SessionToken": .string("tok"), "Expiration": .string("2026-01-01T01:00:00Z")
                ]))
        #expect(http.requests.map(\.url) == ["https://sts.ap-northeast-2.amazonaws.com/"])
        let form = Dictionary(uniqueKeysWithValues: http.requests[0].form)
        #expect(form["WebIdentityToken"] == "ci-token" && form["RoleSessionName"] == "kauth-default")
    }

    @Test func anSTSErrorIsExit1WithItsCodeAndMessageMadeVisible() async throws {
        let http = Self.sts(
            400,
            """
            <ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type>\
            <Code>InvalidIdentityToken</Code><Message>No OpenIDConnect provider found \u{9B}31m\u{202E}</Message></Error>\
            </ErrorResponse>
            """)
        let (code, output) = await run(
            ["aws", "credential-process", "--role-arn", Self.role, "--access-token"], environment: Self.environment,
            http: http)
        #expect(code == 1)
        #expect(output.out.isEmpty)
        #expect(output.err.contains("InvalidIdentityToken: No OpenIDConnect provider found"))
        #expect(
            !output.err.contains("\u{9B}") && !output.err.contains("\u{202E}"),
            "control characters from the network reach the terminal")
        #expect(!output.err.contains("ci-token"))
    }

    @Test func anAnswerThatIsNotSTSsSaysWhatItWas() async throws {
        let (code, output) = await run(
            ["aws", "credential-process", "--role-arn", Self.role, "--access-token"], environment: Self.environment,
            http: Self.sts(200, "<!DOCTYPE x [<!ENTITY a SYSTEM \"file:///etc/passwd\">]><x>&a;</x>"))
        #expect(code == 1)
        #expect(output.out.isEmpty)
        #expect(output.err.contains("not STS's XML") && output.err.contains("document type"))
    }

    @Test func refusalsBeforeAnyRequest() async throws {
        let none = FakeHTTP { _ in
            Issue.record("no request expected")
            return FakeHTTP.json(500, "{}")
        }
        for (line, words) in [
            (["aws", "credential-process"], "--role-arn ARN is required"),
            (["aws", "credential-process", "--role-arn", "role/dev"], "is not a role ARN"),
            (["aws", "credential-process", "--role-arn", Self.role], "--access-token"),
            (
                ["aws", "credential-process", "--role-arn", Self.role, "--access-token", "--duration", "60"],
                "--duration"
            ),
            (
                ["aws", "credential-process", "--role-arn", Self.role, "--access-token", "--session-name", "!"],
                "too short"
            )
        ] {
            let (code, output) = await run(line, environment: Self.environment, http: none)
            #expect(code == 2, "\(line)")
            #expect(output.err.contains(words), "\(line): \(output.err)")
            #expect(output.out.isEmpty)
        }
        let (code, output) = await run(
            ["aws", "credential-process", "--role-arn", Self.role, "--access-token"],
            environment: Self.environment.merging(["AWS_ENDPOINT_URL_STS": "http://sts.example.com"]) { $1 }, http: none
        )
        #expect(code == 2)
        #expect(output.err.contains("AWS_ENDPOINT_URL_STS"))
    }

    @Test func koreanWords() async throws {
        let (code, output) = await run(
            ["aws", "credential-process"], environment: Self.environment.merging(["KAUTH_LANG": "ko"]) { $1 },
            http: FakeHTTP { _ in FakeHTTP.json(500, "{}") })
        #expect(code == 2)
        #expect(output.err.contains("--role-arn ARN이 필요합니다"))
    }

    /// A read-only keystore: the credentials are still handed out, with one note that they were
    /// not kept, and the keystore is left as it was (the next run asks STS again).
    @Test func aReadOnlyKeystoreHandsOutCredentialsWithoutKeepingThem() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let now = Date()
        let keystore = FileKeystore(
            directory: home.path + "/kauth", fileSystem: .live, passphrase: nil, random: .seeded(3), kdfIterations: 1)
        try await keystore.update {
            $0.profiles["default"] = StoredSession(
                provider: "kakao", clientID: "app", accessToken: "at",
                accessTokenExpiresAt: now.addingTimeInterval(3600),
                refreshToken: "rt", refreshTokenExpiresAt: now.addingTimeInterval(86_400), createdAt: now,
                updatedAt: now)
        }
        let stored = try Data(contentsOf: URL(fileURLWithPath: keystore.path))
        var readOnly = FileSystem.live
        readOnly.writeAccess = { _ in .readOnlyFileSystem }
        let http = Self.sts(
            200,
            """
            <AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
            <AssumeRoleWithWebIdentityResult><Credentials>
            <AccessKeyId>ASIAKEY</AccessKeyId><SecretAccessKey>secret</SecretAccessKey><SessionToken>tok</SessionToken>
            <Expiration>2099-01-01T01:00:00Z</Expiration></Credentials></AssumeRoleWithWebIdentityResult>
            </AssumeRoleWithWebIdentityResponse>
            """)
        for _ in 0..<2 {
            let recorder = TerminalRecorder()
            let world = World.test(
                http: http.client, fileSystem: readOnly, terminal: recorder.terminal,
                environment: ["KAUTH_HOME": home.path + "/kauth", "AWS_REGION": "ap-northeast-2"])
            let code = await CLI.run(
                ["aws", "credential-process", "--role-arn", Self.role, "--access-token"], world: world)
            #expect(code == 0, "\(recorder.err)")
            #expect(
                try JSONDecoder().decode(JSONValue.self, from: Data(recorder.out.utf8))["AccessKeyId"]
                    == .string("ASIAKEY"))
            #expect(
                recorder.err.split(separator: "\n").map(String.init) == [
                    "note: the keystore cannot be written ('\(home.path)/kauth': a read-only file system), so these AWS credentials were not kept: the next run asks STS again"
                ])
        }
        #expect(http.requests.count == 2, "not kept, so asked again")
        #expect(try Data(contentsOf: URL(fileURLWithPath: keystore.path)) == stored)
    }
}
