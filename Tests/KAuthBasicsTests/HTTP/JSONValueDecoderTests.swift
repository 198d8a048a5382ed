import Foundation
import Testing

@testable import KAuthBasics

/// JSONValueDecoder must give what JSONDecoder gives for the same JSON: the same values, and for
/// bad input the same kind of error at the same coding path (the keystore's messages are made
/// from them). Each case runs both and compares.
@Suite struct JSONValueDecoderTests {
    struct Inner: Codable, Equatable {
        enum Kind: String, Codable, Equatable { case first, second = "the_second" }
        var name: String
        var count: Int
        var ratio: Double?
        var flag: Bool?
        var kind: Kind?
        var tags: [String]
        var when: Date?
        var small: UInt8?
        var float: Float?

        enum CodingKeys: String, CodingKey {
            case name, count, ratio, flag, kind, tags, when, small, float
        }
    }

    struct Outer: Codable, Equatable {
        var version: Int
        var inner: Inner
        var list: [Inner]?
        var byName: [String: Inner]
        var maybe: [String?]?
        var grid: [[Int]]?
        var stamp: Date
        var blob: Data?
        var link: URL?

        enum CodingKeys: String, CodingKey {
            case version, inner, list, maybe, grid, stamp, blob, link
            case byName = "by_name"
        }
    }

