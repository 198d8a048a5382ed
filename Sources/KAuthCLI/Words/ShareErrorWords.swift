/// Words of the errors of sharing and Kakao Talk messages (`kauth link`, `kauth talk`): a
/// template, image, flag or recipient that cannot be sent. Nothing is sent after any of them.
enum ShareErrorWords: Message {
    /// `source`: the template file, or `-` for standard input.
    case cannotReadTemplate(source: String, reason: String)
    case noSuchTemplate(source: String)
    case templateNotUTF8(source: String)
    case templateNotJSON(source: String, why: Localized)
    case textAlone
    case linkWithoutText
    case templateAlone
    case needsMessage(command: String)
    case emptyText
    case textTooLong(count: Int, maximum: Int)
    case keyTwice(flag: String, key: String)
    case templateID(given: String)
    case notAWebURL(flag: String, given: String)
    case linkDefaultNeedsTemplate
    case linkCustomNeedsTemplateID
    case linkScrapNeedsURL
    case cannotReadImage(path: String, reason: String)
    case noSuchImage(path: String)
    case imageTooLarge(path: String, bytes: Int, maximum: Int)
    case notAnImage(path: String)
    case unknownTemplateType(given: String, known: [String])
    case resultCode(code: Int)
    case sendNeedsRecipients
    case notAFriendUUID(given: String)
    case tooManyRecipients(count: Int, maximum: Int)

