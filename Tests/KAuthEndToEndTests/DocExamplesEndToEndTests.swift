// Every example in Docs/*.md and README.md runs here, against a `kauth sandbox`, so the pages
// cannot drift from what kauth does.
//
// What runs: each fenced ```sh block (one command a line; `#` comments; a line ending in `\`, `|`,
// `&&` or `||` goes on on the next) and each ```console block (lines starting with `$ `; the lines
// after one are its output). A page's commands run in order in one bash, in a folder of their own,
// with the built kauth first on PATH, a throw-away KAUTH_HOME and HOME, TMPDIR inside the run's
// folder, BROWSER=Tests/Scripts/follow-browser.sh, EDITOR=true, and the environment a sandbox
// started for the page prints (`export KAUTH_KAKAO_AUTH_URL=…`). Every command must exit 0, unless
// the page says otherwise; a console block's shown lines must appear in its output, in order, with
// `…` standing for any text, and any instant or loopback port matching any other.
//
// What a page says, in HTML comments on their own lines just before a block (several may stack):
//   <!-- example: skip: REASON -->          the block is not run; the reason is required
//   <!-- example: exit N -->                every command of the block exits N
//   <!-- example: setup: COMMAND -->        run first, must succeed, output not compared
//   <!-- example: logged-in -->             a fresh `kauth login` first (`logged-in: --scopes x` adds flags)
//   <!-- example: output unchecked: REASON -->  compare the exit codes only
//   <!-- example: instead: COMMAND -->      run COMMAND in place of the block's one command
//                                           ($KAUTH_DOC_REPO is the repository)
//   <!-- example: one command -->           a console block's first `$ ` line is its only command,
//                                           and every line after it, `$ ` lines too, its output
// and after a command, `# exit N` (a comment the reader sees too) says that command exits N.
//
// A page may start sandboxes of its own, as a reader would (`eval "$(kauth sandbox --detach)"`,
// whose exports then replace the harness's). When a command leaves the sandbox's URL unset
// (`eval "$(kauth sandbox --stop)"` unsets what the sandbox exported), the harness's exports come
// back before the next command, so the page's later examples still have a sandbox. A detached
// sandbox runs in a session of its own, out of the page's process group: every
// `KAUTH_SANDBOX_PID` the page's shell held after a command is stopped when the page ends.
// A fenced block without a tag that holds commands is an error: tag it sh, console or text.
import Foundation
import KAuthTestSupport
import Testing

