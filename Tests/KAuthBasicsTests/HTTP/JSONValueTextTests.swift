import Foundation
import Testing

@testable import KAuthBasics

/// `jsonText` writes by hand what JSONEncoder would, byte for byte: compared here with
/// JSONEncoder on chosen values and on a few hundred generated ones, compact and pretty.
@Suite struct JSONValueTextTests {
    static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func expectSame(_ value: JSONValue, _ note: String = "") throws {
        for pretty in [false, true] {
            let expected = String(decoding: try encoder(pretty: pretty).encode(value), as: UTF8.self)
            #expect(value.jsonText(pretty: pretty) == expected, "\(note) pretty: \(pretty)")
        }
    }

    @Test func chosenValues() throws {
        var controls = ""
        for code in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(code))) }
        let values: [JSONValue] = [
            .null, .bool(true), .bool(false), .number(0), .number(-0.0), .number(42), .number(-7), .number(1.5),
            .number(0.1), .number(1e-7), .number(1e20), .number(999_999_999_999_999), .number(1e15),
            .string(""), .string(controls), .string("q\"\\/\u{7F}é한글😀\u{200F}"),
            .array([]), .object([:]), .array([.array([]), .object([:])]),
            .object([
                "b": .null, "A": .null, "a10": .null, "a2": .null, "_x": .null, "Z": .null, "aB": .null, "a_b": .null,
                "é": .null, "e": .null, "": .null
            ]),
            .object(["Version": .number(1), "nested": .object(["list": .array([.string("x"), .number(2), .null])])])
        ]
        for value in values { try Self.expectSame(value, "\(value)") }
    }

    @Test func generatedValues() throws {
        var random = SeededGenerator(seed: 7)
        let pieces = ["a", "Z", "_", "-", "/", "\"", "\\", "\n", "\u{1}", "é", "한", "😀", " ", "0", "9"]
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        func value(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &random))
            case 2:
                return .number(
                    Bool.random(using: &random)
                        ? Double(Int.random(in: -1_000_000...1_000_000, using: &random))
                        : Double.random(in: -1e6...1e6, using: &random))
            case 3: return .string(text())
            case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for _ in 0..<Int.random(in: 0...4, using: &random) { members[text()] = value(depth + 1) }
                return .object(members)
            }
        }
        for index in 0..<300 { try Self.expectSame(value(0), "value \(index)") }
    }
}

/// SplitMix64: the same values on every run, so a failure names a value that can be found again.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
