import KakaoAPI

/// Words of the failures of Kakao's product APIs: the shipping-address picker (배송지 피커) that
/// ended without an address or came back with Kakao's `KAE` code, and sharing that refused a
/// template before sending. `command` hints are `Invocation`s, with `--profile` when given.
enum ProductErrorWords: Message {
    case pickerTimedOut(seconds: Int, provider: String)
    case pickerInterrupted
    case pickerTakeover
    /// `code`: Kakao's `error_code` as sent (empty when none came); `meaning`: what kauth knows of it.
    case pickerFailed(code: String, message: String?, meaning: Localized?)
    case pickerNoAgentToken(path: String, status: Int)
    case pickerAgentTokenUnreadable(path: String, status: Int)
    case pickerAddressNotReturned(id: Int64)
    /// Why a picker may never come back, and what to try in the console; `portFlag`: the running
    /// command takes `--port`.
    case noPickerAnswer(provider: String, returnOrigin: String, fixedPort: Bool, registration: String, portFlag: Bool)
    /// `problems`: each problem at its JSON path, in both languages.
    case invalidTemplate(problems: [Localized])
    case userTokenCall

    var localized: Localized {
        switch self {
        case .pickerTimedOut(let seconds, let provider):
            // Nothing tells a closed page from one that stopped on an error of the provider's, so
            // no console setting is named: the page in the browser says which it was.
            Localized(
                en:
                    "no answer came back from the address picker within \(seconds) s: the picker was closed, or \(provider.visible) showed a page of its own instead of sending the browser back (an error on that page says what went wrong). Run the command again (--timeout SECONDS gives more time).",
                ko:
                    "\(seconds)초 안에 배송지 피커에서 응답이 오지 않았습니다. 피커를 닫았거나, \(provider.visible)이(가) 브라우저를 돌려보내지 않고 자체 페이지를 보여주었습니다(그 페이지의 오류가 원인을 알려줍니다). 명령을 다시 실행하십시오(--timeout SECONDS로 시간을 늘릴 수 있습니다)."
            )
        case .pickerInterrupted:
            Localized(
                en: "the address picker was interrupted; nothing was chosen",
                ko: "배송지 피커가 중단되었습니다. 아무것도 선택하지 않았습니다")
        case .pickerTakeover:
            Localized(
                en:
                    "the address picker was stopped: its single-use start link was opened twice, so another program on this machine may have tried to take it over; nothing was chosen. Run the command again",
                ko:
                    "배송지 피커를 멈췄습니다. 한 번만 쓸 수 있는 시작 링크가 두 번 열려, 이 컴퓨터의 다른 프로그램이 가로채려 했을 수 있습니다. 아무것도 선택하지 않았습니다. 명령을 다시 실행하십시오"
            )
        case .pickerFailed(let code, let message, let meaning):
            Self.pickerFailed(code: code, message: message, meaning: meaning)
        case .pickerNoAgentToken(let path, let status):
            ProviderErrorWords.unexpectedResponse(
                what: Localized(
                    en: "\(path) answered \(status) without an agt", ko: "\(path)이(가) agt 없이 \(status)(으)로 응답했습니다")
            ).localized
        case .pickerAgentTokenUnreadable(let path, let status):
            ProviderErrorWords.unexpectedResponse(
                what: Localized(
                    en: "\(path) answered HTTP \(status) without an error kauth can read",
                    ko: "\(path)이(가) kauth가 읽을 수 있는 오류 없이 HTTP \(status)(으)로 응답했습니다")
            ).localized
        case .pickerAddressNotReturned(let id):
            ProviderErrorWords.unexpectedResponse(
                what: Localized(
                    en: "the picker chose address \(id), but /v1/user/shipping_address did not return it",
                    ko: "피커가 배송지 \(id)을(를) 선택했지만 /v1/user/shipping_address가 그 배송지를 돌려주지 않았습니다")
            ).localized
        case .noPickerAnswer(let provider, let returnOrigin, let fixedPort, let registration, let portFlag):
            Self.noPickerAnswer(
                provider: provider, returnOrigin: returnOrigin, fixedPort: fixedPort, registration: registration,
                portFlag: portFlag)
        case .invalidTemplate(let problems):
            Localized(
                en:
                    "the template has \(problems.count == 1 ? "a problem" : "\(problems.count) problems"); nothing was sent:\n",
                ko: "템플릿에 문제가 \(problems.count)개 있습니다. 아무것도 보내지 않았습니다:\n")
                + Localized(
                    en: problems.map { "  \($0.english.visible)" }.joined(separator: "\n"),
                    ko: problems.map { "  \($0.korean.visible)" }.joined(separator: "\n"))
        case .userTokenCall:
            Localized(
                en: "share calls are made with the app key, not a user token",
                ko: "공유 API는 사용자 토큰이 아니라 앱 키로 호출합니다")
        }
    }

