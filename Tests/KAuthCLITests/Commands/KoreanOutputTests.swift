import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// What the commands print to a person, in Korean (`KAUTH_LANG=ko`) and in English, against a
/// fake Kakao that answers as Kakao does for Korean users: Korean scope names and nicknames.
/// Tables stay aligned by display width in both languages; `--json` is the same bytes in both.
@Suite struct KoreanOutputTests {
    struct Run {
        var code: Int32
        var out: String
        var err: String
    }

    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    func run(
        _ line: [String], language: String, environment: [String: String] = [:],
        session: StoredSession? = nil, profiles: [String: StoredSession] = [:],
        respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in FakeHTTP.json(500, "{}") }
    ) async throws -> Run {
        let home = TemporaryDirectory()
        defer { home.remove() }
        var variables = ["KAUTH_HOME": home.path + "/kauth", "KAUTH_CLIENT_ID": "rest-key", "KAUTH_LANG": language]
        variables.merge(environment) { $1 }
        if session != nil || !profiles.isEmpty {
            let keystore = FileKeystore(
                directory: home.path + "/kauth", fileSystem: .live, passphrase: nil, random: .seeded(1),
                kdfIterations: 1)
            try await keystore.update { contents in
                if let session { contents.profiles["default"] = session }
                for (name, other) in profiles { contents.profiles[name] = other }
            }
        } else if variables["KAUTH_ACCESS_TOKEN"] == nil {
            variables["KAUTH_ACCESS_TOKEN"] = "user-token"
        }
        let recorder = TerminalRecorder()
        let world = World.test(
            http: FakeHTTP { respond($0) }.client, clock: TestClock(Self.now).clock, fileSystem: .live,
            terminal: recorder.terminal, environment: variables)
        let code = await CLI.run(line, world: world)
        return Run(code: code, out: recorder.out, err: recorder.err)
    }

    static func session(nickname: String? = "라이언", accessIn: TimeInterval = 5 * 3600 + 59 * 60) -> StoredSession {
        var session = StoredSession(
            provider: "kakao", clientID: "app", accessToken: "at",
            accessTokenExpiresAt: now.addingTimeInterval(accessIn),
            refreshToken: "rt", refreshTokenExpiresAt: now.addingTimeInterval(59 * 86_400),
            scopes: ["profile_nickname"],
            createdAt: now, updatedAt: now)
        session.userID = "42"
        session.user = CachedUser(id: "42", nickname: nickname)
        return session
    }

    // MARK: - Alignment by display width

    /// The display column at which each non-empty cell of each row starts: every row of an
    /// aligned table gives the same column for the same cell index.
    static func cellColumns(_ line: String, cells: [String]) -> [Int?] {
        var columns: [Int?] = []
        var rest = Substring(line)
        var consumed = ""
        for cell in cells {
            guard !cell.isEmpty, let range = rest.range(of: cell) else {
                columns.append(nil)
                continue
            }
            consumed += rest[..<range.lowerBound]
            columns.append(consumed.displayWidth)
            consumed += rest[range]
            rest = rest[range.upperBound...]
        }
        return columns
    }

    /// Whether rows (each with its cells, as given to the table) start every cell at the same
    /// display column as the header's.
    static func aligned(_ table: String, header: [String], rows: [[String]]) -> Bool {
        let lines = table.split(separator: "\n").map(String.init)
        guard lines.count == rows.count + 1 else { return false }
        let expected = cellColumns(lines[0], cells: header)
        for (line, cells) in zip(lines.dropFirst(), rows) {
            let columns = cellColumns(line, cells: cells)
            for (index, column) in columns.enumerated() where column != nil && column != expected[index] {
                return false
            }
        }
        return true
    }

    static let koreanRows = [
        ["profile_nickname", "닉네임", "yes"], ["account_email", "카카오계정(이메일)", "no"], ["gender", "성별", "yes"]
    ]

    @Test(arguments: Language.allCases)
    func aTableWithKoreanCellsIsAlignedByDisplayWidth(language: Language) {
        let headers: [TableWords] = [.id, .name, .agreed]
        let table = TextTable.render(headers, Self.koreanRows, in: language)
        #expect(
            Self.aligned(table, header: headers.map { $0.text(language) }, rows: Self.koreanRows), "\(table)")
    }

    /// The check above fails on a table padded by character count: it can fail.
    @Test func theAlignmentCheckCatchesPaddingByCharacterCount() {
        let header = ["ID", "NAME", "AGREED"]
        let rows = Self.koreanRows
        let widths = (0..<3).map { index in ([header] + rows).map { $0[index].count }.max()! }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 2 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }.joined() + "\n"
        }
        let byCount = line(header) + rows.map(line).joined()
        #expect(!Self.aligned(byCount, header: header, rows: rows))
        #expect(Self.aligned(TextTable.render(header, rows), header: header, rows: rows))
    }

    @Test func aCutNeverSplitsACharacterAndControlsStayVisible() {
        #expect("카카오계정(이메일)".truncated(toWidth: 7) == "카카오…")
        #expect("카카오계정".truncated(toWidth: 6).displayWidth <= 6)
        #expect("닉네임\u{1B}[2J".visible == "닉네임\\x1B[2J")
        #expect("닉네임\u{1B}".visible.displayWidth == 6 + 4)
    }

    // MARK: - scopes, friends, terms, me

    static let scopes =
        #"{"id":42,"scopes":[{"id":"profile_nickname","display_name":"닉네임","type":"PRIVACY","using":true,"agreed":true,"revocable":false},{"id":"account_email","display_name":"카카오계정(이메일)","type":"PRIVACY","using":true,"agreed":false},{"id":"friends","display_name":"카카오 서비스 내 친구목록(프로필사진, 닉네임, 즐겨찾기 포함)","type":"SERVICE","using":true,"agreed":true,"revocable":true}]}"#

    @Test(arguments: [
        ("ko", ["ID", "이름", "유형", "동의", "철회 가능", "사용 중"], "예"),
        ("en", ["ID", "NAME", "TYPE", "AGREED", "REVOCABLE", "USING"], "yes")
    ])
    func scopesInBothLanguages(language: String, header: [String], yes: String) async throws {
        let result = try await run(["scopes"], language: language) { _ in FakeHTTP.json(200, Self.scopes) }
        #expect(result.code == 0, "\(result.err)")
        let no = language == "ko" ? "아니요" : "no"
        let rows = [
            ["profile_nickname", "닉네임", "PRIVACY", yes, no, yes],
            ["account_email", "카카오계정(이메일)", "PRIVACY", no, "-", yes],
            ["friends", "카카오 서비스 내 친구목록(프로필사진, 닉네임, 즐겨찾기 포함)", "SERVICE", yes, yes, yes]
        ]
        #expect(Self.aligned(result.out, header: header, rows: rows), "\(result.out)")
    }

    static let friends =
        #"{"elements":[{"id":1,"uuid":"uuid-0","profile_nickname":"라이언","favorite":true,"allowed_msg":true},{"id":2,"uuid":"uuid-1","profile_nickname":"Apeach","favorite":false,"allowed_msg":false},{"id":3,"uuid":"uuid-2","profile_nickname":"춘식이","favorite":false,"allowed_msg":true}],"total_count":3}"#

    @Test func friendsInKoreanAreAlignedAndSayMoreInKorean() async throws {
        let result = try await run(["talk", "friends"], language: "ko") { _ in FakeHTTP.json(200, Self.friends) }
        #expect(result.code == 0, "\(result.err)")
        let header = ["UUID", "닉네임", "즐겨찾기", "메시지 수신"]
        let rows = [["uuid-0", "라이언", "예", "예"], ["uuid-1", "Apeach", "", "아니요"], ["uuid-2", "춘식이", "", "예"]]
        #expect(Self.aligned(result.out, header: header, rows: rows), "\(result.out)")
        let english = try await run(["talk", "friends"], language: "en") { _ in FakeHTTP.json(200, Self.friends) }
        #expect(
            Self.aligned(
                english.out, header: ["UUID", "NICKNAME", "FAVORITE", "MESSAGES"],
                rows: [["uuid-0", "라이언", "yes", "yes"], ["uuid-1", "Apeach", "", "no"], ["uuid-2", "춘식이", "", "yes"]]),
            "\(english.out)")
    }

    @Test func termsInKorean() async throws {
        let body =
            #"{"id":42,"service_terms":[{"tag":"service_20230101","required":true,"agreed":true,"revocable":false,"agreed_at":"2026-01-01T00:00:00Z","agreed_by":"KAUTH"},{"tag":"마케팅","required":false,"agreed":true,"revocable":true,"agreed_at":"2026-01-01T00:00:00Z","agreed_by":"KAUTH"}]}"#
        let result = try await run(["terms"], language: "ko") { _ in FakeHTTP.json(200, body) }
        #expect(result.code == 0, "\(result.err)")
        let header = ["태그", "필수", "동의", "철회 가능", "동의 시각", "동의 경로"]
        let rows = [
            ["service_20230101", "예", "예", "아니요", "2026-01-01T00:00:00Z", "KAUTH"],
            ["마케팅", "아니요", "예", "예", "2026-01-01T00:00:00Z", "KAUTH"]
        ]
        #expect(Self.aligned(result.out, header: header, rows: rows), "\(result.out)")
        let none = try await run(["terms"], language: "ko") { _ in FakeHTTP.json(200, #"{"id":42,"service_terms":[]}"#)
        }
        #expect(none.err == "동의한 서비스 약관이 없습니다. `kauth terms --app`으로 앱의 서비스 약관을 볼 수 있습니다.\n")
    }

    @Test func meInKoreanNamesItsRowsInKoreanAlignedByWidth() async throws {
        let body =
            #"{"id":42,"has_signed_up":false,"kakao_account":{"profile":{"nickname":"라이언"},"email":"ryan@kakao.test","is_email_verified":true,"gender_needs_agreement":true}}"#
        let result = try await run(["me"], language: "ko") { _ in FakeHTTP.json(200, body) }
        #expect(result.code == 0, "\(result.err)")
        #expect(
            result.out == """
                ID             42
                닉네임         라이언
                이메일         ryan@kakao.test (인증됨)
                가입 완료      아니요 (`kauth signup`을 실행하십시오)
                동의가 필요한 항목: gender

                """)
        let english = try await run(["me"], language: "en") { _ in FakeHTTP.json(200, body) }
        #expect(
            english.out == """
                id             42
                nickname       라이언
                email          ryan@kakao.test (verified)
                signed up      no (run `kauth signup`)
                needs agreement: gender

                """)
    }

    @Test(arguments: [["scopes", "--json"], ["talk", "friends", "--json"], ["me", "--json"]])
    func jsonIsTheSameInBothLanguages(line: [String]) async throws {
        let respond: @Sendable (HTTPRequest) -> HTTPResponse = { request in
            if request.url.contains("scopes") { return FakeHTTP.json(200, Self.scopes) }
            if request.url.contains("friends") { return FakeHTTP.json(200, Self.friends) }
            return FakeHTTP.json(200, #"{"id":42,"kakao_account":{"profile":{"nickname":"라이언"}}}"#)
        }
        let korean = try await run(line, language: "ko", respond: respond)
        let english = try await run(line, language: "en", respond: respond)
        #expect(korean.code == 0 && english.code == 0)
        #expect(!korean.out.isEmpty && korean.out == english.out)
    }

    // MARK: - status

    @Test func statusInKorean() async throws {
        let result = try await run(["status"], language: "ko", session: Self.session())
        #expect(result.code == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "카카오에 로그인되어 있습니다: 라이언 (ID 42)")
        #expect(lines.contains("  세션           유효"))
        #expect(lines.contains("  동의항목       profile_nickname"))
        #expect(lines.contains("  액세스 토큰    2026년 1월 1일 05:59 UTC까지 유효 (5시간 59분 남음)"), "\(result.out)")
        #expect(lines.contains("  리프레시 토큰  2026년 3월 1일 00:00 UTC까지 유효 (59일 0시간 남음)"), "\(result.out)")
        // Every value starts at the same display column, Korean names or not: after the name
        // (words one space apart), two spaces or more.
        let columns = Set(
            lines.dropFirst().map { line -> Int in
                let body = line.dropFirst(2)
                guard let gap = body.range(of: "  ") else { return -1 }
                let value = body[gap.upperBound...].drop { $0 == " " }
                return line.displayWidth - value.displayWidth
            })
        #expect(columns == [17], "\(result.out)")
    }

    @Test func statusInEnglishIsAsItWas() async throws {
        let result = try await run(["status"], language: "en", session: Self.session(nickname: "Ryan"))
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Logged in to Kakao as Ryan (id 42)")
        #expect(lines.contains("  access token   valid until 2026-01-01T05:59:00Z (in 5h 59m)"))
        #expect(lines.contains("  refresh token  valid until 2026-03-01T00:00:00Z (in 59d 0h)"))
    }

    @Test func statusJSONIsTheSameInBothLanguages() async throws {
        let korean = try await run(["status", "--json"], language: "ko", session: Self.session())
        let english = try await run(["status", "--json"], language: "en", session: Self.session())
        // Each run has a home of its own, whose path the keystore's is.
        func withoutHome(_ text: String) -> String {
            text.replacing(#/kauth-test-[A-Za-z0-9]+/#, with: "HOME")
        }
        #expect(withoutHome(korean.out) == withoutHome(english.out) && korean.code == english.code)
        #expect(korean.out.contains("\"access_token_expires_at\" : \"2026-01-01T05:59:00Z\""), "\(korean.out)")
    }

    @Test func anExpiredLoginInKorean() async throws {
        var session = Self.session(accessIn: -180)
        session.refreshToken = nil
        session.refreshTokenExpiresAt = nil
        let result = try await run(["status"], language: "ko", session: session)
        #expect(result.code == 3)
        #expect(result.out.hasPrefix("Kakao 로그인(라이언 (ID 42))이 만료되었습니다\n"), "\(result.out)")
        #expect(result.out.contains("  액세스 토큰    2025년 12월 31일 23:57 UTC에 만료됨 (3분 0초 전)\n"), "\(result.out)")
        #expect(result.out.contains("  리프레시 토큰  없음\n"), "\(result.out)")
        #expect(result.err == "저장된 로그인이 만료되어 갱신할 수 없습니다. `kauth login --client-id app`을(를) 다시 실행하십시오.\n")
    }

    // MARK: - Durations and dates

    @Test func durationsAndDatesReadAsKoreanWritesThem() {
        #expect(TimeSpan(seconds: 45).text(.korean) == "45초")
        #expect(TimeSpan(seconds: 5 * 60 + 3).text(.korean) == "5분 3초")
        #expect(TimeSpan(seconds: 3 * 3600 + 120).text(.korean) == "3시간 2분")
        #expect(TimeSpan(seconds: 2 * 86_400 + 3600).text(.korean) == "2일 1시간")
        #expect(TimeSpan(seconds: 2 * 86_400 + 3600).text(.english) == "2d 1h")
        let moment = Moment(date: Date(timeIntervalSince1970: 1_795_878_240))  // 2026-11-28T15:04:00Z
        #expect(moment.text(.korean) == "2026년 11월 28일 15:04 UTC")
        #expect(moment.text(.english) == "2026-11-28T15:04:00Z")
        #expect(Moment(date: Date(timeIntervalSince1970: 951_782_400)).text(.korean) == "2000년 2월 29일 00:00 UTC")
        #expect(Moment(date: Date(timeIntervalSince1970: -1)).text(.korean) == "1969년 12월 31일 23:59 UTC")
        let expiry = Expiry(date: Self.now.addingTimeInterval(300), now: Self.now)
        #expect(expiry.text(.korean) == "2026년 1월 1일 00:05 UTC까지 유효 (5분 0초 남음)")
        #expect(expiry.text(.english) == "valid until 2026-01-01T00:05:00Z (in 5m 0s)")
    }

    // MARK: - Words a newcomer stumbled on

    @Test(arguments: Language.allCases)
    func switchToATypoSuggestsTheStoredProfile(language: Language) async throws {
        let result = try await run(
            ["switch", "wrk"], language: language.rawValue, profiles: ["work": Self.session(), "home": Self.session()])
        #expect(result.code == 3)
        #expect(result.err.contains("'work'") && result.err.contains("`kauth switch work`"), "\(result.err)")
        #expect(!result.err.contains("'home'"))
        let english = language == .english
        #expect(
            result.err.hasPrefix(english ? "error: no login is stored in profile 'wrk'; did you mean 'work'?" : "오류: "))
        // A name close to none is still a login to make.
        let far = try await run(["switch", "zzzzzz"], language: language.rawValue, profiles: ["work": Self.session()])
        #expect(far.code == 3 && far.err.contains("kauth login --profile zzzzzz"), "\(far.err)")
    }

    @Test(arguments: Language.allCases)
    func anEmptyConfigListSaysSoOnStderr(language: Language) async throws {
        let result = try await run(["config", "list"], language: language.rawValue)
        #expect(result.code == 0)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("`kauth config set provider.kakao.client_id YOUR_REST_API_KEY`"), "\(result.err)")
        #expect(result.err.hasPrefix(language == .english ? "No settings are stored in " : "/"), "\(result.err)")
        let json = try await run(["config", "list", "--json"], language: language.rawValue)
        #expect(json.out == "{\n\n}\n" || json.out == "{}\n", "\(json.out)")
        #expect(json.err.isEmpty)
    }

    @Test(arguments: Language.allCases)
    func aBareConfigKeyPointsAtTheProviderKey(language: Language) async throws {
        let result = try await run(["config", "set", "client_id", "secret-ish"], language: language.rawValue)
        #expect(result.code == 2)
        #expect(result.err.contains("provider.kakao.client_id"), "\(result.err)")
        #expect(result.err.contains("`kauth config set provider.kakao.client_id VALUE`"), "\(result.err)")
        #expect(!result.err.contains("secret-ish"), "the value may be a secret")
        let named = try await run(["config", "get", "snapchat.client_id"], language: language.rawValue)
        #expect(named.code == 2 && named.err.contains("`kauth config get provider.snapchat.client_id`"), "\(named.err)")
    }

    @Test func completionWithoutAShellNamesTheShells() async throws {
        let result = try await run(["completion"], language: "en")
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: 'kauth completion': name a shell: bash, zsh or fish\n"), "\(result.err)")
        #expect(!result.err.contains("needs SHELL"))
    }

    /// A browser command that ran and failed (as a browser does when the page it opened cannot
    /// load, the provider down) is not "no browser could be opened".
    @Test(arguments: Language.allCases)
    func aBrowserThatRanAndFailedIsNotCalledNoBrowser(language: Language) {
        let words = LoginProgress.describe(.failed(command: "xdg-open", status: 4, output: "x"), verbose: false)
        let text = words.text(language)
        #expect(!text.hasPrefix("No browser could be opened"))
        #expect(!text.hasPrefix("브라우저를 열 수 없었습니다"))
        #expect(text.contains("xdg-open") && text.contains("4"))
        let none = LoginProgress.describe(.noDisplay, verbose: false).text(language)
        #expect(
            none.hasPrefix(language == .english ? "No browser could be opened: there is no display" : "브라우저를 열 수 없었습니다")
        )
    }
}
