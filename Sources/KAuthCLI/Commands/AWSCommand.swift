import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth aws credential-process`: the AWS CLI's and SDKs' `credential_process`, answered with a
/// role's credentials from STS `AssumeRoleWithWebIdentity` for the login's ID token (or access
/// token), kept in the keystore until 15 minutes before they expire.
enum AWSCommand {
    static let spec = CommandSpec(
        name: "aws",
        summary: Localized(
            en: "AWS credentials from the login, for the AWS CLI and SDKs", ko: "로그인으로 얻는 AWS 자격 증명 (AWS CLI와 SDK용)"),
        examples: [
            (
                "kauth aws credential-process --role-arn arn:aws:iam::123456789012:role/dev",
                Localized(
                    en: "what the AWS CLI runs for credential_process", ko: "AWS CLI가 credential_process로 실행하는 명령")
            )
        ],
        subcommands: [credentialProcessSpec]
    )

    static let credentialProcessSpec = CommandSpec(
        name: "credential-process",
        summary: Localized(
            en: "print AWS credentials for a role, as credential_process wants them",
            ko: "credential_process용 AWS 자격 증명을 출력합니다"),
        discussion:
            Localized(
                en:
                    "Trades the login's ID token (refreshed first when it has expired; with --access-token the access token) at AWS STS AssumeRoleWithWebIdentity for the role's temporary credentials and prints them as the AWS CLI and SDKs read a credential_process: {\"Version\": 1, \"AccessKeyId\", \"SecretAccessKey\", \"SessionToken\", \"Expiration\"}. Put `credential_process = kauth aws credential-process --role-arn ARN` in a profile of ~/.aws/config. The credentials are kept in the keystore, encrypted like the tokens, per role and token kind, and printed again without a request until 15 minutes before they expire (the AWS SDKs ask again from then). The session name is --session-name, else kauth- and the user's id (only letters, digits and _+=,.@-, at most 64: others become -). STS is AWS_ENDPOINT_URL_STS, else AWS_ENDPOINT_URL, else the endpoint of AWS_REGION, else AWS_DEFAULT_REGION, else us-east-1; AWS_CA_BUNDLE names CA certificates to trust for it. STS's error is exit 1 with its Code and Message on stderr and nothing on stdout.",
                ko:
                    "로그인의 ID 토큰(만료되었으면 먼저 갱신합니다. --access-token이면 액세스 토큰)을 AWS STS AssumeRoleWithWebIdentity에서 역할의 임시 자격 증명으로 교환하고, AWS CLI와 SDK가 credential_process에서 읽는 형식으로 출력합니다: {\"Version\": 1, \"AccessKeyId\", \"SecretAccessKey\", \"SessionToken\", \"Expiration\"}. ~/.aws/config의 프로필에 `credential_process = kauth aws credential-process --role-arn ARN`을 넣으십시오. 자격 증명은 토큰처럼 암호화해 역할과 토큰 종류별로 키 저장소에 보관하며, 만료 15분 전까지는 요청 없이 다시 출력합니다 (AWS SDK는 그때부터 다시 요청합니다). 세션 이름은 --session-name, 없으면 kauth-와 사용자 ID입니다 (문자, 숫자, _+=,.@-만, 최대 64자. 그 밖의 문자는 -가 됩니다). STS는 AWS_ENDPOINT_URL_STS, 없으면 AWS_ENDPOINT_URL, 없으면 AWS_REGION의 엔드포인트, 없으면 AWS_DEFAULT_REGION, 없으면 us-east-1입니다. AWS_CA_BUNDLE은 그곳에 대해 신뢰할 CA 인증서를 지정합니다. STS의 오류는 종료 코드 1이며, stderr에 그 Code와 Message를 쓰고 stdout에는 아무것도 쓰지 않습니다."
            ),
        options: CredentialProcessOptions.self,
        environment: EnvironmentVariables.session + STSEndpoint.variables,
        examples: [
            ("kauth aws credential-process --role-arn arn:aws:iam::123456789012:role/dev", .none),
            (
                "kauth aws credential-process --role-arn arn:aws:iam::123456789012:role/dev --duration 3600 --session-name ci",
                Localized(en: "an hour, under a session name of your own", ko: "한 시간 동안, 직접 정한 세션 이름으로")
            )
        ],
        run: runCredentialProcess
    )

    static func runCredentialProcess(_ context: CommandContext, _ options: CredentialProcessOptions) async throws
        -> Int32
    {
        let role = try role(context, options)
        let credentials: StoredAWSCredentials
        do {
            if let token = context.environmentToken {
                guard role.tokenKind == .accessToken else {
                    throw CommandError.usage(AWSWords.environmentTokenNotIDToken.localized)
                }
                credentials = try await AWSCredentialService.credentials(
                    for: role, environmentToken: token, profile: try context.profileName(), world: context.world)
            } else {
                let service = AWSCredentialService(tokens: context.tokenService(try context.storedLogin()))
                let grant = try await service.credentials(for: role)
                if !grant.requested, context.globals.verbose {
                    context.say(
                        AWSWords.usingKept(role: role.arn, until: RFC3339.string(from: grant.credentials.expiration)))
                }
                if let (path, reason) = grant.notKept {
                    context.say(KeystoreNoteWords.awsNotKept(path: path, reason: reason))
                }
                credentials = grant.credentials
            }
        } catch KAuthError.product(let product) {
            guard let failure = product.failure as? STSFailure else { throw KAuthError.product(product) }
            throw CommandError.failed(words(for: failure).localized)
        }
        context.printJSON(
            .object([
                "Version": .number(1),
                "AccessKeyId": .string(credentials.accessKeyID),
                "SecretAccessKey": .string(credentials.secretAccessKey),
                "SessionToken": .string(credentials.sessionToken),
                "Expiration": .string(RFC3339.string(from: credentials.expiration))
            ]))
        return 0
    }

    /// The role and session as the flags ask, checked before any token is read.
    static func role(_ context: CommandContext, _ options: CredentialProcessOptions) throws -> AWSCredentialService.Role
    {
        guard let arn = options.roleARN else { throw CommandError.usage(AWSWords.roleARNMissing.localized) }
        // STS takes 20 to 2048 characters; an ARN has no spaces and at least six parts.
        guard arn.hasPrefix("arn:"), (20...2048).contains(arn.count),
            arn.split(separator: ":", maxSplits: 5, omittingEmptySubsequences: false).count == 6,
            arn.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else {
            throw CommandError.usage(AWSWords.roleARNInvalid(arn).localized)
        }
        var sessionName: String?
        if let given = options.sessionName {
            let name = RoleSessionName.sanitized(given)
            guard name.count >= RoleSessionName.minLength else {
                throw CommandError.usage(AWSWords.sessionNameTooShort(given).localized)
            }
            if name != given { context.say(AWSWords.sessionNameChanged(given: given, used: name)) }
            sessionName = name
        }
        return AWSCredentialService.Role(
            arn: arn, tokenKind: options.accessToken ? .accessToken : .idToken, sessionName: sessionName,
            durationSeconds: options.duration)
    }

    /// The words for a failed STS call.
    static func words(for failure: STSFailure) -> AWSWords {
        switch failure {
        case .refused(let status, let code, let message): .stsRefused(status: status, code: code, message: message)
        case .unreadable(let status, .notXML(let error)):
            .stsNotXML(status: status, problem: error.problem, offset: error.offset)
        case .unreadable(let status, .otherDocument(let root, let namespace)):
            .stsOtherDocument(status: status, root: root, namespace: namespace ?? "")
        case .unreadable(let status, .badField(let field)): .stsBadField(status: status, field: field)
        case .unreadable(let status, .badExpiration(let value)): .stsBadExpiration(status: status, value: value)
        }
    }
}

extension AWSCommand {
    struct CredentialProcessOptions: CommandOptions {
        var roleARN: String?
        var duration: Int?
        var sessionName: String?
        var accessToken = false

        static let flags: [OptionFlag<Self>] = [
            .option(
                \.roleARN, "role-arn", "ARN", Localized(en: "the IAM role to assume (required)", ko: "맡을 IAM 역할 (필수)")),
            .integer(
                \.duration, "duration", "SECONDS",
                Localized(
                    en: "how long the credentials last (STS's DurationSeconds; default: the role's, one hour)",
                    ko: "자격 증명의 유효 기간 (STS의 DurationSeconds, 기본값: 역할의 설정, 한 시간)"),
                range: 900...43_200),
            .option(
                \.sessionName, "session-name", "NAME",
                Localized(
                    en: "the role session name (default: kauth- and the user's id)",
                    ko: "역할 세션 이름 (기본값: kauth-와 사용자 ID)")),
            .toggle(
                \.accessToken, "access-token",
                Localized(en: "trade the access token instead of the ID token", ko: "ID 토큰 대신 액세스 토큰을 교환합니다"))
        ]
    }
}
