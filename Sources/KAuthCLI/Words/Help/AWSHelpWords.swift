/// The help of `kauth aws` and `kauth aws credential-process` (summaries, discussions, arguments, flags, example
/// notes).
enum AWSHelpWords {
    static let summary = Localized(
        en: "AWS credentials from the login, for the AWS CLI and SDKs", ko: "로그인으로 얻는 AWS 자격 증명 (AWS CLI와 SDK용)")
    static let exampleWhatTheAWSCLIRuns = Localized(
        en: "what the AWS CLI runs for credential_process", ko: "AWS CLI가 credential_process로 실행하는 명령")
    static let credentialProcessSummary = Localized(
        en: "print AWS credentials for a role, as credential_process wants them",
        ko: "credential_process용 AWS 자격 증명을 출력합니다")
    static let credentialProcessDiscussion = Localized(
        en:
            "Trades the login's ID token (refreshed first when it has expired; with --access-token the access token) at AWS STS AssumeRoleWithWebIdentity for the role's temporary credentials and prints them as the AWS CLI and SDKs read a credential_process: {\"Version\": 1, \"AccessKeyId\", \"SecretAccessKey\", \"SessionToken\", \"Expiration\"}. Put `credential_process = kauth aws credential-process --role-arn ARN` in a profile of ~/.aws/config. The credentials are kept in the keystore, encrypted like the tokens, per role and token kind, and printed again without a request until 15 minutes before they expire (the AWS SDKs ask again from then). The session name is --session-name, else kauth- and the user's id (only letters, digits and _+=,.@-, at most 64: others become -). STS is AWS_ENDPOINT_URL_STS, else AWS_ENDPOINT_URL, else the endpoint of AWS_REGION, else AWS_DEFAULT_REGION, else us-east-1; AWS_CA_BUNDLE names CA certificates to trust for it. STS's error is exit 1 with its Code and Message on stderr and nothing on stdout.",
        ko:
            "로그인의 ID 토큰(만료되었으면 먼저 갱신합니다. --access-token이면 액세스 토큰)을 AWS STS AssumeRoleWithWebIdentity에서 역할의 임시 자격 증명으로 교환하고, AWS CLI와 SDK가 credential_process에서 읽는 형식으로 출력합니다: {\"Version\": 1, \"AccessKeyId\", \"SecretAccessKey\", \"SessionToken\", \"Expiration\"}. ~/.aws/config의 프로필에 `credential_process = kauth aws credential-process --role-arn ARN`을 넣으십시오. 자격 증명은 토큰처럼 암호화해 역할과 토큰 종류별로 키 저장소에 보관하며, 만료 15분 전까지는 요청 없이 다시 출력합니다 (AWS SDK는 그때부터 다시 요청합니다). 세션 이름은 --session-name, 없으면 kauth-와 사용자 ID입니다 (문자, 숫자, _+=,.@-만, 최대 64자. 그 밖의 문자는 -가 됩니다). STS는 AWS_ENDPOINT_URL_STS, 없으면 AWS_ENDPOINT_URL, 없으면 AWS_REGION의 엔드포인트, 없으면 AWS_DEFAULT_REGION, 없으면 us-east-1입니다. AWS_CA_BUNDLE은 그곳에 대해 신뢰할 CA 인증서를 지정합니다. STS의 오류는 종료 코드 1이며, stderr에 그 Code와 Message를 쓰고 stdout에는 아무것도 쓰지 않습니다."
    )
    static let credentialProcessExampleAnHourUnderYourSessionName = Localized(
        en: "an hour, under a session name of your own", ko: "한 시간 동안, 직접 정한 세션 이름으로")
    static let roleARNFlag = Localized(en: "the IAM role to assume (required)", ko: "맡을 IAM 역할 (필수)")
    static let durationFlag = Localized(
        en: "how long the credentials last (STS's DurationSeconds; default: the role's, one hour)",
        ko: "자격 증명의 유효 기간 (STS의 DurationSeconds, 기본값: 역할의 설정, 한 시간)")
    static let sessionNameFlag = Localized(
        en: "the role session name (default: kauth- and the user's id)",
        ko: "역할 세션 이름 (기본값: kauth-와 사용자 ID)")
    static let accessTokenFlag = Localized(
        en: "trade the access token instead of the ID token", ko: "ID 토큰 대신 액세스 토큰을 교환합니다")
}
