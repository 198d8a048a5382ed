import Foundation
import KAuthCore
import KAuthTestSupport
import Testing

/// The completion scripts in real shells, with the built kauth answering `kauth __complete`:
/// bash through `COMP_WORDS`/`_kauth`, zsh through its completion system driven in a pseudo
/// terminal (zsh/zpty), fish through `complete -C`. zsh and fish are skipped where they are not
/// installed (`apt-get install zsh fish`).
@Suite(.serialized) struct CompletionShellTests {
    /// A line as typed before TAB, and what should be offered (any order). A trailing space asks
    /// for the next word.
    static let cases: [(line: String, expected: [String])] = [
        ("kauth tok", ["token"]),
        ("kauth token ref", ["refresh"]),
        ("kauth --profile w sta", ["status"]),
        ("kauth login --no-br", ["--no-browser"]),
        ("kauth login --provider ", ["kakao", "snapchat", "oidc", "work"]),
        ("kauth login --provider=w", ["work"]),
        ("kauth token --profile ", ["default", "work"]),
        ("kauth switch ", ["default", "work"]),
        (
            "kauth config get provider.work.cl",
            [
                "provider.work.client_id", "provider.work.client_secret", "provider.work.client_cert",
                "provider.work.client_key"
            ]
        ),
        ("kauth config unset provider.kakao.t", ["provider.kakao.type", "provider.kakao.token_endpoint_auth_method"]),
        // Only the values of the provider the line names (Kakao's when it names none).
        ("kauth login --prompt ", ["login", "create", "select_account"]),
        ("kauth login --provider oidc --prompt ", ["none", "login", "consent", "select_account"]),
        ("kauth login --provider=work --prompt ", ["none", "login", "consent", "select_account"]),
        ("kauth login --provider snapchat --prompt ", []),
        ("kauth link default --template ", ["-", "feed.json", "my file.png", "sub"]),
        ("kauth talk memo --template fe", ["feed.json"]),
        ("kauth link image upload my", ["my file.png"]),
        ("kauth sandbox --state-file f", ["feed.json"]),
        ("kauth completion ", ["bash", "zsh", "fish"]),
        ("kauth link template new c", ["calendar", "commerce"]),
        ("kauth api -X P", ["PATCH", "POST", "PUT"]),
        ("kauth sandbox --pro", []),
        ("kauth login --login-hint ", []),
        ("kauth config list --", ["--json", "--no-color", "--help"]),
        ("kauth he", ["help"]),
        // Only what means something for Kakao: no issuer, no revocation endpoint.
        (
            "kauth config set provider.kakao.",
            [
                "type", "client_id", "client_secret", "app_key", "redirect_uri", "scopes", "token_endpoint_auth_method",
                "private_key", "private_key_id", "ca_file", "client_cert", "client_key", "auth_params", "acr_values",
                "max_age", "resource", "language", "git_hosts", "git_username", "docker_hosts", "docker_username",
                "auth_url", "api_url", "sharer_url", "apps_url"
            ].map { "provider.kakao." + $0 }
        ),
        ("kauth config set lang", ["language"]),
        ("kauth config set provider.work.i", ["provider.work.issuer"]),
        (
            "kauth help ",
            "login logout unlink status token me properties signup scopes terms shipping api profiles switch link talk git-credential aws config sandbox completion version environment exit-codes"
                .split(separator: " ").map(String.init)
        ),
        ("kauth help ex", ["exit-codes"]),
        ("kauth help to", ["token"])
    ]

    /// A KAUTH_HOME with a configured provider `work` and logins for `default` and `work`, a
    /// folder with files to complete, and `kauth` on PATH by that name, as once installed.
    struct Setup {
        let base: String
        let work: String
        var environment: [String: String]

        init() async throws {
            base = TemporaryDirectory().path
            work = base + "/work"
            let home = base + "/kauth"
            let bin = base + "/bin"
            for folder in [work + "/sub", bin] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(atPath: bin + "/kauth", withDestinationPath: kauthBinary)
            for file in ["feed.json", "my file.png"] {
                #expect(FileManager.default.createFile(atPath: work + "/" + file, contents: Data()))
            }
            environment = [
                "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "HOME": base, "KAUTH_HOME": home, "TERM": "dumb", "WORK": work
            ]
            let config = try await Spawned(["config", "set", "provider.work.type", "oidc"], environment: environment)
                .wait()
            #expect(config.code == 0)
            let keystore = FileKeystore(directory: home, fileSystem: .live, passphrase: nil, random: .live)
            let now = Date()
            try await keystore.update { contents in
                for profile in ["default", "work"] {
                    contents.profiles[profile] = StoredSession(
                        provider: "kakao", clientID: "app", accessToken: "SECRET",
                        accessTokenExpiresAt: now.addingTimeInterval(3600),
                        createdAt: now, updatedAt: now)
                }
            }
        }

        func script(_ shell: String) async throws -> String {
            let result = try await Spawned(["completion", shell], environment: environment).wait()
            #expect(result.code == 0)
            return result.out
        }

