import Foundation
import KAuthCore
import Testing

@testable import KAuthCLI

/// Commands read their flags through the typed declarations (`Toggle`, `Option`,
/// `IntegerOption`) and never by name, so a misspelt flag fails to compile instead of reading nil.
@Suite struct TypedFlagsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/KAuthCLI")

    static func swiftFiles() throws -> [URL] {
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    @Test func noFlagIsLookedUpByName() throws {
        // A parsed command read with a string (`command.value("method")`, `has("json")`), the raw
        // values reached around the typed reads, or a hint asking for a flag by name.
        let lookup = try Regex(#"(command|parsed)\s*\.\s*(value|has|all|values)\s*(\(\s*"|\[)|hasFlag\(\s*""#)
        var found: [String] = []
        let files = try Self.swiftFiles()
        #expect(files.count > 40)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(lookup) {
                found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found == [], "flags read by name; declare a Toggle/Option/IntegerOption and read that")
    }

    @Test func aParsedCommandOffersNoReadByName() throws {
        let parser = Self.sources.appendingPathComponent("Flags/ParsedCommand.swift")
        let text = try String(contentsOf: parser, encoding: .utf8)
        let start = try #require(text.range(of: "struct ParsedCommand {"))
        let end = try #require(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
        let body = text[start.upperBound..<end.lowerBound]
        #expect(body.contains("private var values"))
        #expect(!body.contains(try Regex(#"(func|subscript)[^\n]*\(_ \w+: String\)"#)))
    }

    @Test func typedReadsSeeWhatTheLineGave() throws {
        guard
            case .run(_, let parsed) = try ArgumentParser.parse(
                ["login", "--timeout", "9", "--port=0", "--openid", "--scopes", "a", "--scopes", "b"],
                root: Commands.root, globalFlags: GlobalFlags.specs)
        else {
            Issue.record("login did not parse to a command")
            return
        }
        #expect(try parsed.value(LoginCommand.Flags.timeout) == 9)
        #expect(try parsed.port(LoginCommand.Flags.port) == 0)
        #expect(parsed[LoginCommand.Flags.openID])
        #expect(!parsed[LoginCommand.Flags.device])
        #expect(parsed.all(LoginCommand.Flags.scopes) == ["a", "b"])
        #expect(parsed[LoginCommand.Flags.nonce] == nil)
        #expect(parsed.given(among: parsed.flags).map(\.flag.name) == ["scopes", "openid", "port", "timeout"])
    }

    @Test func aNumberOutsideItsRangeIsAUsageErrorNamingTheFlag() throws {
        guard
            case .run(_, let parsed) = try ArgumentParser.parse(
                ["login", "--timeout", "0"], root: Commands.root, globalFlags: GlobalFlags.specs)
        else {
            Issue.record("login did not parse to a command")
            return
        }
        #expect(throws: KAuthError.usage("--timeout needs a whole number from 1 to 86400, not '0'")) {
            try parsed.value(LoginCommand.Flags.timeout)
        }
    }
}