    private static func pickerFailed(code: String, message: String?, meaning: Localized?) -> Localized {
        let shown = code.isEmpty ? nil : code.visible
        let said = message.flatMap { $0.isEmpty ? nil : ": \($0.visible)" } ?? ""
        let head = Localized(
            en: "the address picker failed (\(shown ?? "no error code")\(said))",
            ko: "배송지 피커가 실패했습니다(\(shown ?? "오류 코드 없음")\(said))")
        guard let meaning else {
            return head + Localized(en: "; kauth does not know this code", ko: ". kauth가 모르는 코드입니다")
        }
        return head + Localized(en: ": ", ko: ": ") + meaning
    }

    private static func noPickerAnswer(
        provider: String, returnOrigin: String, fixedPort: Bool, registration: String, portFlag: Bool
    ) -> Localized {
        let lead = Localized(
            en:
                "\(provider.visible) may refuse to send the browser back to this machine (whether it accepts a return URL on 127.0.0.1 is unconfirmed): ",
            ko: "\(provider.koreanName)이(가) 브라우저를 이 컴퓨터로 돌려보내지 않을 수 있습니다(127.0.0.1의 반환 URL을 받는지는 확인되지 않았습니다). ")
        if fixedPort {
            return lead
                + Localized(
                    en: "register \(returnOrigin) as a site domain of the app (\(registration)).",
                    ko: "\(returnOrigin)을(를) 앱의 사이트 도메인으로 등록하십시오(\(registration)).")
        }
        let flag = portFlag ? "--port N or KAUTH_REDIRECT_PORT=N" : "KAUTH_REDIRECT_PORT=N"
        let koreanFlag = portFlag ? "--port N 또는 KAUTH_REDIRECT_PORT=N" : "KAUTH_REDIRECT_PORT=N"
        return lead
            + Localized(
                en:
                    "pick a fixed port with \(flag) and register http://127.0.0.1:N as a site domain of the app (\(registration)); the free port used this time changes on every run.",
                ko:
                    "\(koreanFlag)(으)로 고정 포트를 고르고 http://127.0.0.1:N을 앱의 사이트 도메인으로 등록하십시오(\(registration)). 이번에 쓴 빈 포트는 실행할 때마다 바뀝니다."
            )
    }
}

/// What each of Kakao's `KAE` codes means, and what to do about it; the kauth commands it names
/// carry `--profile` when the user gave one.
enum KakaoAppsErrorWords: Message {
    case meaning(KakaoAppsError, profileFlag: String?)

