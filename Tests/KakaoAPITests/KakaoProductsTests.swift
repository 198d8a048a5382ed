import KAuthCore
import KakaoAPI
import Testing

/// Kakao's products are features of the providers whose APIs are Kakao's, as KakaoAPI declares
/// them: the built-in `kakao` and a provider configured with its type, no other.
@Suite struct KakaoProductsTests {
    let products: [ProviderFeature] = [
        .consent, .serviceTerms, .userProperties, .shippingAddresses, .tokenInfo, .share, .talk
    ]

    @Test func onlyProvidersOfKakaosTypeHaveKakaosProducts() throws {
        let kakao = Provider(name: "kakao", type: .kakao)
        let configured = Provider(name: "work", type: .kakao)
        for feature in products {
            #expect(kakao.supports(feature) && configured.supports(feature))
            for other in [Provider(name: "snapchat", type: .snapchat), Provider(name: "oidc", type: .oidc)] {
                #expect(!other.supports(feature))
                #expect(throws: KAuthError.unsupported(provider: other.name, .feature(feature))) {
                    try other.require(feature)
                }
            }
        }
    }

    @Test func theCoresProviderValuesListOnlyTheCoresFeatures() {
        for type in ProviderType.builtIn {
            #expect(type.features.isDisjoint(with: products))
        }
    }
}
