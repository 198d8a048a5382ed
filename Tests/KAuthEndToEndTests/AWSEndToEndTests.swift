import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// `kauth aws credential-process` as the real AWS CLI runs it (`credential_process` in its config
/// file), against a real local STS: moto's server, behind a front that records what reaches it
/// (Tests/Scripts/sts-recorder.py). The login is a real one to `kauth sandbox --oidc`, whose ID
/// token is what STS gets. The AWS CLI and moto come from PyPI into a virtualenv
/// (Tests/Scripts/aws-tools.sh, which `make test` runs first); where that cannot be done, the
/// suite is skipped with pip's reason.
@Suite(
    .serialized, .enabled(if: AWSTools.unavailableReason == nil, Comment(rawValue: AWSTools.unavailableReason ?? "")))
struct AWSEndToEndTests {
    static let role = "arn:aws:iam::123456789012:role/x"

    @Test func theAWSCLIGetsCredentialsFromTheLoginAndSTSIsAskedOnce() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--openid"])
        defer { env.remove() }
        let sts = try await LocalSTS()
        defer { sts.stop() }
        let aws = try AWSCLI(env: env, sts: sts, roleARN: Self.role)

        let first = try await aws.run(["sts", "get-caller-identity", "--output", "json"])
        #expect(first.code == 0, "\(first.err)")
        let userID = try #require(try storedSession(env)?["user_id"]?.stringValue)
        let identity = try parseJSON(first.out)
        #expect(identity["Arn"] == .string("arn:aws:sts::123456789012:assumed-role/x/kauth-\(userID)"))

        // What kauth sent: the stored ID token, for the role, with the API version and a session name.
        let calls = try sts.assumeRoleCalls()
        try #require(calls.count == 1)
        let idToken = try await env.run(["token", "--id-token"]).out.trimmingCharacters(in: .newlines)
        #expect(calls[0]["method"] == .string("POST"))
        #expect(calls[0].value(at: "form.Version") == .string("2011-06-15"))
        #expect(calls[0].value(at: "form.RoleArn") == .string(Self.role))
        #expect(calls[0].value(at: "form.RoleSessionName") == .string("kauth-\(userID)"))
        #expect(calls[0].value(at: "form.WebIdentityToken") == .string(idToken))
        #expect(calls[0].value(at: "form.DurationSeconds") == nil)
        // The AWS CLI signed its own call with what kauth printed.
        let signed = try sts.requests().filter { $0.value(at: "form.Action") == .string("GetCallerIdentity") }
        #expect(signed.count == 1)

        // Kept in the keystore; the next command of the AWS CLI makes no request to STS.
        let kept = try #require(try storedSession(env)?["aws_credentials"]?["id_token \(Self.role)"])
        let second = try await aws.run(["sts", "get-caller-identity", "--output", "json"])
        #expect(second.code == 0, "\(second.err)")
        #expect(try parseJSON(second.out)["Arn"] == identity["Arn"])
        #expect(try sts.assumeRoleCalls().count == 1)

