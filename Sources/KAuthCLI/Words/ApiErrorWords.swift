import KAuthCore

/// Words of `kauth api`'s own errors: flags that do not go together, a method, header, field or
/// file it cannot send. Flags and the values quoted stay as typed.
enum ApiErrorWords: Message {
    case silentWithOutput
    case fieldLooksLikeAssignment(path: String)
    case unsupportedMethod(method: String)
    case paginateNeedsGET(method: String)
    case bodyFieldsNotFor(contentType: String)
    case fieldNotInJSON(key: String, reason: Localized)
    case unknownHost(given: String)
    case noHostURL(provider: String, key: String, origins: [String])
    case hostWithURL
    case notAPathOrURL
    case headerShape(given: String)
    case headerName(given: String, name: String)
    case headerControlCharacters(name: String)
    case authorizationHeader
    case fileNotUTF8(given: String)
    case standardInputTwice
    /// `source`: a file, or `-` for standard input.
    case cannotRead(source: String, reason: String)
    case noSuchFile(source: String)
    case noSuchField(path: String)

    var localized: Localized {
        switch self {
        case .silentWithOutput:
            Localized(
                en: "--silent prints no body: leave out --json and --field, or --silent",
                ko: "--silent는 본문을 출력하지 않습니다. --json과 --field를 빼거나 --silent를 빼십시오")
        case .fieldLooksLikeAssignment(let path):
            Localized(
                en:
                    "--field PATH prints one value of the answer (as in `kauth me --field`); to send KEY=VALUE as gh's --field does, use -F '\(path.visible)'",
                ko:
                    "--field PATH는 응답의 값 하나를 출력합니다(`kauth me --field`처럼). gh의 --field처럼 KEY=VALUE를 보내려면 -F '\(path.visible)'를 쓰십시오"
            )
        case .unsupportedMethod(let method):
            Localized(
                en: "unsupported method '\(method.visible)'; use GET, POST, PUT, PATCH or DELETE",
                ko: "지원하지 않는 메서드 '\(method.visible)'입니다. GET, POST, PUT, PATCH, DELETE 중 하나를 쓰십시오")
        case .paginateNeedsGET(let method):
            Localized(
                en: "--paginate follows next-page links with GET; leave out -X \(method), --input and body fields",
                ko: "--paginate는 GET으로 다음 페이지 링크를 따라갑니다. -X \(method), --input, 본문 필드를 빼십시오")
        case .bodyFieldsNotFor(let contentType):
            Localized(
                en: "-f and -F build a JSON or form body, not \(contentType.visible); send that body with --input FILE",
                ko: "-f와 -F는 \(contentType.visible)이(가) 아니라 JSON이나 폼 본문을 만듭니다. 그런 본문은 --input FILE로 보내십시오")
        case .fieldNotInJSON(let key, let reason):
            Localized(
                en: "the field '\(key.visible)' cannot go in a JSON body: \(reason.english)",
                ko: "필드 '\(key.visible)'은(는) JSON 본문에 넣을 수 없습니다: \(reason.korean)")
        case .unknownHost(let given):
            Localized(
                en: "--host is auth or api, not '\(given.visible)'",
                ko: "--host는 '\(given.visible)'이(가) 아니라 auth나 api입니다")
        case .noHostURL(let provider, let key, let origins):
            Localized(
                en:
                    "provider '\(provider)' has no \(key): give a full URL on one of its hosts (\(origins.joined(separator: ", "))), or set it with `kauth config set provider.\(provider).\(key) URL`",
                ko:
                    "'\(provider)' 제공자에는 \(key)이(가) 없습니다. 그 호스트(\(origins.joined(separator: ", "))) 중 하나의 전체 URL을 주거나 `kauth config set provider.\(provider).\(key) URL`(으)로 설정하십시오"
            )
        case .hostWithURL:
            Localized(
                en: "--host is for paths; a URL names its host itself", ko: "--host는 경로에 씁니다. URL은 호스트를 스스로 밝힙니다")
        case .notAPathOrURL:
            Localized(
                en: "PATH must start with / (e.g. /v2/user/me), or be a full http(s) URL",
                ko: "PATH는 /로 시작하거나(예: /v2/user/me) 전체 http(s) URL이어야 합니다")
        case .headerShape(let given):
            Localized(
                en: "-H needs 'NAME: VALUE', not '\(given.visible)'",
                ko: "-H에는 '\(given.visible)'이(가) 아니라 'NAME: VALUE'가 필요합니다")
        case .headerName(let given, let name):
            Localized(
                en: "-H '\(given.visible)': '\(name.visible)' is not a header name",
                ko: "-H '\(given.visible)': '\(name.visible)'은(는) 헤더 이름이 아닙니다")
        case .headerControlCharacters(let name):
            Localized(
                en: "-H \(name): the value contains a line break or control character",
                ko: "-H \(name): 값에 줄바꿈이나 제어 문자가 있습니다")
        case .authorizationHeader:
            Localized(
                en:
                    "-H Authorization is refused: kauth sends the login's token itself, to the provider's hosts only. To call with another credential, use curl",
                ko:
                    "-H Authorization은 받지 않습니다. kauth가 로그인의 토큰을 제공자의 호스트에만 직접 보냅니다. 다른 자격 증명으로 호출하려면 curl을 쓰십시오")
        case .fileNotUTF8(let given):
            Localized(
                en: "-F \(given.visible): the file is not UTF-8 text; send binary data with --input",
                ko: "-F \(given.visible): 파일이 UTF-8 텍스트가 아닙니다. 바이너리 데이터는 --input으로 보내십시오")
        case .standardInputTwice:
            Localized(
                en: "standard input can be read once: give one of --input - and -F KEY=@- only",
                ko: "표준 입력은 한 번만 읽을 수 있습니다. --input -와 -F KEY=@- 중 하나만 주십시오")
        case .cannotRead(let source, let reason):
            Localized(
                en: "cannot read \(Self.name(source).english): \(reason)",
                ko: "\(Self.name(source).korean)을(를) 읽을 수 없습니다: \(reason)")
        case .noSuchFile(let source):
            Localized(
                en: "cannot read \(Self.name(source).english): no such file",
                ko: "\(Self.name(source).korean)을(를) 읽을 수 없습니다: 파일이 없습니다")
        case .noSuchField(let path):
            Localized(
                en: "the answer has no field '\(path.visible)'; run the call without --field to see it",
                ko: "응답에 '\(path.visible)' 필드가 없습니다. --field 없이 호출해 응답을 확인하십시오")
        }
    }
}

