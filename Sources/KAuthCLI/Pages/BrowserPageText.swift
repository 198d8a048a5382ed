/// The words of one page in one language. Plain text throughout: `BrowserPages` escapes every
/// string when it writes the HTML, so nothing here can inject markup.
struct PageText: Equatable {
    /// The tab title, before " — kauth".
    var title: String
    var heading: String
    var blocks: [Block]

    enum Block: Equatable {
        case paragraph([Inline])
        /// What the provider said, shown apart so it reads as a quotation, not as kauth's words.
        case providerAnswer(label: String, error: String, description: String?)
    }

    enum Inline: Equatable {
        case text(String)
        /// Something to type in the terminal, set in monospace.
        case command(String)
    }
}

/// English and Korean side by side, page by page, so a reviewer reads each pair together.
///
/// The Korean is written, not translated: polite 합니다/하세요 forms, and only the particles 에,
/// 에서 and 의 after a provider's name, since those do not change with the name's last sound
/// (을/를, 이/가 would be wrong for half the names).
enum BrowserPageText {
    static func text(_ page: BrowserPage, in language: PageLanguage) -> PageText {
        let english = language == .english
        switch page {
        case .loggedIn(let provider):
            let name = providerName(provider, in: language)
            return english
                ? PageText(
                    title: "Logged in", heading: "You are logged in to \(name)",
                    blocks: [
                        .paragraph([
                            .text("kauth has what it needs. You can close this tab and return to the terminal.")
                        ])
                    ])
                : PageText(
                    title: "로그인 완료", heading: "\(name)에 로그인했습니다",
                    blocks: [
                        .paragraph([.text("필요한 정보를 모두 받았습니다. 이제 이 탭을 닫고 터미널로 돌아가셔도 됩니다.")])
                    ])

        case .loginFailed(let provider, let error, let description):
            let name = providerName(provider, in: language)
            return english
                ? PageText(
                    title: "Login failed", heading: "Login to \(name) failed",
                    blocks: [
                        .providerAnswer(label: "\(name) answered:", error: error, description: description),
                        .paragraph([.text("Return to the terminal to see what to do next.")])
                    ])
                : PageText(
                    title: "로그인 실패", heading: "\(name) 로그인에 실패했습니다",
                    blocks: [
                        .providerAnswer(label: "\(name)에서 보낸 응답:", error: error, description: description),
                        .paragraph([.text("터미널로 돌아가 다음 안내를 확인하세요.")])
                    ])

        case .exchangeFailed(let provider):
            let name = providerName(provider, in: language)
            return english
                ? PageText(
                    title: "Login failed", heading: "Login to \(name) failed",
                    blocks: [
                        .paragraph([
                            .text(
                                "\(name) sent you back to kauth, but kauth could not finish the login with it. Look at the terminal for what went wrong and what to do next."
                            )
                        ])
                    ])
                : PageText(
                    title: "로그인 실패", heading: "\(name) 로그인에 실패했습니다",
                    blocks: [
                        .paragraph([.text("\(name)에서 돌아왔지만 로그인을 마무리하지 못했습니다. 원인과 해결 방법은 터미널에서 확인하세요.")])
                    ])

        case .notThisLogin:
            return english
                ? PageText(
                    title: "Request ignored", heading: "This is not the login kauth is waiting for",
                    blocks: [
                        .paragraph([
                            .text("The request did not carry the state of the login in progress, so kauth ignored it.")
                        ]),
                        .paragraph([.text("The login is still waiting. Return to the terminal.")])
                    ])
                : PageText(
                    title: "요청 무시됨", heading: "진행 중인 로그인의 요청이 아닙니다",
                    blocks: [
                        .paragraph([.text("이 요청에는 지금 진행 중인 로그인의 확인 값(state)이 없어서 무시했습니다.")]),
                        .paragraph([.text("로그인은 계속 진행 중입니다. 터미널로 돌아가세요.")])
                    ])

        case .incomplete:
            return english
                ? PageText(
                    title: "Incomplete answer", heading: "The answer is incomplete",
                    blocks: [
                        .paragraph([
                            .text(
                                "The redirect reached kauth with neither an authorization code nor an error, so there is nothing to act on."
                            )
                        ]),
                        .paragraph([.text("The login is still waiting. Return to the terminal.")])
                    ])
                : PageText(
                    title: "불완전한 응답", heading: "응답에 필요한 내용이 없습니다",
                    blocks: [
                        .paragraph([.text("돌아온 요청에 인증 코드도 오류도 없어서 처리할 수 없었습니다.")]),
                        .paragraph([.text("로그인은 계속 진행 중입니다. 터미널로 돌아가세요.")])
                    ])

        case .alreadyFinished:
            return english
                ? PageText(
                    title: "Login already finished", heading: "This login has already finished",
                    blocks: [
                        .paragraph([
                            .text(
                                "kauth already has this login's answer and did not use this one. Return to the terminal."
                            )
                        ])
                    ])
                : PageText(
                    title: "이미 끝난 로그인", heading: "이 로그인은 이미 끝났습니다",
                    blocks: [
                        .paragraph([.text("이 로그인의 응답을 이미 받았으므로 이번 응답은 사용하지 않았습니다. 터미널로 돌아가세요.")])
                    ])

        case .timedOut:
            return english
                ? PageText(
                    title: "Login timed out", heading: "This login timed out",
                    blocks: [
                        .paragraph([
                            .text("kauth stopped waiting for the answer. To log in, run "), .command("kauth login"),
                            .text(" again in the terminal.")
                        ])
                    ])
                : PageText(
                    title: "로그인 시간 초과", heading: "로그인 시간이 초과되었습니다",
                    blocks: [
                        .paragraph([
                            .text("더 이상 응답을 기다리지 않습니다. 로그인하려면 터미널에서 "), .command("kauth login"), .text("을 다시 실행하세요.")
                        ])
                    ])

        case .takeoverSuspected:
            return english
                ? PageText(
                    title: "Login stopped", heading: "kauth stopped this login",
                    blocks: [
                        .paragraph([
                            .text(
                                "This login's start link works only once, and it was opened a second time. Someone else may have tried to take over the login, so kauth stopped it."
                            )
                        ]),
                        .paragraph([.text("To log in, run "), .command("kauth login"), .text(" again in the terminal.")]
                        )
                    ])
                : PageText(
                    title: "로그인 중단됨", heading: "안전을 위해 로그인을 중단했습니다",
                    blocks: [
                        .paragraph([
                            .text("로그인 시작 링크는 한 번만 쓸 수 있는데 한 번 더 열렸습니다. 다른 사람이 로그인을 가로채려 했을 수 있어 이 로그인을 중단했습니다.")
                        ]),
                        .paragraph([.text("로그인하려면 터미널에서 "), .command("kauth login"), .text("을 다시 실행하세요.")])
                    ])

        }
    }

    /// Korean readers know Kakao as 카카오; other names are brand names kept as written.
    static func providerName(_ displayName: String, in language: PageLanguage) -> String {
        guard language == .korean else { return displayName }
        return koreanProviderNames[displayName] ?? displayName
    }

    private static let koreanProviderNames = ["Kakao": "카카오"]
}
