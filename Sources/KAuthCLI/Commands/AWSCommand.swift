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
        summary: AWSHelpWords.summary,
        examples: [
            (
                "kauth aws credential-process --role-arn arn:aws:iam::123456789012:role/dev",
                AWSHelpWords.exampleWhatTheAWSCLIRuns
            )
        ],
        subcommands: [credentialProcessSpec]
    )

    static let credentialProcessSpec = CommandSpec(
        name: "credential-process",
        summary: AWSHelpWords.credentialProcessSummary,
        discussion: AWSHelpWords.credentialProcessDiscussion,
        options: CredentialProcessOptions.self,
        environment: EnvironmentVariables.session + STSEndpoint.variables,
        examples: [
            ("kauth aws credential-process --role-arn arn:aws:iam::123456789012:role/dev", .none),
            (
                "kauth aws credential-process --role-arn arn:aws:iam::123456789012:role/dev --duration 3600 --session-name ci",
                AWSHelpWords.credentialProcessExampleAnHourUnderYourSessionName
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
        // STS takes 20 to 2048 characters; an ARN has no spaces and at least six parts. Printable
        // ASCII only, so bytes are characters: counted and split as bytes, which costs a run
        // (every AWS command) none of the code that walks characters.
        guard arn.hasPrefix("arn:"), arn.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }),
            (20...2048).contains(arn.utf8.count),
            arn.utf8.split(separator: UInt8(ascii: ":"), maxSplits: 5, omittingEmptySubsequences: false).count == 6
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
                \.roleARN, "role-arn", "ARN", AWSHelpWords.roleARNFlag),
            .integer(
                \.duration, "duration", "SECONDS",
                AWSHelpWords.durationFlag,
                range: 900...43_200),
            .option(\.sessionName, "session-name", "NAME", AWSHelpWords.sessionNameFlag),
            .toggle(\.accessToken, "access-token", AWSHelpWords.accessTokenFlag)
        ]
    }
}
