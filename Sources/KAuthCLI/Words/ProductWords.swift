/// Words of the commands on Kakao's user products: `scopes`, `terms`, `shipping`, `talk friends`.
enum ProductWords: Message {
    case revoked([String])
    case noTermsInApp
    case noTermsAgreed
    case friendsStoppedEarly(pages: Int)
    case moreFriends
    case moreAddresses
    case notAConsentItem(String, closest: [String])
    case scopeNotAgreed(String)
    case scopeRequired(String)
    case notAServiceTerm(String)
    case termNotAgreed(String)
    case termRequired(String)
    case propertiesSet([String])
    case signedUp
    case alreadySignedUp
    /// A busy provider's answer is retried (on a terminal only).
    case providerBusy(attempt: Int, attempts: Int)

    var localized: Localized {
        switch self {
        case .revoked(let ids):
            let list = ids.map(\.visible).joined(separator: " ")
            return Localized(en: "Revoked: \(list)\n", ko: "동의 철회함: \(list)\n")
        case .noTermsInApp:
            return Localized(en: "The app has no service terms.\n", ko: "앱에 서비스 약관이 없습니다.\n")
        case .noTermsAgreed:
            return Localized(
                en: "No service terms agreed; `kauth terms --app` lists the app's terms.\n",
                ko: "동의한 서비스 약관이 없습니다. `kauth terms --app`으로 앱의 서비스 약관을 볼 수 있습니다.\n")
        case .friendsStoppedEarly(let pages):
            return Localized(
                en:
                    "warning: stopped after \(pages) pages although Kakao announced more (its next page did not move on, or the page limit was reached)\n",
                ko: "경고: 카카오가 다음 페이지가 있다고 알렸지만 \(pages)페이지에서 멈췄습니다 (다음 페이지가 나아가지 않았거나 페이지 한도에 닿았습니다)\n")
        case .moreFriends:
            return Localized(
                en: "More friends follow; --all lists every page.\n", ko: "친구가 더 있습니다. --all로 모든 페이지를 볼 수 있습니다.\n")
        case .moreAddresses:
            return Localized(
                en: "More addresses follow; --all lists every page.\n", ko: "배송지가 더 있습니다. --all로 모든 페이지를 볼 수 있습니다.\n")
        case .notAConsentItem(let id, let closest):
            let list = closest.joined(separator: ", ")
            return Localized(
                en:
                    "'\(id.visible)' is not a consent item of this app\(closest.isEmpty ? "" : " (did you mean \(list)?)"); see `kauth scopes`",
                ko:
                    "'\(id.visible)'은(는) 이 앱의 동의항목이 아닙니다\(closest.isEmpty ? "" : " (\(list)을(를) 말씀하신 건가요?)"). `kauth scopes`로 확인하십시오"
            )
        case .scopeNotAgreed(let id):
            return Localized(
                en: "'\(id)' is not agreed, so there is nothing to revoke",
                ko: "'\(id)'에 동의하지 않은 상태라 철회할 것이 없습니다")
        case .scopeRequired(let id):
            return Localized(
                en:
                    "'\(id)' cannot be revoked: the app requires it (unlink the app with `kauth unlink` to withdraw every consent)",
                ko: "'\(id)'은(는) 앱의 필수 항목이라 철회할 수 없습니다 (모든 동의를 철회하려면 `kauth unlink`로 연결을 끊으십시오)")
        case .notAServiceTerm(let tag):
            return Localized(
                en: "'\(tag.visible)' is not a service term of this app; see `kauth terms --app`",
                ko: "'\(tag.visible)'은(는) 이 앱의 서비스 약관이 아닙니다. `kauth terms --app`으로 확인하십시오")
        case .termNotAgreed(let tag):
            return Localized(
                en: "'\(tag.visible)' is not agreed, so there is nothing to revoke",
                ko: "'\(tag.visible)'에 동의하지 않은 상태라 철회할 것이 없습니다")
        case .termRequired(let tag):
            return Localized(
                en:
                    "'\(tag.visible)' cannot be revoked: the app requires it (unlink the app with `kauth unlink` to withdraw every consent)",
                ko: "'\(tag.visible)'은(는) 앱의 필수 약관이라 철회할 수 없습니다 (모든 동의를 철회하려면 `kauth unlink`로 연결을 끊으십시오)")
        case .providerBusy(let attempt, let attempts):
            return Localized(
                en: "provider busy, retrying (\(attempt)/\(attempts))…\n",
                ko: "제공자 서버가 바빠 다시 시도합니다 (\(attempt)/\(attempts))…\n")
        case .propertiesSet(let keys):
            let list = keys.map(\.visible).joined(separator: ", ")
            return Localized(en: "Set \(list).\n", ko: "사용자 프로퍼티를 저장했습니다: \(list).\n")
        case .signedUp:
            return Localized(
                en: "Signed up: the user is now linked to the app.\n", ko: "가입 완료: 이제 사용자가 앱과 연결되었습니다.\n")
        case .alreadySignedUp:
            return Localized(
                en: "Already linked: the user is signed up to the app (nothing to do).\n",
                ko: "이미 연결되어 있습니다: 사용자가 앱에 가입되어 있습니다 (할 일이 없습니다).\n")
        }
    }
}