    var localized: Localized {
        let (error, profile): (KakaoAppsError, String?) =
            switch self {
            case .meaning(let error, let profile): (error, profile)
            }
        func command(_ words: String) -> Invocation {
            Invocation("kauth \(words)\(profile.map { " --profile \($0)" } ?? "")")
        }
        switch error {
        case .internalError:
            return Localized(en: "an error inside Kakao; try again later", ko: "카카오 내부 오류입니다. 잠시 뒤에 다시 시도하십시오")
        case .invalidRequest: return Localized(en: "Kakao found the request malformed", ko: "카카오가 요청 형식이 잘못되었다고 판단했습니다")
        case .invalidParameter:
            return Localized(
                en:
                    "Kakao refused a parameter; for the return URL, its domain must be registered for the app (\(KakaoAppsError.returnURLRegistration))",
                ko: "카카오가 파라미터를 거부했습니다. 반환 URL이라면 그 도메인을 앱에 등록해야 합니다(\(KakaoAppsError.returnURLRegistration))")
        case .timeExpired:
            return Localized(
                en: "the picker's session expired before the page was used; run the command again",
                ko: "페이지를 쓰기 전에 피커의 세션이 만료되었습니다. 명령을 다시 실행하십시오")
        case .invalidChannel:
            return Localized(
                en: "Kakao could not find the Kakao Talk channel information", ko: "카카오가 카카오톡 채널 정보를 찾지 못했습니다")
        case .illegalStateChannel:
            return Localized(en: "the Kakao Talk channel cannot be added now", ko: "지금은 카카오톡 채널을 추가할 수 없습니다")
        case .unsupportedBrowser:
            return Localized(
                en: "Kakao does not support this browser; set BROWSER to another one",
                ko: "카카오가 이 브라우저를 지원하지 않습니다. BROWSER를 다른 브라우저로 설정하십시오")
        case .appType:
            return Localized(
                en:
                    "the app's type may not use this page: adding and editing addresses are for Kakao's own and affiliated apps",
                ko: "이 앱 유형은 이 페이지를 쓸 수 없습니다. 배송지 추가와 수정은 카카오와 제휴 앱만 쓸 수 있습니다")
        case .consentItemNotSet:
            return Localized(
                en:
                    "the app has not set up the consent item the page needs: Kakao Developers console → your app → Kakao Login → Consent items → Shipping address",
                ko:
                    "앱이 이 페이지에 필요한 동의항목을 설정하지 않았습니다: 카카오디벨로퍼스 콘솔 → 내 애플리케이션 → 카카오 로그인 → 동의항목 → 배송지")
        case .permission:
            return Localized(
                en: "the app has no permission for this page; request it in the Kakao Developers console",
                ko: "앱에 이 페이지의 권한이 없습니다. 카카오디벨로퍼스 콘솔에서 신청하십시오")
        case .wrongKeyType:
            return Localized(
                en: "an app key of the wrong type was sent: kauth sends the client id (the REST API key) as app_key",
                ko: "잘못된 유형의 앱 키를 보냈습니다. kauth는 클라이언트 ID(REST API 키)를 app_key로 보냅니다")
        case .channelNotConnected:
            return Localized(
                en: "the Kakao Talk channel is not connected to the app", ko: "카카오톡 채널이 앱에 연결되어 있지 않습니다")
        case .userAuthenticationFailed:
            return Localized(
                en:
                    "Kakao could not authenticate the user (the one-time AGT was refused, used or expired); run the command again, or \(command("login")) if it keeps failing",
                ko:
                    "카카오가 사용자를 인증하지 못했습니다(일회용 AGT가 거부되었거나 이미 쓰였거나 만료됨). 명령을 다시 실행하고, 계속 실패하면 \(command("login"))을(를) 실행하십시오"
            )
        case .userNotLinked:
            return Localized(
                en: "the user is not linked to the app; run \(command("login"))",
                ko: "사용자가 앱에 연결되어 있지 않습니다. \(command("login"))을(를) 실행하십시오")
        case .consentNotAgreed:
            return Localized(
                en: "the user has not agreed to shipping_address; run \(command("scopes request shipping_address"))",
                ko: "사용자가 shipping_address(배송지)에 동의하지 않았습니다. \(command("scopes request shipping_address"))을(를) 실행하십시오")
        case .termsNotAgreed:
            return Localized(
                en:
                    "the user has not agreed to let their Kakao Account keep shipping addresses; they must agree in their Kakao Account first",
                ko: "사용자가 카카오계정에 배송지를 보관하는 데 동의하지 않았습니다. 먼저 카카오계정에서 동의해야 합니다")
        case .loginRequired:
            return Localized(
                en:
                    "the page needs a logged-in Kakao Account and got none (its session comes from the one-time AGT); run the command again",
                ko: "페이지에 로그인된 카카오계정이 필요한데 없습니다(세션은 일회용 AGT에서 옵니다). 명령을 다시 실행하십시오")
        case .unregisteredAddress:
            return Localized(
                en: "no shipping address of the user has that id; \(command("shipping")) lists them",
                ko: "사용자의 배송지 중 그 ID를 가진 것이 없습니다. \(command("shipping"))이(가) 배송지 목록을 보여줍니다")
        }
    }
}
