import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics
@testable import KAuthCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ConfigFileTests {
    @Test func keepsCommentsAndOrderWhenSettingAndUnsetting() throws {
        var file = try ConfigFile(
            parsing: "# my settings\nprovider.kakao.client_id = abc\n\nprovider.kakao.scopes = a, b\n", path: "config")
        #expect(file.value("provider.kakao.client_id") == "abc")
        file.set("provider.kakao.client_id", "xyz")
        file.set("provider.work.type", "oidc")
        let removed = file.unset("provider.kakao.scopes")
        let removedAgain = file.unset("provider.kakao.scopes")
        #expect(removed)
        #expect(!removedAgain)
        #expect(file.serialized() == "# my settings\nprovider.kakao.client_id = xyz\n\nprovider.work.type = oidc\n")
    }

    @Test func aLineWithoutEqualsIsAnErrorWithItsLineNumber() {
        #expect(throws: KAuthError.config(.malformedLine(path: "config", line: 2, text: "oops"))) {
            try ConfigFile(parsing: "a = 1\noops\n", path: "config")
        }
    }

    @Test func validatesKeys() throws {
        try ConfigStore.validate(key: "provider.kakao.client_id", addedURLRoles: [])
        #expect(throws: KAuthError.self) { try ConfigStore.validate(key: "provider.kakao.clientid", addedURLRoles: []) }
        #expect(throws: KAuthError.self) { try ConfigStore.validate(key: "client_id", addedURLRoles: []) }
    }

    @Test func settingsResolveFlagThenEnvironmentThenConfig() throws {
        let config = try ConfigFile(
            parsing: "provider.kakao.client_id = from-config\nprovider.kakao.scopes = a b,c\n", path: "c")
        let env = Environment(["KAUTH_CLIENT_ID": "from-env", "KAUTH_KAKAO_AUTH_URL": "http://127.0.0.1:1/"])
        func resolve(_ name: String, _ overrides: ProviderOverrides, _ environment: Environment) throws -> Provider {
            try ProviderResolver(environment: environment, loadConfig: { config }, overrides: overrides).resolve(
                name: name, stored: nil)
        }
        let resolved = try resolve("kakao", ProviderOverrides(clientID: "from-flag"), env)
        #expect(resolved.clientID == "from-flag")
        #expect(resolved.urls[.auth] == "http://127.0.0.1:1")
        #expect(resolved.urls[.api] == "https://kapi.kakao.com")
        #expect(resolved.scopes == ["a", "b", "c"])
        #expect(try resolve("kakao", ProviderOverrides(), env).clientID == "from-env")
        #expect(try resolve("kakao", ProviderOverrides(), Environment([:])).clientID == "from-config")
        #expect(throws: KAuthError.self) { try resolve("nope", ProviderOverrides(), env) }
    }

    /// A newline in a value would write a second line: `kauth config set` of an innocent key
    /// could otherwise set `provider.kakao.api_url`.
    @Test func controlCharactersInKeysAndValuesAreRefused() throws {
        #expect(throws: KAuthError.config(.controlCharacters(key: "provider.kakao.scopes"))) {
            try ConfigStore.validate(
                key: "provider.kakao.scopes", value: "a\nprovider.kakao.api_url = https://evil.example",
                addedURLRoles: [])
        }
        #expect(throws: KAuthError.self) {
            try ConfigStore.validate(key: "provider.kakao.scopes\r", value: "a", addedURLRoles: [])
        }
        #expect(throws: KAuthError.self) {
            try ConfigStore.validate(key: "provider.kakao.scopes", value: "a\u{1B}[2J", addedURLRoles: [])
        }
        #expect(throws: KAuthError.self) {
            try ConfigStore.validate(key: "provider.kak\u{0430}o.scopes", value: "a", addedURLRoles: [])
        }
        try ConfigStore.validate(
            key: "provider.kakao.scopes", value: "account_email profile_nickname", addedURLRoles: [])
    }

    /// A config another user can write (or one they own) could send tokens to their server: it is
    /// refused before anything in it is used (exit 7).
    @Test func aConfigOthersCanWriteOrOwnIsRefused() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let store = ConfigStore(paths: KAuthPaths(home: home.path), fileSystem: .live)
        #expect(chmod(home.path, 0o700) == 0)
        try store.save(try ConfigFile(parsing: "provider.kakao.client_id = x\n", path: "c"))
        #expect(try store.load().value("provider.kakao.client_id") == "x")
        #expect(chmod(store.path, 0o664) == 0)
        #expect(throws: KAuthError.keystore(.unsafeFile(path: store.path, reason: .othersCanWrite))) {
            try store.load()
        }
        #expect(chmod(store.path, 0o600) == 0)
        #expect(chmod(home.path, 0o777) == 0)
        #expect(throws: KAuthError.keystore(.folderTooOpen(path: home.path, permissions: 0o777))) { try store.load() }
        #expect(chmod(home.path, 0o700) == 0)
        var foreign = FileSystem.live
        foreign.currentUserID = { UInt32(geteuid()) &+ 1 }
        #expect(throws: KAuthError.keystore(.folderNotOwned(path: home.path))) {
            try ConfigStore(paths: KAuthPaths(home: home.path), fileSystem: foreign).load()
        }
    }

    @Test func aConfigThatIsALinkIsNotFollowed() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        #expect(chmod(home.path, 0o700) == 0)
        try "provider.kakao.api_url = https://evil.example\n".write(
            toFile: home.path + "/elsewhere", atomically: true, encoding: .utf8)
        #expect(symlink(home.path + "/elsewhere", home.path + "/config") == 0)
        let store = ConfigStore(paths: KAuthPaths(home: home.path), fileSystem: .live)
        #expect(throws: KAuthError.self) { try store.load() }
    }
}