extension ApiErrorWords {
    /// A file quoted, or standard input for `-`.
    fileprivate static func name(_ source: String) -> Localized {
        source == "-" ? Localized(en: "standard input", ko: "표준 입력") : .verbatim("'\(source.visible)'")
    }
}

/// Why a `kauth api` field's key cannot go into a JSON body; printed after the key, so the reason
/// reads as the sentence's end.
extension APIFields.Reason: Message {
    var localized: Localized {
        switch self {
        case .unpairedBrackets:
            Localized(en: "brackets must pair up, as in a[b][c] or a[]", ko: "대괄호는 a[b][c]나 a[]처럼 짝이 맞아야 합니다")
        case .appendNotLast:
            Localized(
                en: "[] may only end a key (for arrays of objects, send the body with --input)",
                ko: "[]는 키의 끝에만 올 수 있습니다(객체 배열은 --input으로 본문을 보내십시오)")
        case .memberInsideValue:
            Localized(
                en: "it puts a member inside a value another field already set",
                ko: "다른 필드가 이미 정한 값 안에 멤버를 넣습니다")
        case .givenTwice: Localized(en: "the key is given twice", ko: "키가 두 번 주어졌습니다")
        case .notAnArray: Localized(en: "it is not an array in another field", ko: "다른 필드에서는 배열이 아닙니다")
        }
    }
}
