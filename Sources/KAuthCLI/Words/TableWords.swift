/// Column headers of kauth's tables, and the values they share (`yes`, `no`). Headers are words
/// for people and change with the language; `--json` keys never do.
enum TableWords: Message {
    case id, name, type, agreed, revocable, using
    case tag, required, agreedAt, by
    case uuid, nickname, favorite, messages
    case isDefault, receiver, zone, address
    case yes, no

    var localized: Localized {
        switch self {
        case .id: Localized(en: "ID", ko: "ID")
        case .name: Localized(en: "NAME", ko: "이름")
        case .type: Localized(en: "TYPE", ko: "유형")
        case .agreed: Localized(en: "AGREED", ko: "동의")
        case .revocable: Localized(en: "REVOCABLE", ko: "철회 가능")
        case .using: Localized(en: "USING", ko: "사용 중")
        case .tag: Localized(en: "TAG", ko: "태그")
        case .required: Localized(en: "REQUIRED", ko: "필수")
        case .agreedAt: Localized(en: "AGREED AT", ko: "동의 시각")
        case .by: Localized(en: "BY", ko: "동의 경로")
        case .uuid: Localized(en: "UUID", ko: "UUID")
        case .nickname: Localized(en: "NICKNAME", ko: "닉네임")
        case .favorite: Localized(en: "FAVORITE", ko: "즐겨찾기")
        case .messages: Localized(en: "MESSAGES", ko: "메시지 수신")
        case .isDefault: Localized(en: "DEFAULT", ko: "기본")
        case .receiver: Localized(en: "RECEIVER", ko: "수령인")
        case .zone: Localized(en: "ZONE", ko: "우편번호")
        case .address: Localized(en: "ADDRESS", ko: "주소")
        case .yes: Localized(en: "yes", ko: "예")
        case .no: Localized(en: "no", ko: "아니요")
        }
    }

    static func yesNo(_ value: Bool) -> TableWords { value ? .yes : .no }
}
