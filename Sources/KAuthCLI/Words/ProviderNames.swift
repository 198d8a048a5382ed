/// Providers' names as Korean readers know them: Kakao is 카카오; other names are brand names
/// kept as written.
enum ProviderNames {
    static func korean(_ displayName: String) -> String {
        koreanNames[displayName] ?? displayName
    }

    /// The provider's name in each language.
    static func localized(_ displayName: String) -> Localized {
        Localized(en: displayName, ko: korean(displayName))
    }

    private static let koreanNames = ["Kakao": "카카오"]
}

extension String {
    /// This provider display name as Korean readers know it, made visible: Korean texts write
    /// `\(provider.koreanName)` where English ones write `\(provider.visible)`.
    var koreanName: String { ProviderNames.korean(self).visible }
}
