import KAuthBasics

/// Words of `kauth aws credential-process`.
enum AWSWords: Message {
    /// No `--role-arn`.
    case roleARNMissing
    /// A `--role-arn` that is no ARN.
    case roleARNInvalid(String)
    /// A `--session-name` STS cannot take even with its characters replaced.
    case sessionNameTooShort(String)
    /// A `--session-name` whose characters STS refuses, and the name sent instead.
    case sessionNameChanged(given: String, used: String)
    /// `KAUTH_ACCESS_TOKEN` is set but the ID token was asked for.
    case environmentTokenNotIDToken
    /// STS's error: its HTTP status, `Code` and `Message`.
    case stsRefused(status: Int, code: String, message: String)
    /// An answer that is not STS's XML.
    case stsNotXML(status: Int, problem: XMLReadError.Problem, offset: Int)
    /// An XML answer of another kind: its root element and namespace.
    case stsOtherDocument(status: Int, root: String, namespace: String)
    /// A credential field missing or malformed in STS's answer.
    case stsBadField(status: Int, field: String)
    /// An `Expiration` that is no RFC 3339 instant.
    case stsBadExpiration(status: Int, value: String)
    /// `--verbose`: kept credentials were printed, no request made.
    case usingKept(role: String, until: String)

    var localized: Localized {
        switch self {
        case .roleARNMissing:
            Localized(
                en: "--role-arn ARN is required: the IAM role to assume, such as arn:aws:iam::123456789012:role/NAME",
                ko: "--role-arn ARN이 필요합니다: 맡을 IAM 역할입니다(예: arn:aws:iam::123456789012:role/NAME)")
        case .roleARNInvalid(let value):
            Localized(
                en:
                    "--role-arn '\(value.visible)' is not a role ARN; give the role's ARN as IAM shows it, such as arn:aws:iam::123456789012:role/NAME",
                ko:
                    "--role-arn '\(value.visible)'은(는) 역할 ARN이 아닙니다. IAM에 표시되는 역할의 ARN을 주십시오(예: arn:aws:iam::123456789012:role/NAME)"
            )
        case .sessionNameTooShort(let value):
            Localized(
                en:
                    "--session-name '\(value.visible)' is too short: STS wants 2 to 64 characters of letters, digits and _+=,.@-",
                ko: "--session-name '\(value.visible)'이(가) 너무 짧습니다. STS는 영문자, 숫자, _+=,.@- 로 된 2~64자를 받습니다")
        case .sessionNameChanged(let given, let used):
            Localized(
                en:
                    "note: STS takes only letters, digits and _+=,.@- (64 at most) in a session name: '\(given.visible)' is sent as '\(used)'",
                ko: "참고: STS의 세션 이름에는 영문자, 숫자, _+=,.@- 만 최대 64자까지 쓸 수 있어 '\(given.visible)'을(를) '\(used)'(으)로 보냅니다")
        case .environmentTokenNotIDToken:
            Localized(
                en:
                    "KAUTH_ACCESS_TOKEN is set and is an access token alone: add --access-token to trade it at STS, or unset KAUTH_ACCESS_TOKEN to trade the stored login's ID token",
                ko:
                    "KAUTH_ACCESS_TOKEN이 설정되어 있고 이는 액세스 토큰일 뿐입니다. STS에서 교환하려면 --access-token을 붙이고, 저장된 로그인의 ID 토큰을 쓰려면 KAUTH_ACCESS_TOKEN을 해제하십시오"
            )
        case .stsRefused(let status, let code, let message):
            Localized(
                en: "AWS STS refused AssumeRoleWithWebIdentity (HTTP \(status)): \(code.visible): \(message.visible)",
                ko: "AWS STS가 AssumeRoleWithWebIdentity를 거절했습니다(HTTP \(status)): \(code.visible): \(message.visible)")
        case .stsNotXML(let status, let problem, let offset):
            Localized(
                en:
                    "the STS endpoint answered HTTP \(status) with a body that is not STS's XML (\(Self.describe(problem).english), at byte \(offset)); check AWS_ENDPOINT_URL_STS and AWS_ENDPOINT_URL",
                ko:
                    "STS 엔드포인트가 HTTP \(status)로 STS의 XML이 아닌 본문을 보냈습니다(\(Self.describe(problem).korean), \(offset)번째 바이트). AWS_ENDPOINT_URL_STS와 AWS_ENDPOINT_URL을 확인하십시오"
            )
        case .stsOtherDocument(let status, let root, let namespace):
            Localized(
                en:
                    "the STS endpoint answered HTTP \(status) with an XML document <\(root.visible)> in namespace '\(namespace.visible)', not STS's answer; check AWS_ENDPOINT_URL_STS and AWS_ENDPOINT_URL",
                ko:
                    "STS 엔드포인트가 HTTP \(status)로 STS의 응답이 아닌 XML 문서 <\(root.visible)>(네임스페이스 '\(namespace.visible)')를 보냈습니다. AWS_ENDPOINT_URL_STS와 AWS_ENDPOINT_URL을 확인하십시오"
            )
        case .stsBadField(let status, let field):
            Localized(
                en: "AWS STS answered HTTP \(status) without a usable \(field) in its credentials; nothing was kept",
                ko: "AWS STS가 HTTP \(status)로 응답했지만 자격 증명에 쓸 수 있는 \(field)이(가) 없습니다. 아무것도 저장하지 않았습니다")
        case .stsBadExpiration(let status, let value):
            Localized(
                en:
                    "AWS STS answered HTTP \(status) with an Expiration that is not an RFC 3339 time ('\(value.visible)'); nothing was kept",
                ko: "AWS STS가 HTTP \(status)로 RFC 3339 시각이 아닌 Expiration('\(value.visible)')을 보냈습니다. 아무것도 저장하지 않았습니다")
        case .usingKept(let role, let until):
            Localized(
                en: "AWS credentials for \(role.visible) kept in the keystore, valid until \(until): no request made",
                ko: "키 저장소에 보관된 \(role.visible)의 AWS 자격 증명을 씁니다(\(until)까지 유효). 요청하지 않았습니다")
        }
    }