        // What the AWS CLI read, as kauth prints it; --verbose says it was kept, and no secret.
        let printed = try await env.run(
            ["--verbose", "aws", "credential-process", "--role-arn", Self.role], extra: sts.environment)
        #expect(printed.code == 0, "\(printed.err)")
        let json = try parseJSON(printed.out)
        #expect(json["Version"] == .number(1))
        #expect(json["AccessKeyId"] == kept["access_key_id"])
        #expect(json["SecretAccessKey"] == kept["secret_access_key"])
        #expect(json["SessionToken"] == kept["session_token"])
        #expect(json["Expiration"] == kept["expiration"])
        let expiration = try #require(RFC3339.date(from: json["Expiration"]?.stringValue ?? ""))
        #expect(expiration.timeIntervalSinceNow > 15 * 60)
        #expect(printed.err.contains("no request made"))
        for secret in [kept["secret_access_key"], kept["session_token"], .string(idToken)] {
            #expect(!printed.err.contains(secret?.stringValue ?? "-"), "a secret on stderr")
        }
        #expect(try sts.assumeRoleCalls().count == 1)
    }

    @Test func anSTSErrorIsExit1WithItsCodeAndMessageAndNothingOnStdout() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--openid"])
        defer { env.remove() }
        let sts = try await LocalSTS()
        defer { sts.stop() }
        let denied = "arn:aws:iam::123456789012:role/denied"
        let before = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))

        let run = try await env.run(
            ["--verbose", "aws", "credential-process", "--role-arn", denied], extra: sts.environment)
        #expect(run.code == 1)
        #expect(run.out.isEmpty)
        #expect(
            run.err.contains("AccessDenied")
                && run.err.contains("Not authorized to perform sts:AssumeRoleWithWebIdentity"))
        let idToken = try await env.run(["token", "--id-token"]).out.trimmingCharacters(in: .newlines)
        #expect(!run.err.contains(idToken), "the ID token on stderr")
        #expect(run.err.contains("WebIdentityToken=[redacted]"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == before, "the keystore changed")

        // The AWS CLI stops with kauth's words.
        let aws = try AWSCLI(env: env, sts: sts, roleARN: denied)
        let cli = try await aws.run(["sts", "get-caller-identity"])
        #expect(cli.code != 0)
        #expect(cli.err.contains("AccessDenied"), "\(cli.err)")
        #expect(try sts.requests().filter { $0.value(at: "form.Action") == .string("GetCallerIdentity") }.isEmpty)
    }

    @Test func anExpiredIDTokenIsRefreshedBeforeItIsTradedAndShortCredentialsAreNotKept() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        try await sandbox.control("/_sandbox/config", [("id_token_lifetime", "10")])
        let env = try await loggedIn(sandbox, arguments: ["--openid"])
        defer { env.remove() }
        let sts = try await LocalSTS()
        defer { sts.stop() }
        let loginToken = try #require(try storedSession(env)?["id_token"]?.stringValue)
        try await Task.sleep(for: .seconds(11))

        let arguments = [
            "aws", "credential-process", "--role-arn", Self.role, "--duration", "900", "--session-name", "ci job#7"
        ]
        let run = try await env.run(arguments, extra: sts.environment)
        #expect(run.code == 0, "\(run.err)")
        #expect(try await sandbox.tokenCalls("refresh_token") >= 1)
        let calls = try sts.assumeRoleCalls()
        try #require(calls.count == 1)
        let traded = try #require(calls[0].value(at: "form.WebIdentityToken")?.stringValue)
        #expect(traded != loginToken)
        #expect(JWTClaims.expiry(of: traded).map { $0 > Date().addingTimeInterval(-2) } == true)
        #expect(calls[0].value(at: "form.DurationSeconds") == .string("900"))
        // Characters STS refuses in a session name become '-', and kauth says so.
        #expect(calls[0].value(at: "form.RoleSessionName") == .string("ci-job-7"))
        #expect(run.err.contains("'ci job#7' is sent as 'ci-job-7'"))

        // 900 seconds are within the 15 minutes before expiry: the next run asks again.
        let again = try await env.run(arguments, extra: sts.environment)
        #expect(again.code == 0, "\(again.err)")
        #expect(try sts.assumeRoleCalls().count == 2)
    }

    @Test func anAccessTokenInTheEnvironmentIsTradedWithoutAKeystore() async throws {
        let sts = try await LocalSTS()
        defer { sts.stop() }
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        let extra = sts.environment.merging(["KAUTH_ACCESS_TOKEN": "ci-access-token"]) { $1 }

        let refused = try await env.run(["aws", "credential-process", "--role-arn", Self.role], extra: extra)
        #expect(refused.code == 2)
        #expect(refused.err.contains("--access-token"))

        let run = try await env.run(
            ["aws", "credential-process", "--role-arn", Self.role, "--access-token"], extra: extra)
        #expect(run.code == 0, "\(run.err)")
        #expect(try parseJSON(run.out)["AccessKeyId"]?.stringValue?.isEmpty == false)
        let calls = try sts.assumeRoleCalls()
        #expect(calls.count == 1)
        #expect(calls.first?.value(at: "form.WebIdentityToken") == .string("ci-access-token"))
        #expect(calls.first?.value(at: "form.RoleSessionName") == .string("kauth-default"))
        #expect(!FileManager.default.fileExists(atPath: env.home), "the keystore was touched")
    }

    @Test func anEndpointTheTokenMustNotGoToIsRefusedBeforeAnythingIsSent() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--openid"])
        defer { env.remove() }
        let arguments = ["aws", "credential-process", "--role-arn", Self.role]
        let plain = try await env.run(arguments, extra: ["AWS_ENDPOINT_URL_STS": "http://sts.example.com"])
        #expect(plain.code == 2)
        #expect(plain.err.contains("AWS_ENDPOINT_URL_STS"))
        let region = try await env.run(arguments, extra: ["AWS_REGION": "evil.example.com/x?"])
        #expect(region.code == 2)
        #expect(region.err.contains("AWS_REGION"))
        let missing = try await env.run(["aws", "credential-process"])
        #expect(missing.code == 2)
        #expect(missing.err.contains("--role-arn"))
        let notARN = try await env.run(["aws", "credential-process", "--role-arn", "x"])
        #expect(notARN.code == 2)
    }
}

