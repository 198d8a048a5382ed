extension HelpTopic {
    /// `kauth help exit-codes`: what each code means and what to do. `exitCode` of `KAuthError` and
    /// `CommandError` (`ExitCodes.swift`) is the one mapping from errors to these codes.
    static let exitCodes = HelpTopic(
        name: "exit-codes",
        summary: "what each exit code means and what to do",
        manSection: "EXIT STATUS",
        introduction:
            "Every kauth command exits with one of these codes. The error line on stderr says what happened and what to do; with --json the error is a JSON object on stdout, {\"error\": {\"code\", \"message\", \"exit_code\", …}}.",
        groups: [
            HelpTopic.Group(
                title: "",
                entries: [
                    Entry(
                        term: "0", summary: "success",
                        detail: "Help and --version exit 0 too"),
                    Entry(
                        term: "1", summary: "any other failure",
                        detail:
                            "The provider refused a request (the message gives its error and a hint), an answer kauth cannot use, a port in use. Read the message; --verbose traces the HTTP exchange with secrets redacted"
                    ),
                    Entry(
                        term: "2", summary: "usage error, bad value, or an operation the provider does not support",
                        detail:
                            "An unknown command or flag, a missing or invalid value or setting, a template with problems, a command the provider has no API for. Nothing was sent: fix the command line or the settings ('kauth COMMAND --help')"
                    ),
                    Entry(
                        term: "3", summary: "not logged in, or the session can no longer be refreshed",
                        detail:
                            "No stored login; the refresh was refused (invalid_grant, or HTTP 400/401 without an OAuth error); the API still rejects the token after a refresh (-401); KAUTH_ACCESS_TOKEN or KAUTH_REFRESH_TOKEN was rejected. Run 'kauth login' (with the same --profile); the stored login is kept until then"
                    ),
                    Entry(
                        term: "4", summary: "consent required (Kakao -402)",
                        detail:
                            "The message names the scope IDs the user has not agreed to, and --json lists them as required_scopes. Run 'kauth scopes request SCOPE…', then try again"
                    ),
                    Entry(
                        term: "5", summary: "network or provider unavailable",
                        detail:
                            "Connection, DNS, TLS or proxy failure, no answer in time, HTTP 5xx or the provider's maintenance codes. Nothing is wrong with the login: try again later (GET requests were already retried twice)"
                    ),
                    Entry(
                        term: "6", summary: "login cancelled, denied or timed out",
                        detail:
                            "Consent refused, an error from the provider's login page, Ctrl-C, or no redirect before --timeout (often a redirect URI the provider does not know: look at the browser tab). Nothing was stored: run 'kauth login' again"
                    ),
                    Entry(
                        term: "7",
                        summary:
                            "keystore or KAUTH_HOME unreadable, corrupt, unsafe, locked too long, or wrong passphrase",
                        detail:
                            "Also: permissions too open (chmod 600 the file, 700 the folder), another user's file, encrypted without KAUTH_PASSPHRASE, its key not readable from the keyring (no session bus, locked, no answer, a copy from elsewhere). The message says what to fix; kauth never overwrites the file"
                    )
                ])
        ]
    )
}
