import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

@testable import KAuthCore

@Suite struct LoginWithoutPKCETests {
    @Test func aProviderWithoutS256IsRefusedUnlessAllowed() async throws {
        let discovery =
            #"{"issuer":"https://id.example.com","authorization_endpoint":"https://id.example.com/a","token_endpoint":"https://id.example.com/t"}"#
        let http = FakeHTTP { _ in FakeHTTP.json(200, discovery) }
        let home = TemporaryDirectory()
        defer { home.remove() }
        let world = World.test(http: http.client)
        let keystore = FileKeystore(
            directory: home.path, fileSystem: .live, passphrase: nil, random: .seeded(1), kdfIterations: 1)
        let provider = try Provider.resolved(
            "oidc", overrides: ProviderOverrides(clientID: "cli", issuer: "https://id.example.com"))
        await #expect(throws: KAuthError.unsupported(provider: "oidc", .pkce)) {
            try await LoginFlow(
                world: world, keystore: keystore, provider: provider, profile: "default", pages: { _ in .unshown }
            ).run(
                LoginOptions(openBrowser: false))
        }
        #expect(http.requests.count == 1, "refused after discovery, before any listener or browser")
    }
}