/// The AWS CLI and moto, installed by Tests/Scripts/aws-tools.sh into `.build/test-tools/aws`.
enum AWSTools {
    static let venv = packageRoot + "/.build/test-tools/aws"

    /// Why the tools are not there (pip's words); nil once they are.
    static let unavailableReason: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: packageRoot + "/Tests/Scripts/aws-tools.sh")
        process.arguments = [venv]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return "Tests/Scripts/aws-tools.sh could not run: \(error)" }
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : said.trimmingCharacters(in: .whitespacesAndNewlines)
    }()
}

/// moto's server on a free port of 127.0.0.1, with the recording front before it.
final class LocalSTS: @unchecked Sendable {
    let moto: Spawned
    let front: Spawned
    let url: String
    let logPath: String

    init() async throws {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": NSTemporaryDirectory()
        ]
        moto = try Spawned(
            ["-H", "127.0.0.1", "-p", "0"], environment: environment, executable: AWSTools.venv + "/bin/moto_server")
        let said = try await moto.waitForErr(containing: "Running on http://127.0.0.1:", timeout: .seconds(120))
        let port = try #require(
            said.split(separator: "\n").first { $0.contains("Running on http://127.0.0.1:") }?
                .split(separator: ":").last.map { String($0.prefix { $0.isNumber }) })
        logPath = NSTemporaryDirectory() + "kauth-sts-\(UUID().uuidString).log"
        front = try Spawned(
            [
                packageRoot + "/Tests/Scripts/sts-recorder.py", "--upstream", "http://127.0.0.1:\(port)", "--log",
                logPath
            ],
            environment: environment, executable: AWSTools.venv + "/bin/python3")
        let listening = try await front.waitForErr(containing: "listening ", timeout: .seconds(60))
        let frontPort = listening.split(separator: " ").last.map { String($0.prefix { $0.isNumber }) } ?? ""
        url = "http://127.0.0.1:\(frontPort)"
    }

    /// What points kauth (and the AWS CLI) at it.
    var environment: [String: String] { ["AWS_ENDPOINT_URL": url] }

    func stop() {
        kill(front.process.processIdentifier, SIGKILL)
        kill(moto.process.processIdentifier, SIGKILL)
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// Every request that reached it, in order.
    func requests() throws -> [JSONValue] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try parseJSON(String($0)) }
    }

    func assumeRoleCalls() throws -> [JSONValue] {
        try requests().filter { $0.value(at: "form.Action") == .string("AssumeRoleWithWebIdentity") }
    }
}

/// The AWS CLI with a config file whose profile's `credential_process` is kauth, and nothing else
/// to find credentials in.
struct AWSCLI {
    let environment: [String: String]

    init(env: TestEnvironment, sts: LocalSTS, roleARN: String) throws {
        let config = try env.file(
            "aws-config",
            """
            [profile kauth]
            credential_process = \(kauthBinary) aws credential-process --role-arn \(roleARN)
            region = us-east-1

            """)
        environment = env.variables.merging(sts.environment) { $1 }.merging([
            "AWS_CONFIG_FILE": config,
            "AWS_SHARED_CREDENTIALS_FILE": env.home + ".no-aws-credentials",
            "AWS_PROFILE": "kauth",
            "AWS_EC2_METADATA_DISABLED": "true",
            "LC_ALL": "C.UTF-8"
        ]) { $1 }
    }

    func run(_ arguments: [String]) async throws -> RunResult {
        try await Spawned(arguments, environment: environment, executable: AWSTools.venv + "/bin/aws")
            .wait(timeout: .seconds(120))
    }
}
