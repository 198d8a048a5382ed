/// The language kauth speaks to a person in on the terminal. What machines read (`--json`, error
/// codes, `kauth token`, `--exec-credential`, exit codes, commands, flags, config keys and values)
/// is the same in both; only sentences change. Browser pages choose their own by the browser's
/// `Accept-Language` (`PageLanguage`).
enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case korean = "ko"

    /// A value of `KAUTH_LANG`, config `language` or a locale variable: `ko…` is Korean, `en…` (and
    /// `C`, `POSIX` or any other language) English. Nil for an empty value, which POSIX treats as
    /// unset.
    static func named(_ value: String?) -> Language? {
        guard let value, !value.isEmpty else { return nil }
        return value.lowercased().hasPrefix("ko") ? .korean : .english
    }

    /// `KAUTH_LANG`, then config `language` (both for kauth alone), then the locale: the first of
    /// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty, as POSIX orders them.
    /// `KAUTH_LANG` and the config key take `ko` or `en`; another value there is ignored rather
    /// than stopping a command over its language.
    static func resolve(environment: (String) -> String?, configured: () -> String?) -> Language {
        // The config file is read only when KAUTH_LANG does not decide.
        if let language = chosen(environment("KAUTH_LANG")) ?? chosen(configured()) { return language }
        // One line per variable, not a loop over their names: Swift 6.3.1's optimizer (`-O`, so
        // `make release`) stops with an ownership error in CopyPropagation on `named(environment(name))`
        // inside a `for` over an array of names; written out, it compiles.
        if let language = named(environment("LC_ALL")) { return language }
        if let language = named(environment("LC_MESSAGES")) { return language }
        if let language = named(environment("LANG")) { return language }
        return .english
    }

    /// `ko` or `en` as `KAUTH_LANG` and config `language` take them; nil for anything else.
    /// (Written with comparisons: Swift 6.3.1's optimizer crashed on a `switch` over the
    /// optional lower-cased text, in `make release`.)
    private static func chosen(_ value: String?) -> Language? {
        guard let lowered = value?.lowercased() else { return nil }
        if lowered == "ko" { return .korean }
        if lowered == "en" { return .english }
        return nil
    }
}
