extension World {
    /// The real process: libcurl, the system clock and CSPRNG, the user's browser, POSIX files,
    /// the standard streams, a loopback socket listener and the OS keyring.
    package static func live(environment: [String: String]) -> World {
        let environment = Environment(environment)
        return World(
            http: .live,
            clock: .live,
            random: .live,
            browser: .live(environment: environment),
            fileSystem: .live,
            terminal: .live(),
            environment: environment,
            listener: .live,
            keyring: .live(environment: environment),
            processes: .live(environment: environment)
        )
    }
}