    /// Dates as the keystore keeps them: RFC 3339 strings read by a closure.
    static let readDate: @Sendable (any Decoder) throws -> Date = { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date")
        }
        return date
    }

    static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(readDate)
        return decoder
    }

    static let valid = #"""
        {"version": 1, "stamp": "2025-01-02T03:04:05Z",
         "inner": {"name": "a", "count": 3, "ratio": 0.5, "flag": true, "kind": "the_second", "tags": ["x", "y"],
                   "when": "2030-06-07T08:09:10Z", "small": 255, "float": 1.25},
         "list": [{"name": "b", "count": -2, "tags": [], "ratio": null}, {"name": "c", "count": 1e2, "tags": ["z"], "float": 2}],
         "by_name": {"one": {"name": "d", "count": 0, "tags": []}, "two": {"name": "e", "count": 7, "tags": ["w"], "kind": "first"}},
         "maybe": ["p", null, "q"], "grid": [[1, 2], [], [3]], "blob": "aGVsbG8=", "link": "https://example.com/a?b=c"}
        """#

    /// What each decoder did with `json`: the value, or the error's parts that matter.
    enum Outcome: Equatable {
        case value(Outer)
        case keyNotFound(key: String, path: [String])
        case typeMismatch(type: String, path: [String])
        case valueNotFound(type: String, path: [String])
        case dataCorrupted(path: [String])
        case other(String)
    }

    static func outcome(_ decode: () throws -> Outer) -> Outcome {
        func path(_ context: DecodingError.Context) -> [String] {
            context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
        }
        do {
            return .value(try decode())
        } catch DecodingError.keyNotFound(let key, let context) {
            return .keyNotFound(key: key.stringValue, path: path(context))
        } catch DecodingError.typeMismatch(let type, let context) {
            return .typeMismatch(type: "\(type)", path: path(context))
        } catch DecodingError.valueNotFound(let type, let context) {
            return .valueNotFound(type: "\(type)", path: path(context))
        } catch DecodingError.dataCorrupted(let context) {
            return .dataCorrupted(path: path(context))
        } catch {
            return .other("\(error)")
        }
    }

    static func both(_ json: String) -> (ours: Outcome, theirs: Outcome) {
        let data = Data(json.utf8)
        return (
            outcome { try JSONValueDecoder(dateDecoding: readDate).decode(Outer.self, from: data) },
            outcome { try jsonDecoder().decode(Outer.self, from: data) }
        )
    }

    @Test func decodesNestedValuesAsJSONDecoderDoes() throws {
        let (ours, theirs) = Self.both(Self.valid)
        #expect(ours == theirs)
        guard case .value(let outer) = ours else {
            Issue.record("not decoded: \(ours)")
            return
        }
        #expect(outer.inner.kind == .second && outer.inner.small == 255 && outer.inner.float == 1.25)
        #expect(outer.list?[1].count == 100 && outer.list?[0].ratio == nil)
        #expect(outer.byName["two"]?.tags == ["w"] && outer.maybe == ["p", nil, "q"] && outer.grid == [[1, 2], [], [3]])
        #expect(outer.stamp == Date(timeIntervalSince1970: 1_735_787_045))
        #expect(outer.blob == Data("hello".utf8) && outer.link?.host == "example.com")
    }

    /// What it encodes, it decodes back, as JSONDecoder does.
    @Test func roundTripsWhatJSONEncoderWrote() throws {
        let data = Data(Self.valid.utf8)
        let outer = try Self.jsonDecoder().decode(Outer.self, from: data)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle()))
        }
        let again = try encoder.encode(outer)
        #expect(try JSONValueDecoder(dateDecoding: Self.readDate).decode(Outer.self, from: again) == outer)
    }

    /// Without a date closure, dates are read as `Date` reads itself (JSONDecoder's default).
    @Test func withoutADateClosureDatesDecodeThemselves() throws {
        struct Stamped: Codable, Equatable { var at: Date }
        let data = try JSONEncoder().encode(Stamped(at: Date(timeIntervalSinceReferenceDate: 12.5)))
        #expect(
            try JSONValueDecoder().decode(Stamped.self, from: data) == JSONDecoder().decode(Stamped.self, from: data))
    }

    /// Each kind of error, where JSONDecoder puts it.
    @Test(arguments: [
        // A missing key: keyNotFound at the container.
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"count": 1, "tags": []}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {"k": {"name": "a", "count": 1}}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {}, "list": [{"name": "a", "count": 1, "tags": []}, {"name": "b", "tags": []}]}"#,
        // Null where a value must be: valueNotFound at the member.
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": null, "count": 1, "tags": []}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": null, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": null}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": ["x", null]}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {"k": null}}"#,
        #"{"version": null, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {}}"#,
        #"{"version": 1, "stamp": null, "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {}}"#,
        // The wrong kind of value: typeMismatch at the member.
        #"{"version": "1", "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": 5, "count": 1, "tags": []}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": true, "tags": []}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": {}}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": [1]}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": [], "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": [], "flag": 1}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": [], "ratio": "x"}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": []}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {}, "grid": [[1], ["2"]]}"#,
        #"{"version": 1, "stamp": 5, "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {}}"#,
        #"[]"#,
        #""text""#,
        // Values that do not fit: dataCorrupted (a raw value, a date the closure refuses, base64, a URL).
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": [], "kind": "third"}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "yesterday", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {}}"#,
        #"{"version": 1, "stamp": "2025-01-02T03:04:05Z", "inner": {"name": "a", "count": 1, "tags": []}, "by_name": {}, "blob": "!!"}"#,
        // Not JSON: dataCorrupted at the top.
        #"{"version": 1,"#,
        #""#,
        #"{"version": 01}"#
    ])
    func errorsMatchJSONDecoder(json: String) {
        let (ours, theirs) = Self.both(json)
        #expect(ours == theirs, "\(json)")
        if case .value = ours { Issue.record("decoded: \(json)") }
    }

    /// Where JSONDecoder fails a number that does not fit its integer type with "not valid JSON" at
    /// the top (so the keystore would call the whole file not JSON), this decoder says where.
    @Test(arguments: [
        (#"{"count": 1.5}"#, "count"), (#"{"count": 1e300}"#, "count"), (#"{"small": 256}"#, "small"),
        (#"{"small": -1}"#, "small"), (#"{"float": 1e300}"#, "float")
    ])
    func aNumberThatDoesNotFitIsCorruptAtItsPath(json: String, key: String) {
        struct Numbers: Decodable {
            var count: Int?
            var small: UInt8?
            var float: Float?
        }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Numbers.self, from: Data(json.utf8)) }
        do {
            _ = try JSONValueDecoder().decode(Numbers.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == [key])
            #expect(context.debugDescription.contains("does not fit"))
        } catch {
            Issue.record("\(json): \(error)")
        }
    }

    /// JSONValue keeps numbers as Doubles, exact for integers up to 2^53 only: beyond, this
    /// decoder refuses an integer rather than give one JSONDecoder would not.
    @Test func anIntegerBeyondWhatADoubleKeepsIsRefused() throws {
        struct Count: Decodable { var count: Int }
        let exact = Data(#"{"count": 9007199254740991}"#.utf8)
        #expect(try JSONValueDecoder().decode(Count.self, from: exact).count == 9_007_199_254_740_991)
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Count.self, from: Data(#"{"count": 9007199254740993}"#.utf8))
        }
    }

    /// Absent and null are both nil for `decodeIfPresent`; `decodeNil(forKey:)` of an absent key
    /// is keyNotFound, as with JSONDecoder; an unkeyed container read past its end is valueNotFound.
    @Test func nilAndTheEndOfAnArrayAsJSONDecoder() throws {
        struct Probe: Decodable, Equatable {
            var absent: String?
            var null: String?
            var nilOfAbsent: String
            var past: String
            enum CodingKeys: String, CodingKey { case a, n, list }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                absent = try container.decodeIfPresent(String.self, forKey: .a)
                null = try container.decodeIfPresent(String.self, forKey: .n)
                do {
                    _ = try container.decodeNil(forKey: .a)
                    nilOfAbsent = "no error"
                } catch DecodingError.keyNotFound(let key, let context) {
                    nilOfAbsent =
                        key.stringValue + " at " + context.codingPath.map(\.stringValue).joined(separator: ".")
                }
                var list = try container.nestedUnkeyedContainer(forKey: .list)
                #expect(try list.decodeNil() && !list.isAtEnd)
                _ = try list.decode(Int.self)
                #expect(list.isAtEnd && list.currentIndex == 2 && list.count == 2)
                do {
                    _ = try list.decode(String.self)
                    past = "no error"
                } catch DecodingError.valueNotFound(let type, let context) {
                    past = "\(type) at \(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })"
                }
            }
        }
        let data = Data(#"{"n": null, "list": [null, 2]}"#.utf8)
        let ours = try JSONValueDecoder().decode(Probe.self, from: data)
        #expect(ours == (try JSONDecoder().decode(Probe.self, from: data)))
        #expect(
            ours.absent == nil && ours.null == nil && ours.nilOfAbsent == "a at "
                && ours.past == #"String at ["list", "2"]"#)
    }
}