        /// Runs `shell` with `arguments`; its output as `index<TAB>a|b|c` lines, by index.
        func offers(_ shell: String, _ arguments: [String]) async throws -> [Int: [String]] {
            let result = try await Spawned(arguments, environment: environment, executable: shell).wait(
                timeout: .seconds(60))
            #expect(result.code == 0, "\(shell): \(result.err)")
            var offers: [Int: [String]] = [:]
            for line in result.out.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let index = Int(parts[0]) else { continue }
                offers[index] = parts[1].split(separator: "|").map(String.init)
            }
            return offers
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: base)
        }
    }

    /// Compares what a shell offered with the expected words; `normalize` undoes the shell's
    /// own spelling (quoting, a trailing `/` on folders).
    func check(_ shell: String, _ offers: [Int: [String]], normalize: (String) -> String = { $0 }) {
        for (index, example) in Self.cases.enumerated() {
            guard let offered = offers[index] else {
                Issue.record("\(shell) gave no answer for '\(example.line)'")
                continue
            }
            #expect(Set(offered.map(normalize)) == Set(example.expected), "\(shell): '\(example.line)'")
            #expect(offered.count == example.expected.count, "\(shell): '\(example.line)' offered \(offered)")
        }
    }

    static func shell(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }.first(
            where: FileManager.default.isExecutableFile)
    }

    @Test func bash() async throws {
        let setup = try await Setup()
        defer { setup.remove() }
        // bash splits `--flag=value` at `=` (COMP_WORDBREAKS), and so does this probe.
        var probe = "cd \"$WORK\" || exit 1\nsource <(kauth completion bash)\n"
        probe +=
            "probe() { COMP_WORDS=(\"${@:2}\"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _kauth; local IFS='|'; printf '%s\\t%s\\n' \"$1\" \"${COMPREPLY[*]}\"; }\n"
        for (index, example) in Self.cases.enumerated() {
            let words = example.line.split(separator: " ", omittingEmptySubsequences: false).flatMap {
                word -> [String] in
                guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [String(word)] }
                return [String(word[..<equals]), "=", String(word[word.index(after: equals)...])]
            }
            probe += "probe \(index) " + words.map { "'\($0)'" }.joined(separator: " ") + "\n"
        }
        check("bash", try await setup.offers("/bin/bash", ["-c", probe]))
    }

    @Test func zsh() async throws {
        guard let zsh = Self.shell("zsh") else { return }
        let setup = try await Setup()
        defer { setup.remove() }
        let functions = setup.base + "/zsh-functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try await setup.script("zsh").write(toFile: functions + "/_kauth", atomically: true, encoding: .utf8)
        let log = setup.base + "/zsh.log"
        // An interactive zsh in a pseudo terminal, with compinit and _kauth from $fpath as an
        // installed one has it. TAB runs the completion system and then marks the log; compadd
        // logs the matches it adds that fit the word (-O), then adds them as usual; calls that
        // only collect (-A, -D, -O, as _files makes) are not logged.
        let driver = """
            zmodload zsh/zpty || exit 1
            cd "$WORK" || exit 1
            zpty z zsh -f -i
            zpty -w z "PS1='> '; fpath=(\(functions) \\$fpath); autoload -Uz compinit; compinit -u -D; unsetopt AUTO_LIST BEEP"
            zpty -w z "compadd() { if (( \\${@[(I)-[ADO]]} )); then builtin compadd \\"\\$@\\"; return; fi; local -a __m; builtin compadd -O __m \\"\\$@\\"; print -r -- \\"M \\${(j:|:)__m}\\" >> \(log); builtin compadd \\"\\$@\\"; }"
            zpty -w z "__probe() { _main_complete; print -r -- END >> \(log); }; zle -C probe-complete complete-word __probe; bindkey '^I' probe-complete"
            integer n=-1 i
            for line in "$@"; do
              n+=1
              : > \(log)
              zpty -w -n z "$line"$'\\t'
              for (( i = 0; i < 200; i++ )); do
                grep -q '^END$' \(log) 2>/dev/null && break
                sleep 0.05
              done
              print -r -- "$n"$'\\t'"${(j:|:)${(@)${(f)"$(grep '^M ' \(log))"}#M }}"
              zpty -w -n z $'\\C-u'
              while zpty -rt z junk; do :; done
            done
            zpty -d z
            """
        let offers = try await setup.offers(zsh, ["-f", "-c", driver, "zsh"] + Self.cases.map(\.line))
        check("zsh", offers) { $0.replacingOccurrences(of: "\\ ", with: " ") }
    }

    @Test func fish() async throws {
        guard let fish = Self.shell("fish") else { return }
        let setup = try await Setup()
        defer { setup.remove() }
        let probe = """
            cd $WORK; or exit 1
            kauth completion fish | source
            set -l n 0
            for line in $argv
                printf '%s\\t%s\\n' $n (complete -C $line | string replace -r '\\t.*' '' | string join '|')
                set n (math $n + 1)
            end
            """
        let offers = try await setup.offers(fish, ["--no-config", "-c", probe] + Self.cases.map(\.line))
        // fish offers a folder with its `/`, and `--flag=value` whole.
        check("fish", offers) { word in
            let value = word.hasPrefix("--") && word.contains("=") ? String(word.drop { $0 != "=" }.dropFirst()) : word
            return value.hasSuffix("/") ? String(value.dropLast()) : value
        }
    }
}
