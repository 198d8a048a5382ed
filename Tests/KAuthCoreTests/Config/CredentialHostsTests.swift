import KAuthCore
import Testing

@Suite struct CredentialHostsTests {
    @Test func entriesAreHostOrHostAndPort() {
        for good in ["git.example.com", "git.example.com:8443", "127.0.0.1:3000", "[::1]:5000", "[::1]", "localhost"] {
            #expect(CredentialHosts.isHostAndPort(good), "\(good)")
        }
        for bad in [
            "https://git.example.com", "git.example.com/", "git.example.com:", "git.example.com:65536", "h:0",
            "user@host", "[::1", "[]", ".example.com", "-x.example", "exa mple", "host:8a"
        ] {
            #expect(!CredentialHosts.isHostAndPort(bad), "\(bad)")
        }
        #expect(CredentialHosts.firstInvalid(in: "a.example, b.example:1,https://c") == "https://c")
        #expect(CredentialHosts.firstInvalid(in: " ") == " ")
        #expect(CredentialHosts.firstInvalid(in: "a.example b.example:22") == nil)
    }

    @Test func hostsMatchExactlyWithTheirPortIgnoringCase() {
        #expect(CredentialHosts.lists("git.example.com, other.example:8443", host: "Git.Example.com"))
        #expect(CredentialHosts.lists("git.example.com, other.example:8443", host: "other.example:8443"))
        #expect(!CredentialHosts.lists("git.example.com", host: "git.example.com:8443"))
        #expect(!CredentialHosts.lists("other.example:8443", host: "other.example"))
        #expect(!CredentialHosts.lists("git.example.com", host: "evil.git.example.com"))
        #expect(!CredentialHosts.lists("git.example.com", host: ""))
        #expect(!CredentialHosts.lists(nil, host: "git.example.com"))
    }

    @Test func theConfigSaysWhichProvidersServeAHostAndWithWhichUserName() throws {
        let config = try ConfigFile(
            parsing: """
                provider.kakao.git_hosts = git.example.com
                provider.work.type = oidc
                provider.work.git_hosts = git.example.com other.example
                provider.work.git_username = robot
                provider.work.docker_hosts = registry.example:5000
                provider.a.b.git_hosts = git.example.com
                """, path: "config")
        #expect(config.providers(serving: "git.example.com", for: .git) == ["kakao", "work"])
        #expect(config.providers(serving: "other.example", for: .git) == ["work"])
        #expect(config.providers(serving: "registry.example:5000", for: .docker) == ["work"])
        #expect(config.providers(serving: "registry.example:5000", for: .git) == [])
        #expect(config.credentialUsername(provider: "work", for: .git) == "robot")
        #expect(config.credentialUsername(provider: "kakao", for: .git) == "oauth2")
        #expect(config.credentialUsername(provider: "work", for: .docker) == "oauth2")
        #expect(config.credentialHosts(provider: "work", for: .docker) == ["registry.example:5000"])
    }
}
