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

extension PageText {
    /// A page of the catalogue's words in `language`.
    init(_ language: Language, title: PageWords, heading: PageWords, blocks: [Block]) {
        self.init(title: title.text(language), heading: heading.text(language), blocks: blocks)
    }

    /// A paragraph of `words`, each command in it (an `Invocation`, between backticks) set
    /// apart in monospace.
    static func paragraph(_ words: PageWords, _ language: Language) -> Block {
        let parts = words.text(language).split(separator: "`", omittingEmptySubsequences: false)
        return .paragraph(
            parts.enumerated().compactMap { index, part in
                if part.isEmpty { return nil }
                return index % 2 == 0 ? .text(String(part)) : .command(String(part))
            })
    }
}

/// The words of each page of a login's listener, from the catalogue (`PageWords`).
enum BrowserPageText {
    static func text(_ page: BrowserPage, in language: Language) -> PageText {
        func paragraph(_ words: PageWords) -> PageText.Block { PageText.paragraph(words, language) }
        switch page {
        case .loggedIn(let provider):
            return PageText(
                language, title: .loggedInTitle, heading: .loggedInHeading(provider: provider),
                blocks: [paragraph(.loggedInBody)])
        case .loginFailed(let provider, let error, let description):
            return PageText(
                language, title: .loginFailedTitle, heading: .loginFailedHeading(provider: provider),
                blocks: [
                    .providerAnswer(
                        label: PageWords.providerAnswered(provider: provider).text(language), error: error,
                        description: description),
                    paragraph(.returnForNextSteps)
                ])
        case .wrongIssuer(let provider, let expected, let got):
            return PageText(
                language, title: .loginFailedTitle, heading: .loginFailedHeading(provider: provider),
                blocks: [
                    .providerAnswer(
                        label: PageWords.providerAnswered(provider: provider).text(language), error: "invalid_issuer",
                        description: PageWords.wrongIssuer(expected: expected, got: got).text(language)),
                    paragraph(.returnForNextSteps)
                ])
        case .exchangeFailed(let provider):
            return PageText(
                language, title: .loginFailedTitle, heading: .loginFailedHeading(provider: provider),
                blocks: [paragraph(.exchangeFailedBody(provider: provider))])
        case .notThisLogin:
            return PageText(
                language, title: .notThisLoginTitle, heading: .notThisLoginHeading,
                blocks: [paragraph(.notThisLoginBody), paragraph(.loginStillWaiting)])
        case .incomplete:
            return PageText(
                language, title: .incompleteTitle, heading: .incompleteHeading,
                blocks: [paragraph(.incompleteBody), paragraph(.loginStillWaiting)])
        case .alreadyFinished:
            return PageText(
                language, title: .alreadyFinishedTitle, heading: .alreadyFinishedHeading,
                blocks: [paragraph(.alreadyFinishedBody)])
        case .timedOut:
            return PageText(
                language, title: .timedOutTitle, heading: .timedOutHeading,
                blocks: [paragraph(.timedOutBody(Invocation("kauth login")))])
        case .takeoverSuspected:
            return PageText(
                language, title: .takeoverTitle, heading: .takeoverHeading,
                blocks: [paragraph(.takeoverBody), paragraph(.logInAgain(Invocation("kauth login")))])
        }
    }
}
