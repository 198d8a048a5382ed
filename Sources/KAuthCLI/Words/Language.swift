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
        for chosen in [environment("KAUTH_LANG"), configured()] {
            switch chosen?.lowercased() {
            case "ko"?: return .korean
            case "en"?: return .english
            default: continue
            }
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let language = named(environment(name)) { return language }
        }
        return .english
    }
}
