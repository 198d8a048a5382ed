import Foundation
import KAuthCore
import Testing

@testable import KAuthCLI

/// Commands read their flags as the fields of their own `Options`, parsed before they run, and
/// never by name: a misspelt flag fails to compile instead of reading nil, and another command's
/// options are another type.
@Suite struct TypedFlagsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/KAuthCLI")

    static func swiftFiles() throws -> [URL] {
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    @Test func noFlagIsLookedUpByName() throws {
        // A parsed command read with a string (`command.value("method")`, `has("json")`), the raw
        // values reached around the options, or a hint asking for a flag by name.
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
        #expect(found == [], "flags read by name; give the command's Options a field and bind the flag to it")
    }

    @Test func aParsedCommandOffersNoReadOfItsValues() throws {
        let parser = Self.sources.appendingPathComponent("Flags/ParsedCommand.swift")
        let text = try String(contentsOf: parser, encoding: .utf8)
        let start = try #require(text.range(of: "struct ParsedCommand {"))
        let end = try #require(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
        let body = text[start.upperBound..<end.lowerBound]
        #expect(body.contains("private var values"))
        #expect(!body.contains(try Regex(#"(func|subscript)[^\n]*\(_ \w+: String\)"#)))
        // The one read of a flag's values is the options' own parse, in the same file.
        #expect(!body.contains("subscript"))
        #expect(body.contains("fileprivate func values(of flag: FlagSpec)"))
    }

    func parse(_ line: [String]) throws -> ParsedCommand {
        guard
            case .run(_, let parsed) = try ArgumentParser.parse(
                line, root: Commands.root, globalFlags: GlobalFlags.specs)
        else {
            throw UsageError(message: .verbatim("not a command to run"), commandPath: [])
        }
        return parsed
    }

    @Test func optionsHoldWhatTheLineGave() throws {
        let parsed = try parse(["login", "--timeout", "9", "--port=0", "--openid", "--scopes", "a", "--scopes", "b"])
        let options = try LoginCommand.Options(parsing: parsed)
        #expect(options.timeout == 9)
        #expect(options.port == 0)
        #expect(options.openID)
        #expect(!options.device)
        #expect(options.scopes == ["a", "b"])
        #expect(options.prompt == [])
        #expect(options.nonce == nil)
        #expect(parsed.given(among: parsed.flags).map(\.flag.name) == ["scopes", "openid", "port", "timeout"])
        // A group of options shared by several commands fills its own field.
        let send = try TalkSendCommand.Options(
            parsing: parse(["talk", "send", "--to", "u1", "--text", "hi", "--arg", "a=1", "--arg", "b=2"]))
        #expect(send.to == ["u1"])
        #expect(send.message.text == "hi")
        #expect(send.message.arg == ["a=1", "b=2"])
    }

    @Test func aNumberOutsideItsRangeIsAUsageErrorNamingTheFlag() throws {
        let parsed = try parse(["login", "--timeout", "0"])
        do {
            _ = try LoginCommand.Options(parsing: parsed)
            Issue.record("--timeout 0 was taken")
        } catch CommandError.usage(let words) {
            #expect(words.english == "--timeout needs a whole number from 1 to 86400, not '0'")
        }
    }

    /// Every runnable command of the tree, with its path.
    static func commands() -> [(path: String, spec: CommandSpec)] {
        var found: [(String, CommandSpec)] = []
        func visit(_ spec: CommandSpec, _ path: String) {
            if spec.run != nil { found.append((path, spec)) }
            for sub in spec.subcommands { visit(sub, path + " " + sub.name) }
        }
        visit(Commands.root, "kauth")
        return found
    }

    /// The fields of `options` that giving one of its flags changes, by label.
    static func fieldsFilled<Options: CommandOptions>(by type: Options.Type) throws -> (
        fields: [String], filled: Set<String>
    ) {
        func fields(_ options: Options) -> [(String, String)] {
            Mirror(reflecting: options).children.map { ($0.label ?? "?", String(describing: $0.value)) }
        }
        let blank = fields(Options())
        var filled: Set<String> = []
        for flag in Options.flags {
            // "900" fits every number flag's range (`aws credential-process --duration` starts there); a
            // switch is given with an empty value.
            let line = ParsedCommand(
                path: ["kauth"], flags: Options.flags.map(\.spec), globals: [],
                values: [flag.spec.name: [flag.spec.takesValue ? "900" : ""]], arguments: [])
            let given = fields(try Options(parsing: line))
            for (before, after) in zip(blank, given) where before.1 != after.1 { filled.insert(after.0) }
        }
        return (blank.map(\.0), filled)
    }

    static func flagNames<Options: CommandOptions>(_ type: Options.Type) -> [String] {
        Options.flags.map(\.spec.name)
    }

    @Test func everyFieldOfEveryCommandsOptionsIsFilledByAFlag() throws {
        let commands = Self.commands()
        #expect(commands.count > 30)
        for (path, spec) in commands {
            // The spec's flags are its options' flags: help, the man page and completions show
            // exactly what parsing reads.
            #expect(spec.flags.map(\.name) == Self.flagNames(spec.options), "\(path)")
            let (fields, filled) = try Self.fieldsFilled(by: spec.options)
            let unbound = fields.filter { !filled.contains($0) }
            #expect(unbound == [], "\(path): fields no flag fills")
        }
    }
}
