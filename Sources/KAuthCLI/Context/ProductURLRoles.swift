import KAuthCore
import KakaoAPI

extension ProviderURLRole {
    /// The URL roles the product APIs built into this command line add to the core's `auth` and
    /// `api`. The core cannot name them, so settings, config keys, completion and help are handed
    /// this one list; a product target with hosts of its own is added here, once.
    static let fromProducts: [ProviderURLRole] = kakaoHosts
}