@Suite struct DocExamplesEndToEndTests {
    /// The pages: every Markdown file in Docs/ and its language folders (Docs/ko/), and the README.
    static let pages: [String] = {
        func markdown(in folder: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/" + folder)) ?? []
            return names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        return markdown(in: "Docs") + markdown(in: "Docs/ko") + ["README.md"]
    }()

    @Test func thereArePagesToRun() {
        #expect(Self.pages.count > 5, "no pages found under \(packageRoot)/Docs")
    }

    @Test(arguments: pages)
    func examplesRun(page path: String) async throws {
        let text = try String(contentsOfFile: packageRoot + "/" + path, encoding: .utf8)
        let page = DocExamples.parse(path: path, text: text)
        for problem in page.problems { Issue.record(Comment(rawValue: problem)) }
        guard !page.commands.isEmpty else { return }

        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let base = TemporaryDirectory()
        let runner = TemporaryDirectory()
        defer {
            base.remove()
            runner.remove()
        }
        let work = base.path + "/work"
        for folder in [work, base.path + "/tmp", runner.path + "/cmd", runner.path + "/out"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var environment: [String: String] = [
            "PATH": URL(fileURLWithPath: kauthBinary).deletingLastPathComponent().path + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "HOME": base.path,
            "TMPDIR": base.path + "/tmp",
            "KAUTH_HOME": base.path + "/home",
            "BROWSER": packageRoot + "/Tests/Scripts/follow-browser.sh",
            "EDITOR": "true",
            "LANG": "C.UTF-8"
        ]
        environment.merge(sandbox.exports) { $1 }
        let exports = sandbox.exports.sorted { $0.key < $1.key }.map { "export \($0.key)='\($0.value)'\n" }.joined()
        try exports.write(toFile: runner.path + "/sandbox.env", atomically: true, encoding: .utf8)

        var script = """
            __doc_dir='\(runner.path)'
            KAUTH_DOC_REPO='\(packageRoot)'
            cd '\(work)' || exit 99
            # An example that runs `exit` ends the shell: that is its exit code, and the rest never run.
            __doc_current=
            trap '__doc_status=$?; [ -n "$__doc_current" ] && printf "end %s %s\\n" "$__doc_current" "$__doc_status" >> "$__doc_dir/results"' EXIT
            __doc_run() {
              [ -n "${KAUTH_KAKAO_AUTH_URL:-}" ] || . "$__doc_dir/sandbox.env"
              printf 'start %s\\n' "$1" >> "$__doc_dir/results"
              __doc_current=$1
              eval "$(cat "$__doc_dir/cmd/$1")" > "$__doc_dir/out/$1" 2>&1 < /dev/null
              local status=$?
              __doc_current=
              printf 'end %s %s\\n' "$1" "$status" >> "$__doc_dir/results"
              [ -n "${KAUTH_SANDBOX_PID:-}" ] && printf 'sandbox %s\\n' "$KAUTH_SANDBOX_PID" >> "$__doc_dir/sandboxes" || :
            }

            """
        for (index, command) in page.commands.enumerated() {
            try command.run.write(toFile: runner.path + "/cmd/\(index)", atomically: true, encoding: .utf8)
            script += "__doc_run \(index)\n"
        }
        script += "printf 'done\\n' >> \"$__doc_dir/results\"\n"
        try script.write(toFile: runner.path + "/run.sh", atomically: true, encoding: .utf8)

        // bash leads a process group of its own (Process makes it one), so that everything an
        // example started (a second sandbox in the background, a login still waiting) ends with
        // the page. It starts with no signal blocked, as from a terminal: the test runner's threads
        // block them, and a child inherits that, so a script's `kill` (make demo's) would do nothing.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_UNBLOCK, &all, &previous)
        let shell = try Spawned([runner.path + "/run.sh"], environment: environment, executable: "/bin/bash")
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        // The script says when it is through: a background job an example started keeps the
        // process from being reported finished until the group is killed.
        let deadline = ContinuousClock.now + .seconds(60)
        func finished() -> Bool {
            let log = (try? String(contentsOfFile: runner.path + "/results", encoding: .utf8)) ?? ""
            return log.hasSuffix("done\n")
        }
        while shell.process.isRunning, !finished(), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(-shell.process.processIdentifier, SIGKILL)
        let result = await shell.wait()
        stopDetachedSandboxes(listedIn: runner.path + "/sandboxes", keeping: sandbox.spawned.process.processIdentifier)

        var started: Set<Int> = []
        var finished: [Int: Int32] = [:]
        let log = (try? String(contentsOfFile: runner.path + "/results", encoding: .utf8)) ?? ""
        for line in log.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let index = Int(fields[1]) else { continue }
            if fields[0] == "start" { started.insert(index) }
            if fields[0] == "end", fields.count == 3, let code = Int32(fields[2]) { finished[index] = code }
        }
        for (index, command) in page.commands.enumerated() {
            let output = (try? String(contentsOfFile: runner.path + "/out/\(index)", encoding: .utf8)) ?? ""
            let what = command.isSetup ? "setup `\(command.shown)`" : "`\(command.shown)`"
            guard let code = finished[index] else {
                let why =
                    started.contains(index) ? "did not finish (the page's run was stopped after 60 s)" : "never ran"
                Issue.record(Comment(rawValue: "\(command.location): \(what) \(why)\n\(tail(output))\(result.err)"))
                continue
            }
            if code != command.expectedExit {
                Issue.record(
                    Comment(
                        rawValue:
                            "\(command.location): \(what) exited \(code); the page says \(command.expectedExit)\n\(tail(output))"
                    ))
            } else if let expected = command.expectedOutput,
                let missing = DocExamples.firstMissingLine(expected: expected, actual: output)
            {
                Issue.record(
                    Comment(
                        rawValue:
                            "\(command.location): \(what) did not print, in order, the line\n  \(missing)\nIt printed:\n\(output)"
                    ))
            }
        }
    }

    /// Kills the detached sandboxes a page started (each still `kauth sandbox` by its command
    /// line: an id may have been reused), all but the harness's own.
    private func stopDetachedSandboxes(listedIn path: String, keeping own: Int32) {
        let listed = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let pids = Set(listed.split(separator: "\n").compactMap { Int32($0.split(separator: " ").last ?? "") })
        for pid in pids where pid != own {
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if words.count >= 2, words[1] == "sandbox" { kill(pid, SIGKILL) }
        }
    }

    /// The last lines of an example's output, for a failure message.
    private func tail(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.suffix(15).joined(separator: "\n")
    }
}

@Suite struct DocExamplesParsingTests {
    @Test func markersCommentsAndContinuations() {
        let page = DocExamples.parse(
            path: "x.md",
            text: """
                <!-- example: logged-in: --scopes talk_message -->
                <!-- example: exit 3 -->
                ```sh
                # a comment
                kauth token \\
                  --min-valid 60
                kauth me   # exit 4: consent
                ```

                ```console
                $ kauth status
                Logged in to … as Sandbox User
                ```

                <!-- example: skip: needs the real Kakao -->
                ```sh
                kauth login
                ```
                """)
        #expect(page.problems.isEmpty)
        #expect(
            page.commands.map(\.run) == [
                "kauth login --scopes talk_message", "kauth token \\\n  --min-valid 60", "kauth me   # exit 4: consent",
                "kauth status"
            ])
        #expect(page.commands.map(\.expectedExit) == [0, 3, 4, 0])
        #expect(page.commands.map(\.location) == ["x.md:3 (setup)", "x.md:5", "x.md:7", "x.md:11"])
        #expect(page.commands[3].expectedOutput == ["Logged in to … as Sandbox User"])
        #expect(page.skipped.map(\.reason) == ["needs the real Kakao"])
    }

    @Test func problemsAreReported() {
        let page = DocExamples.parse(
            path: "x.md",
            text: """
                <!-- example: skip: -->
                ```sh
                kauth login
                ```
                <!-- example: frobnicate -->
                ```console
                $ kauth status
                ```
                <!-- example: exit 1 -->
                Some text.

                ```
                kauth token
                ```
                """)
        #expect(page.problems.count == 4, "\(page.problems)")
    }

    @Test func outputMatching() {
        let output =
            "Opening the browser\n  http://127.0.0.1:41395/oauth/authorize?state=abc\nvalid until 2026-11-22T07:19:51Z (in 5h 59m)\n"
        #expect(
            DocExamples.firstMissingLine(
                expected: [
                    "Opening the browser", "  http://127.0.0.1:8900/oauth/authorize?…",
                    "valid until 2027-01-01T00:00:00Z (in 5h 59m)"
                ], actual: output) == nil)
        #expect(
            DocExamples.firstMissingLine(expected: ["valid until …", "Opening the browser"], actual: output)
                == "Opening the browser")
        #expect(DocExamples.firstMissingLine(expected: ["Logged in"], actual: output) == "Logged in")
        #expect(DocExamples.line("a b c", matches: "a … c"))
        #expect(!DocExamples.line("a b d", matches: "a … c"))
    }
}