    var localized: Localized {
        switch self {
        case .cannotReadTemplate(let source, let reason):
            Localized(
                en: "cannot read the template \(Self.template(source).english): \(reason)",
                ko: "템플릿 \(Self.template(source).korean)을(를) 읽을 수 없습니다: \(reason)")
        case .noSuchTemplate(let source):
            Localized(
                en: "cannot read the template \(Self.template(source).english): no such file",
                ko: "템플릿 \(Self.template(source).korean)을(를) 읽을 수 없습니다: 파일이 없습니다")
        case .templateNotUTF8(let source):
            Localized(
                en: "the template \(Self.template(source).english) is not UTF-8 text",
                ko: "템플릿 \(Self.template(source).korean)이(가) UTF-8 텍스트가 아닙니다")
        case .templateNotJSON(let source, let why):
            Localized(
                en: "the template \(Self.template(source).english) is not valid JSON: \(why.english)",
                ko: "템플릿 \(Self.template(source).korean)이(가) 올바른 JSON이 아닙니다: \(why.korean)")
        case .textAlone:
            Localized(
                en: "--text sends a text message of its own: leave out --template, --template-id, --arg and --scrap",
                ko: "--text는 자체 텍스트 메시지를 보냅니다. --template, --template-id, --arg, --scrap을 빼십시오")
        case .linkWithoutText:
            Localized(
                en: "--link goes with --text; a template names its own links",
                ko: "--link는 --text와 함께 씁니다. 템플릿은 링크를 스스로 정합니다")
        case .templateAlone:
            Localized(
                en: "--template sends a default template: leave out --template-id, --arg and --scrap",
                ko: "--template은 기본 템플릿을 보냅니다. --template-id, --arg, --scrap을 빼십시오")
        case .needsMessage(let command):
            Localized(
                en:
                    "'\(command)' needs a message: --text TEXT [--link URL], --template FILE (or -), --template-id N [--arg KEY=VALUE…], or --scrap URL",
                ko:
                    "'\(command)'에는 메시지가 필요합니다: --text TEXT [--link URL], --template FILE(또는 -), --template-id N [--arg KEY=VALUE…], --scrap URL 중 하나를 주십시오"
            )
        case .emptyText:
            Localized(en: "--text needs some text", ko: "--text에는 내용이 필요합니다")
        case .textTooLong(let count, let maximum):
            Localized(
                en:
                    "--text is \(count) characters; a Kakao text message holds at most \(maximum) (a --template can carry a longer feed or list message)",
                ko:
                    "--text가 \(count)자입니다. 카카오 텍스트 메시지는 최대 \(maximum)자입니다(더 긴 메시지는 --template으로 피드나 리스트 메시지로 보낼 수 있습니다)"
            )
        case .keyTwice(let flag, let key):
            Localized(en: "\(flag) \(key)= is given twice", ko: "\(flag) \(key)=이(가) 두 번 주어졌습니다")
        case .templateID(let given):
            Localized(
                en: "--template-id needs a template ID (a positive whole number), not '\(given)'",
                ko: "--template-id에는 '\(given)'이(가) 아니라 템플릿 ID(양의 정수)가 필요합니다")
        case .notAWebURL(let flag, let given):
            Localized(
                en: "\(flag) needs an http or https URL, not '\(given)'",
                ko: "\(flag)에는 '\(given)'이(가) 아니라 http나 https URL이 필요합니다")
        case .linkDefaultNeedsTemplate:
            Localized(
                en:
                    "'kauth link default' needs --template FILE (or - for standard input); start from `kauth link template new feed`",
                ko:
                    "'kauth link default'에는 --template FILE(표준 입력은 -)이 필요합니다. `kauth link template new feed`로 시작해 보십시오")
        case .linkCustomNeedsTemplateID:
            Localized(
                en:
                    "'kauth link custom' needs --template-id N: the ID of a template from the console's message template builder",
                ko: "'kauth link custom'에는 --template-id N이 필요합니다: 콘솔의 메시지 템플릿 도구에서 만든 템플릿의 ID입니다")
        case .linkScrapNeedsURL:
            Localized(
                en: "'kauth link scrap' needs --url URL: the page to share",
                ko: "'kauth link scrap'에는 --url URL이 필요합니다: 공유할 페이지입니다")
        case .cannotReadImage(let path, let reason):
            Localized(en: "cannot read '\(path)': \(reason)", ko: "'\(path)'을(를) 읽을 수 없습니다: \(reason)")
        case .noSuchImage(let path):
            Localized(en: "cannot read '\(path)': no such file", ko: "'\(path)'을(를) 읽을 수 없습니다: 파일이 없습니다")
        case .imageTooLarge(let path, let bytes, let maximum):
            Localized(
                en:
                    "'\(path)' is \(bytes) bytes; Kakao takes images of at most \(maximum) bytes (2 MB): nothing was sent",
                ko: "'\(path)'은(는) \(bytes)바이트입니다. 카카오는 최대 \(maximum)바이트(2 MB)의 이미지만 받습니다. 아무것도 보내지 않았습니다")
        case .notAnImage(let path):
            Localized(
                en: "'\(path)' is not a PNG, JPEG or GIF image (judged by its content): nothing was sent",
                ko: "'\(path)'은(는) PNG, JPEG, GIF 이미지가 아닙니다(내용으로 판단). 아무것도 보내지 않았습니다")
        case .unknownTemplateType(let given, let known):
            Localized(
                en: "unknown template type '\(given)'; use one of: \(known.joined(separator: ", "))",
                ko: "알 수 없는 템플릿 유형 '\(given)'입니다. 다음 중 하나를 쓰십시오: \(known.joined(separator: ", "))")
        case .resultCode(let code):
            Localized(
                en: "Kakao answered result_code \(code) instead of 0; the message may not have been sent",
                ko: "카카오가 0이 아닌 result_code \(code)(으)로 응답했습니다. 메시지가 보내지지 않았을 수 있습니다")
        case .sendNeedsRecipients:
            Localized(
                en: "'kauth talk send' needs --to UUID[,UUID…]: the friends' uuids from `kauth talk friends`",
                ko: "'kauth talk send'에는 --to UUID[,UUID…]가 필요합니다: `kauth talk friends`가 보여주는 친구의 uuid입니다")
        case .notAFriendUUID(let given):
            Localized(
                en:
                    "--to: '\(given.visible)' is not a friend's uuid (letters, digits, - and _, as `kauth talk friends` shows them)",
                ko:
                    "--to: '\(given.visible)'은(는) 친구의 uuid가 아닙니다(영문자, 숫자, -, _로 이루어지며 `kauth talk friends`가 보여줍니다)")
        case .tooManyRecipients(let count, let maximum):
            Localized(
                en: "--to names \(count) friends; Kakao takes at most \(maximum) per message: send it in several runs",
                ko: "--to에 친구가 \(count)명입니다. 카카오는 메시지 하나에 최대 \(maximum)명까지 받습니다. 여러 번 나누어 보내십시오")
        }
    }

    /// A template file quoted, or "from standard input" for `-`.
    private static func template(_ source: String) -> Localized {
        source == "-" ? Localized(en: "from standard input", ko: "(표준 입력)") : .verbatim("'\(source)'")
    }
}