    /// What `XMLReader` refused, in a few words.
    static func describe(_ problem: XMLReadError.Problem) -> Localized {
        switch problem {
        case .tooLarge(let limit): Localized(en: "longer than \(limit) bytes", ko: "\(limit)바이트보다 김")
        case .tooDeep(let limit): Localized(en: "nested deeper than \(limit)", ko: "\(limit)단계보다 깊게 중첩됨")
        case .tooManyElements(let limit): Localized(en: "more than \(limit) elements", ko: "요소가 \(limit)개보다 많음")
        case .notUTF8: Localized(en: "not UTF-8", ko: "UTF-8이 아님")
        case .documentType:
            Localized(en: "a document type declaration, which kauth refuses", ko: "kauth가 거부하는 문서 형식 선언(DOCTYPE)")
        case .processingInstruction: Localized(en: "a processing instruction", ko: "처리 명령")
        case .unknownEntity(let name):
            Localized(en: "an unknown entity &\(name.visible);", ko: "알 수 없는 엔티티 &\(name.visible);")
        case .badCharacterReference(let text):
            Localized(en: "a bad character reference &\(text.visible);", ko: "잘못된 문자 참조 &\(text.visible);")
        case .unboundPrefix(let prefix):
            Localized(en: "an undeclared prefix \(prefix.visible)", ko: "선언되지 않은 접두사 \(prefix.visible)")
        case .duplicateAttribute(let name):
            Localized(en: "the attribute \(name.visible) twice", ko: "두 번 나온 속성 \(name.visible)")
        case .mismatchedEndTag(let expected, let found):
            Localized(
                en: "</\(found.visible)> where </\(expected.visible)> was due",
                ko: "</\(expected.visible)> 자리에 </\(found.visible)>")
        case .unexpectedEnd: Localized(en: "cut off", ko: "중간에 끊김")
        case .notOneRoot: Localized(en: "not one root element", ko: "루트 요소가 하나가 아님")
        case .malformed(let detail): Localized(en: "malformed: \(detail.visible)", ko: "형식 오류: \(detail.visible)")
        }
    }
}
