#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every effect kauth has, gathered in one value that is built once in `main.swift` and passed down.
///
/// Each member is a small value of `@Sendable` closures (the listener: of a generic starter): tests replace only what a flow should
/// touch, and the `.live` values are the only code that reaches the real process, clock and disk.
///
/// It lives in KAuthBasics, which knows nothing of OAuth: even the callback `Listener` is generic
/// over what it waits for, and a login or the address picker gives it their judge and pages.
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
    /// Background processes: `kauth sandbox --detach` and `--stop`.
    package var processes: Processes

    package init(
        http: HTTPClient,
        clock: Clock,
        random: RandomSource,
        browser: Browser,
        fileSystem: FileSystem,
        terminal: Terminal,
        environment: Environment,
        listener: Listener,
        keyring: Keyring,
        processes: Processes = .live(environment: Environment([:]))
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
        self.processes = processes
    }
}
