/// Words of `kauth talk` (나에게 보내기, messages to friends) and of the share warnings `kauth link`
/// passes on.
enum TalkWords: Message {
    case sentToMe(profile: String)
    case receiver, result
    case sent
    case notSent(String)
    /// Why a receiver was not reached, when Kakao's answer named it neither as sent nor as failed.
    case listedNeither
    /// Kakao said why a receiver was not reached, without a code or without a message.
    case noCode, noMessage
    case noReceiverNamed
    case notReached(missed: Int, of: Int, each: [String])
    case shareWarning(key: String, message: String)

    var localized: Localized {
        switch self {
        case .sentToMe(let profile):
            return Localized(
                en: "Sent the message to your Kakao Talk chat (profile '\(profile)').\n",
                ko: "나에게 보내기로 카카오톡 메시지를 보냈습니다 (프로필 '\(profile)').\n")
        case .receiver: return Localized(en: "RECEIVER", ko: "받는 사람")
        case .result: return Localized(en: "RESULT", ko: "결과")
        case .sent: return Localized(en: "sent", ko: "보냄")
        case .listedNeither:
            return Localized(
                en: "Kakao listed it neither as sent nor as failed", ko: "카카오가 보냄으로도 실패로도 알려 주지 않았습니다")
        case .noCode: return Localized(en: "no code", ko: "코드 없음")
        case .noMessage: return Localized(en: "no message", ko: "메시지 없음")
        case .notSent(let reason): return Localized(en: "not sent: \(reason)", ko: "보내지 못함: \(reason)")
        case .noReceiverNamed:
            return Localized(
                en: "error: Kakao named no receiver the message was sent to\n",
                ko: "오류: 카카오가 메시지를 받은 사람을 한 명도 알려 주지 않았습니다\n")
        case .notReached(let missed, let total, let each):
            let list = each.joined(separator: "; ")
            return Localized(
                en: "error: the message did not reach \(missed) of \(total) friend\(total == 1 ? "" : "s"): \(list)\n",
                ko: "오류: 친구 \(total)명 중 \(missed)명에게 메시지가 전달되지 않았습니다: \(list)\n")
        case .shareWarning(let key, let message):
            return Localized(
                en: "warning: \(key.visible): \(message.visible)\n", ko: "경고: \(key.visible): \(message.visible)\n")
        }
    }
}
