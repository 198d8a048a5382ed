import Testing

@testable import KAuthCLI

@Suite struct ArgumentParserTests {
    func parse(_ line: [String]) throws(UsageError) -> ParseOutcome {
        try ArgumentParser.parse(line, root: Commands.root, globalFlags: GlobalFlags.specs)
    }

    func command(_ line: [String]) throws -> ParsedCommand {
        guard case .run(_, let parsed) = try parse(line) else {
            Issue.record("\(line) did not parse to a command")
            throw UsageError(message: .verbatim(""), commandPath: [])
        }
        return parsed
    }

    @Test func longFlagsWithSpaceOrEqualsAndRepeatedLists() throws {
        let parsed = try command([
            "login", "--scopes", "a,b", "--scopes=c", "--login-hint=me@example.com", "--no-browser"
        ])
        #expect(parsed.path == ["kauth", "login"])
        let options = try LoginCommand.Options(parsing: parsed)
        #expect(options.scopes == ["a,b", "c"])
        #expect(options.loginHint == "me@example.com")
        #expect(options.noBrowser)
    }

    @Test func globalFlagsAreAcceptedBeforeAndAfterTheCommand() throws {
        let before = try command(["--profile", "work", "--verbose", "token", "info"])
        #expect(before.path == ["kauth", "token", "info"])
        let globals = try GlobalOptions(parsing: before)
        #expect(globals.profile == "work")
        #expect(globals.verbose)
        let after = try command(["token", "--json", "--profile=ci"])
        #expect(after.path == ["kauth", "token"])
        #expect(try GlobalOptions(parsing: after).profile == "ci")
        #expect(after.given(among: after.flags).map(\.flag.name) == ["json"])
    }

    @Test func doubleDashEndsFlags() throws {
        let parsed = try command(["config", "set", "provider.kakao.scopes", "--", "--not-a-flag"])
        #expect(parsed.arguments == ["provider.kakao.scopes", "--not-a-flag"])
    }

    @Test func helpAndVersionAtEveryLevel() throws {
        guard case .help(let path) = try parse(["token", "refresh", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(path == ["kauth", "token", "refresh"])
        guard case .help(let helpPath) = try parse(["help", "token", "info"]) else {
            Issue.record("expected help")
            return
        }
        #expect(helpPath == ["kauth", "token", "info"])
        guard case .help(let short) = try parse(["login", "-h"]) else {
            Issue.record("expected help")
            return
        }
        #expect(short == ["kauth", "login"])
        guard case .help(let bare) = try parse([]) else {
            Issue.record("expected help")
            return
        }
        #expect(bare == ["kauth"])
        guard case .version = try parse(["--version"]) else {
            Issue.record("expected version")
            return
        }
    }

    @Test(arguments: [
        (["logni"], "unknown command 'logni' for 'kauth'", ["login"]),
        (["tokne"], "unknown command 'tokne' for 'kauth'", ["token"]),
        (["token", "refesh"], "unknown command 'refesh' for 'kauth token'", ["refresh"]),
        (["login", "--scope", "x"], "unknown flag '--scope' for 'kauth login'", ["--scopes"]),
        (["token", "--min-vaild", "5"], "unknown flag '--min-vaild' for 'kauth token'", ["--min-valid"]),
        (["login", "--port"], "flag --port needs a value (N)", []),
        (["login", "--no-browser=yes"], "flag --no-browser takes no value", []),
        (["login", "--port", "1", "--port", "2"], "flag --port was given more than once", []),
        (
            ["status", "extra"],
            "'kauth status' takes no argument; 1 more was given (not shown here, since it may be secret)", []
        ),
        (["config", "get"], "'kauth config get' needs KEY", []),
        (["login", "-z"], "unknown flag '-z' for 'kauth login'", []),
        // Words from other tools point at kauth's own.
        (["auth", "login"], "unknown command 'auth' for 'kauth'", ["login"]),
        (["auth", "status"], "unknown command 'auth' for 'kauth'", ["status"]),
        (["auth"], "unknown command 'auth' for 'kauth'", ["login"]),
        (["whoami"], "unknown command 'whoami' for 'kauth'", ["me"]),
        (["refresh"], "unknown command 'refresh' for 'kauth'", ["token refresh"]),
        (["status", "--hostname", "kauth.kakao.com"], "unknown flag '--hostname' for 'kauth status'", ["--provider"])
    ])
    func usageErrors(line: [String], message: String, suggestions: [String]) {
        expectUsage(EnglishUsage(message: message, commandPath: expectedPath(line), suggestions: suggestions)) {
            _ = try parse(line)
        }
    }

    /// A refresh token put where standard input was meant is not printed back into a CI log.
    @Test func anExtraArgumentIsNeverEchoed() {
        let secret = "1//refresh-token-that-must-not-be-logged"
        do {
            _ = try parse(["login", "--with-token", secret])
            Issue.record("expected a usage error")
        } catch {
            #expect(!error.message.english.contains(secret))
            #expect(
                error.message.english.contains("takes no argument")
                    && error.message.english.contains("kauth login --with-token"))
        }
    }

    /// An unknown command or help topic is echoed with its control characters made visible, so a
    /// pasted word cannot set the terminal's title or move its cursor.
    @Test(arguments: [["lo\u{1B}]0;owned\u{07}gin"], ["help", "env\u{1B}[2Jironment"], ["--\u{1B}[31mred"]])
    func controlCharactersInUnknownWordsAreMadeVisible(line: [String]) {
        do {
            _ = try parse(line)
            Issue.record("expected a usage error")
        } catch {
            #expect(
                !error.message.english.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "\(error.message.english.debugDescription)")
            #expect(error.message.english.contains("\\x1B"))
        }
    }

    func expectedPath(_ line: [String]) -> [String] {
        var path = ["kauth"]
        var command = Commands.root
        for word in line where !word.hasPrefix("-") {
            guard let sub = command.subcommand(named: word) else { break }
            command = sub
            path.append(word)
        }
        return path
    }

    @Test func suggestionsUseEditDistanceWithTranspositions() {
        #expect(Suggestions.distance("tokne", "token") == 1)
        #expect(Suggestions.distance("login", "login") == 0)
        #expect(Suggestions.closest(to: "stauts", in: ["status", "switch", "login"]) == ["status"])
        #expect(Suggestions.closest(to: "xyz", in: ["status", "login"]).isEmpty)
    }
}
