/// Words of `kauth me`: the names of the profile's rows and its notes. The values are the
/// provider's, shown as sent.
enum MeWords: Message {
    case id, nickname, email, name, phone, ageRange, birthday, birthYear, gender, profileImage
    case connectedAt, signedUp
    case verified(String)
    case signedUpYes
    case signedUpNo
    case needsAgreement([String])
    case noIDToken

    var localized: Localized {
        switch self {
        case .id: return Localized(en: "id", ko: "ID")
        case .nickname: return Localized(en: "nickname", ko: "닉네임")
        case .email: return Localized(en: "email", ko: "이메일")
        case .name: return Localized(en: "name", ko: "이름")
        case .phone: return Localized(en: "phone", ko: "전화번호")
        case .ageRange: return Localized(en: "age range", ko: "연령대")
        case .birthday: return Localized(en: "birthday", ko: "생일")
        case .birthYear: return Localized(en: "birth year", ko: "출생 연도")
        case .gender: return Localized(en: "gender", ko: "성별")
        case .profileImage: return Localized(en: "profile image", ko: "프로필 사진")
        case .connectedAt: return Localized(en: "connected at", ko: "연결 시각")
        case .signedUp: return Localized(en: "signed up", ko: "가입 완료")
        case .verified(let email): return Localized(en: "\(email) (verified)", ko: "\(email) (인증됨)")
        case .signedUpYes: return Localized(en: "yes", ko: "예")
        case .signedUpNo: return Localized(en: "no (run `kauth signup`)", ko: "아니요 (`kauth signup`을 실행하십시오)")
        case .needsAgreement(let items):
            let list = items.map(\.visible).joined(separator: ", ")
            return Localized(en: "needs agreement: \(list)\n", ko: "동의가 필요한 항목: \(list)\n")
        case .noIDToken:
            return Localized(
                en: "no ID token is stored to check userinfo against; log in with `kauth login --openid`",
                ko: "userinfo를 확인할 ID 토큰이 저장되어 있지 않습니다. `kauth login --openid`로 로그인하십시오")
        }
    }
}
