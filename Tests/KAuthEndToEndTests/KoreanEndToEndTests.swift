import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// The built kauth in Korean (`LANG=ko_KR.UTF-8`) against a sandbox that answers with Kakao's
/// Korean names (`korean_names`): the login's progress and result, status, scopes, friends and
/// shipping addresses in Korean, tables aligned by display width, `--json` the same bytes as in
/// English, and `LC_ALL=C` English as before.
@Suite(.serialized) struct KoreanEndToEndTests {
    static let korean = ["LANG": "ko_KR.UTF-8"]
    static let english = ["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]

    /// Each line's cells start at the same display columns as the header's: the display width
    /// of what comes before a cell, for the cells found on the line in order.
    static func columns(_ line: Substring, _ cells: [String]) -> [Int] {
        var rest = line
        var before = ""
        var found: [Int] = []
        for cell in cells {
            guard let range = rest.range(of: cell) else { return found }
            before += rest[..<range.lowerBound]
            found.append(width(before))
            before += rest[range]
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// Terminal columns, counted independently of kauth's own code: Hangul, CJK and fullwidth
    /// forms take two, anything else here one.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
                total + 2
            default: total + 1
            }
        }
    }

    @Test func loginStatusAndTablesInKorean() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        try await sandbox.control("/_sandbox/config", [("korean_names", "true"), ("friend_count", "4")])
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()

        let login = try await env.run(
            ["login", "--scopes", "profile_nickname,account_email,friends,shipping_address"], extra: Self.korean)
        #expect(login.code == 0, "\(login.err)")
        #expect(login.err.contains("로그인하도록 브라우저를 엽니다. 열리지 않으면 다음 주소로 이동하십시오."), "\(login.err)")
        #expect(login.err.contains("에 로그인했습니다: "), "\(login.err)")
        #expect(login.err.contains("동의항목: "), "\(login.err)")
        #expect(!login.err.contains("Logged in"), "\(login.err)")

        let status = try await env.run(["status"], extra: Self.korean)
        #expect(status.code == 0, "\(status.err)")
        #expect(status.out.contains("에 로그인되어 있습니다: "), "\(status.out)")
        #expect(status.out.contains("  액세스 토큰    "), "\(status.out)")
        #expect(status.out.contains("UTC까지 유효 ("), "\(status.out)")
        let statusJSON = try await env.run(["status", "--json"], extra: Self.korean)
        let statusJSONEnglish = try await env.run(["status", "--json"], extra: Self.english)
        #expect(statusJSON.out == statusJSONEnglish.out && !statusJSON.out.isEmpty)

        for language in [Self.korean, Self.english] {
            let scopes = try await env.run(["scopes"], extra: language)
            #expect(scopes.code == 0, "\(scopes.err)")
            let lines = scopes.out.split(separator: "\n")
            let header = language == Self.korean ? ["ID", "이름", "유형"] : ["ID", "NAME", "TYPE"]
            #expect(lines.first.map { Self.columns($0, header) } != nil)
            let expected = Self.columns(lines[0], header)
            #expect(expected.count == 3, "\(scopes.out)")
            for line in lines.dropFirst() {
                let id = String(line.prefix { $0 != " " })
                let name = line.dropFirst(id.count).drop { $0 == " " }.prefix { $0 != " " }
                #expect(Self.columns(line, [id, String(name)]) == Array(expected.prefix(2)), "\(scopes.out)")
            }
            #expect(scopes.out.contains("카카오계정(이메일)"), "Kakao's own names: \(scopes.out)")

            let friends = try await env.run(["talk", "friends"], extra: language)
            #expect(friends.code == 0, "\(friends.err)")
            let friendLines = friends.out.split(separator: "\n")
            let nicknameHeader = language == Self.korean ? "닉네임" : "NICKNAME"
            let nicknameColumn = Self.columns(friendLines[0], ["UUID", nicknameHeader])
            for line in friendLines.dropFirst() {
                let uuid = String(line.prefix { $0 != " " })
                let nickname = String(line.dropFirst(uuid.count).drop { $0 == " " }.prefix { $0 != " " })
                #expect(Self.columns(line, [uuid, nickname]) == nicknameColumn, "\(friends.out)")
            }
            #expect(friends.out.contains("라이언"), "\(friends.out)")

            let shipping = try await env.run(["shipping"], extra: language)
            #expect(shipping.code == 0, "\(shipping.err)")
            #expect(shipping.out.contains("판교역로"), "\(shipping.out)")
        }
        let scopesKorean = try await env.run(["scopes", "--json"], extra: Self.korean)
        let scopesEnglish = try await env.run(["scopes", "--json"], extra: Self.english)
        #expect(scopesKorean.out == scopesEnglish.out)

        let english = try await env.run(["status"], extra: Self.english)
        #expect(english.out.hasPrefix("Logged in to Kakao as "), "\(english.out)")
        #expect(english.out.contains("  access token   valid until "), "\(english.out)")
    }

    /// A browser command that runs and then fails, as one does when the provider it opens is
    /// down, is not reported as "no browser could be opened".
    @Test func aBrowserThatRanAndFailedIsSaidAsSuch() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.variables["BROWSER"] = "false"
        for (language, opened, notSaid) in [
            (Self.english, "The browser command false ended with status 1", "No browser could be opened"),
            (Self.korean, "브라우저 명령 false이(가) 상태 1(으)로 끝났습니다", "브라우저를 열 수 없었습니다")
        ] {
            let login = try await env.run(["login", "--timeout", "3"], extra: language)
            #expect(login.code == 6, "\(login.err)")
            #expect(login.err.contains(opened), "\(login.err)")
            #expect(!login.err.contains(notSaid), "\(login.err)")
        }
    }

    /// `--no-browser` with standard input that ends: no browser was tried, and the error says so
    /// instead of "no browser could be started".
    @Test func noBrowserWithoutATerminalSaysWhatWasGiven() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let login = try env.spawn(["login", "--no-browser", "--timeout", "20"], extra: Self.english)
        login.closeInput()
        let result = await login.wait()
        #expect(result.code == 6, "\(result.err)")
        #expect(
            result.err.contains("error: --no-browser was given and standard input is not a terminal"), "\(result.err)")
        #expect(!result.err.contains("no browser could be started"), "\(result.err)")
    }
}
