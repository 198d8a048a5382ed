import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every effect kauth has, gathered in one value that is built once in `main.swift` and passed down.
///
/// Each member is a small struct of `@Sendable` closures: tests replace only what a flow should
/// touch, and the `.live` values are the only code that reaches the real process, clock and disk.
///
/// The effects themselves (HTTP, clock, randomness, browser, files, terminal, environment, keyring)
/// live in KAuthBasics, which knows nothing of OAuth. This value, and the redirect `Listener`, stay
/// in the core for now: the listener judges logins and Kakao's address picker and carries their
/// outcomes; and the live keyrings (Secret Service, login keychain) are still in `Keystore/`.
package struct World: Sendable {
    package var http: HTTPClient
    package var clock: Clock
    package var random: RandomSource
    package var browser: Browser
    package var fileSystem: FileSystem
    package var terminal: Terminal
    package var environment: Environment
    package var listener: Listener
    package var keyring: Keyring

    package init(
        http: HTTPClient,
        clock: Clock,
        random: RandomSource,
        browser: Browser,
        fileSystem: FileSystem,
        terminal: Terminal,
        environment: Environment,
        listener: Listener,
        keyring: Keyring
    ) {
        self.http = http
        self.clock = clock
        self.random = random
        self.browser = browser
        self.fileSystem = fileSystem
        self.terminal = terminal
        self.environment = environment
        self.listener = listener
        self.keyring = keyring
    }
}
