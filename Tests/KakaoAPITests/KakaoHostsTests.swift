import KAuthBasics
import KAuthCore
import KakaoAPI
import Testing

/// The sharer and the apps host are KakaoAPI's: a provider of Kakao's type has them, with their
/// built-in URLs, when settings are read with them; the core's provider values know neither.
@Suite struct KakaoHostsTests {
    func resolve(_ name: String, config: String = "", addedURLRoles: [ProviderURLRole]) throws -> Provider {
        let file = try ConfigFile(parsing: config, path: "config")
        return try ProviderResolver(environment: Environment([:]), loadConfig: { file }, addedURLRoles: addedURLRoles)
            .resolve(name: name, stored: nil)
    }

    @Test func providersOfKakaosTypeHaveKakaosHosts() throws {
        let work = "provider.work.type = kakao\nprovider.work.apps_url = https://apps.work.example\n"
        for (name, apps) in [("kakao", "https://apps.kakao.com"), ("work", "https://apps.work.example")] {
            let provider = try resolve(name, config: work, addedURLRoles: ProviderURLRole.kakaoHosts)
            #expect(provider.urls[.sharer] == "https://sharer.kakao.com")
            #expect(provider.urls[.apps] == apps)
        }
        let snapchat = try resolve("snapchat", addedURLRoles: ProviderURLRole.kakaoHosts)
        #expect(Set(snapchat.urls.keys) == [.auth, .api])
        #expect(throws: KAuthError.missingSetting(.url(.sharer), provider: "snapchat")) { try snapchat.url(.sharer) }
    }

    @Test func theCoreAloneKnowsOnlyItsOwnHosts() throws {
        #expect(Set(try resolve("kakao", addedURLRoles: []).urls.keys) == [.auth, .api])
        for type in ProviderType.builtIn {
            #expect(Set(type.baseURLs.keys).isSubset(of: ProviderURLRole.core))
        }
        let coreKeys = ProviderConfigKey.all(addedURLRoles: []).map(\.name)
        #expect(!coreKeys.contains("sharer_url") && !coreKeys.contains("apps_url"))
        let keys = ProviderConfigKey.all(addedURLRoles: ProviderURLRole.kakaoHosts).map(\.name)
        #expect(Array(keys.suffix(4)) == ["auth_url", "api_url", "sharer_url", "apps_url"])
    }
}
