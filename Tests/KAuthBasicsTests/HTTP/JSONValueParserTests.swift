import Foundation
import Testing

@testable import KAuthBasics

/// `JSONValue.parsing` must accept only what JSONDecoder accepts, with the same value: callers
/// hand what it refuses to JSONDecoder.
@Suite struct JSONValueParserTests {
    static func viaJSONDecoder(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test(arguments: [
        #"{"a": "b", "n": -12.5e-3, "list": [1, 2.0, -0, 1E2, true, false, null, [], {}], "o": {"x": {"y": [{"z": 0}]}}}"#,
        #"  [ "esc\"aped\\ \/ \b\f\n\r\t", "\u00e9\u4e2d\ud83d\ude00", "é中😀", "" ]  "#,
        "\t{\r\n\"k\" :\"v\"\n}\n", #""top""#, "12", "-0.0", "true", "null", #"{"":""}"#,
        #"{"big": 1.7976931348623157e308, "small": 5e-324, "int": 9007199254740993}"#
    ])
    func readsWhatJSONDecoderReadsTheSame(text: String) throws {
        let ours = try #require(JSONValue.parsing(Data(text.utf8)))
        #expect(ours == Self.viaJSONDecoder(text))
    }

    /// What it refuses: not JSON (JSONDecoder refuses it too), or left to JSONDecoder.
    @Test(arguments: [
        "", " ", "{", "}", "[1,]", #"{"a":1,}"#, "[1 2]", #"{"a" 1}"#, #"{a: 1}"#, "01", "-", "1.", ".5", "1e", "+1",
        "0x10", "NaN", "Infinity", "tru", "nul", #""\x""#, #""\u12""#, #""\ud800""#, #""\udc00x""#, "\"a\u{1}b\"",
        #""open"#, "[1] [2]", "1e400", #"{"a": 1, "a": 2}"#,
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    ])
    func refuses(text: String) {
        #expect(JSONValue.parsing(Data(text.utf8)) == nil)
    }

    @Test func refusesBytesThatAreNotUTF8() {
        #expect(JSONValue.parsing(Data([0x22, 0xC3, 0x28, 0x22])) == nil)
        #expect(JSONValue.parsing(Data([0x22, 0xFF, 0x22])) == nil)
    }

    /// Values of every kind, nested, written by JSONEncoder (compact and pretty), read back by both.
    @Test func readsWhatJSONEncoderWrites() throws {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["a", "é", "中", "😀", "\"", "\\", "/", "\n", "\u{1}", "\u{7F}", " ", "0"]
        func value(_ depth: Int) -> JSONValue {
            switch next(depth > 3 ? 5 : 7) {
            case 0: return .null
            case 1: return .bool(next(2) == 0)
            case 2: return .number(Double(next(2_000_001) - 1_000_000) / Double([1, 10, 1000][next(3)]))
            case 3, 4: return .string((0..<next(8)).map { _ in pieces[next(pieces.count)] }.joined())
            case 5: return .array((0..<next(5)).map { _ in value(depth + 1) })
            default:
                return .object(
                    Dictionary(
                        (0..<next(5)).map { _ in ("k\(next(100))", value(depth + 1)) }, uniquingKeysWith: { a, _ in a })
                )
            }
        }
        for round in 0..<300 {
            let original = value(0)
            let encoder = JSONEncoder()
            encoder.outputFormatting = round % 2 == 0 ? [.prettyPrinted, .sortedKeys] : []
            let data = try encoder.encode(original)
            let ours = JSONValue.parsing(data)
            let theirs = try JSONDecoder().decode(JSONValue.self, from: data)
            #expect(ours != nil && ours == theirs, "\(original)")
        }
    }
}
