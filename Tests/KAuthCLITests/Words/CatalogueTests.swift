import Foundation
import Testing

/// The catalogue's promises, read from the sources: every message has a Korean text that is
/// Korean, and both texts show the same placeholders (a translation that drops the profile name or
/// the command to run fails here, naming the message's file and line).
@Suite struct CatalogueTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/KAuthCLI")

    static func files() throws -> [(place: String, text: String)] {
        let found = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        return try found.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
            .map { url in
                let place = url.path.components(separatedBy: "/Sources/KAuthCLI/").last ?? url.path
                return (place, try String(contentsOf: url, encoding: .utf8))
            }
    }

    /// One `Localized(en: …, ko: …)` written with string literals.
    struct Entry {
        var place: String
        var english: SwiftLiteral
        var korean: SwiftLiteral
    }

    static func entries() throws -> [Entry] {
        var result: [Entry] = []
        for (place, text) in try files() where !place.hasSuffix("Words/Localized.swift") {
            let characters = Array(text)
            var scanner = LiteralScanner(characters)
            while let start = scanner.find("Localized(en:") {
                let line = characters[..<start].count(where: { $0 == "\n" }) + 1
                guard let english = scanner.concatenation(), scanner.expect(","), scanner.expect("ko:"),
                    let korean = scanner.concatenation()
                else { continue }
                result.append(Entry(place: "\(place):\(line)", english: english, korean: korean))
            }
        }
        return result
    }

    @Test func theCatalogueIsWhereTheMessagesAre() throws {
        #expect(try Self.entries().count > 50)
    }

    @Test func everyMessageHasAKoreanTextInKorean() throws {
        for entry in try Self.entries() {
            let words = entry.english.text.split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 2 }
            guard !words.isEmpty else { continue }
            let hangul = entry.korean.text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
            // An acronym (a column named ID or UUID) is written the same in Korean.
            let acronym = entry.korean.text.allSatisfy { $0.isUppercase || $0.isNumber }
            #expect(hangul || acronym, "\(entry.place): the Korean text is not Korean: \(entry.korean.text)")
        }
    }

    @Test func bothTextsShowTheSamePlaceholders() throws {
        for entry in try Self.entries() {
            #expect(
                entry.english.roots == entry.korean.roots,
                "\(entry.place): English shows \(entry.english.roots.sorted()), Korean \(entry.korean.roots.sorted())")
        }
    }
}

/// A string literal's words (interpolations left out) and the values it interpolates.
struct SwiftLiteral {
    var text = ""
    var interpolations: [String] = []

    /// The value each interpolation starts from (`profile` in `\(profile.visible)`): a translation
    /// may format a value its own way, but shows every one.
    var roots: Set<String> {
        Set(
            interpolations.map { code in
                String(code.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            })
    }
}

/// Reads Swift source one literal at a time: enough of Swift's string syntax (raw `#"…"#`,
/// multi-line `"""`, nested interpolations holding strings) to find a literal's words.
struct LiteralScanner {
    let characters: [Character]
    var index = 0

    init(_ characters: [Character]) { self.characters = characters }

    /// Moves past the next occurrence of `word`; nil when there is none.
    mutating func find(_ word: String) -> Int? {
        let pattern = Array(word)
        while index + pattern.count <= characters.count {
            if Array(characters[index..<(index + pattern.count)]) == pattern {
                let start = index
                index += pattern.count
                return start
            }
            index += 1
        }
        return nil
    }

    mutating func skipSpace() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    mutating func expect(_ word: String) -> Bool {
        skipSpace()
        let pattern = Array(word)
        guard index + pattern.count <= characters.count,
            Array(characters[index..<(index + pattern.count)]) == pattern
        else { return false }
        index += pattern.count
        return true
    }

    /// Literals joined with `+`; nil when the argument is not made of literals.
    mutating func concatenation() -> SwiftLiteral? {
        skipSpace()
        guard var result = literal() else { return nil }
        while true {
            let mark = index
            guard expect("+"), let next = (skipSpace(), literal()).1 else {
                index = mark
                return result
            }
            result.text += next.text
            result.interpolations += next.interpolations
        }
    }

    /// The literal that starts here, if one does.
    mutating func literal() -> SwiftLiteral? {
        var hashes = 0
        var at = index
        while at < characters.count, characters[at] == "#" {
            hashes += 1
            at += 1
        }
        guard at < characters.count, characters[at] == "\"" else { return nil }
        let multiLine = at + 2 < characters.count && characters[at + 1] == "\"" && characters[at + 2] == "\""
        at += multiLine ? 3 : 1
        let close = Array(String(repeating: "\"", count: multiLine ? 3 : 1) + String(repeating: "#", count: hashes))
        let escape = Array("\\" + String(repeating: "#", count: hashes))
        var result = SwiftLiteral()
        while at < characters.count {
            if Array(characters[at..<min(at + close.count, characters.count)]) == close {
                index = at + close.count
                return result
            }
            if Array(characters[at..<min(at + escape.count, characters.count)]) == escape {
                let after = at + escape.count
                if after < characters.count, characters[after] == "(" {
                    index = after + 1
                    let start = index
                    var depth = 1
                    while index < characters.count, depth > 0 {
                        if characters[index] == "\"" || characters[index] == "#", literal() != nil { continue }
                        if characters[index] == "(" { depth += 1 }
                        if characters[index] == ")" { depth -= 1 }
                        index += 1
                    }
                    result.interpolations.append(String(characters[start..<(index - 1)]))
                    at = index
                    continue
                }
                result.text.append(characters[at])
                if after < characters.count { result.text.append(characters[after]) }
                at = after + 1
                continue
            }
            result.text.append(characters[at])
            at += 1
        }
        return nil
    }
}
