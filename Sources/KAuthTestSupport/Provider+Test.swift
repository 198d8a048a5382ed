import KAuthBasics
import KAuthCore
import KakaoAPI

extension Provider {
    /// A provider resolved as commands resolve it: `name` among the built-in and configured ones,
    /// with command-line overrides, the environment and config given.
    package static func resolved(
        _ name: String, overrides: ProviderOverrides = ProviderOverrides(), environment: [String: String] = [:],
        config: ConfigFile = ConfigFile(), stored: StoredSession? = nil
    ) throws -> Provider {
        try ProviderResolver(
            environment: Environment(environment), loadConfig: { config }, overrides: overrides,
            addedURLRoles: ProviderURLRole.kakaoHosts
        ).resolve(name: name, stored: stored)
    }
}
