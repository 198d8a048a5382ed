/// One sentence in both of kauth's languages. The initializer takes both texts, so a message
/// without its Korean does not compile. Messages are values of an area's catalogue (`Words/`),
/// found by what they say; commands hand facts to the catalogue and print what it returns.
///
/// Placeholders are interpolated from typed values (`Invocation` for a command to run, a count,
/// a profile name) so that both texts print them alike.
struct Localized: Sendable, Equatable {
    var english: String
    var korean: String

    init(en english: String, ko korean: String) {
        self.english = english
        self.korean = korean
    }

    func text(_ language: Language) -> String {
        switch language {
        case .english: english
        case .korean: korean
        }
    }

    /// Two sentences one after the other, in each language.
    static func + (lhs: Localized, rhs: Localized) -> Localized {
        Localized(en: lhs.english + rhs.english, ko: lhs.korean + rhs.korean)
    }

    /// What `say` says in each language: a text made by code that speaks either (a table, an
    /// error's message), so that it can stand where a message is expected.
    static func inEachLanguage(_ say: (Language) -> String) -> Localized {
        Localized(en: say(.english), ko: say(.korean))
    }

    /// The same words in both languages: a value that is not a sentence (a name, a path, text a
    /// provider sent), so that it can stand where a message is expected.
    static func verbatim(_ text: String) -> Localized {
        Localized(en: text, ko: text)
    }
}

/// A catalogue entry: an area's enum of messages (`LoginWords.opening(url:)`), each case the facts
/// its sentence needs, `localized` the sentence in both languages (an exhaustive switch: a new
/// case without words does not compile).
protocol Message: Sendable {
    var localized: Localized { get }
}

extension Message {
    func text(_ language: Language) -> String { localized.text(language) }
}

extension Localized: Message {
    var localized: Localized { self }
}

/// A command the user should run, printed exactly as it runs, in both languages: its words are
/// never translated, and it is quoted with backticks as Markdown and man pages quote code.
struct Invocation: Sendable, Equatable, CustomStringConvertible {
    /// The command as typed, e.g. `kauth login --profile work`.
    var line: String

    init(_ line: String) { self.line = line }

    var description: String { "`" + line + "`" }
}
