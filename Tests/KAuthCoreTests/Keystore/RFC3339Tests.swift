import Foundation
import Testing

@testable import KAuthCore

/// The hand-written form of whole UTC seconds must agree with `Date.ISO8601FormatStyle` (what
/// kauth used before, and still uses for everything else) on every instant it handles.
@Suite struct RFC3339Tests {
    /// Edges (1970, leap days, century years, the last second of 9999) and 20,000 instants spread
    /// over the whole range by a fixed generator.
    static var instants: [Double] {
        var values: [Double] = [
            0, 59, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_400, 4_107_628_799,
            1_735_787_045, 253_402_300_799
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double((state >> 11) % 253_402_300_800))
        }
        return values
    }

    @Test func writesAndReadsAsTheFormatStyleDoes() {
        var disagreements: [String] = []
        for seconds in Self.instants {
            let date = Date(timeIntervalSince1970: seconds)
            let expected = date.formatted(Date.ISO8601FormatStyle())
            let text = RFC3339.string(from: date)
            if text != expected || UTCSeconds.text(seconds) == nil {
                disagreements.append("\(seconds): \(text) \(expected)")
            }
            if UTCSeconds.seconds(expected) != seconds || RFC3339.date(from: expected) != date {
                disagreements.append("read \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// Sub-second instants are written rounded down; text in any other form goes to the format
    /// style, whatever it makes of it.
    @Test func otherFormsAreTheFormatStyles() throws {
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: 1_735_787_045.9)) == "2025-01-02T03:04:05Z")
        #expect(UTCSeconds.text(-1) == nil && UTCSeconds.text(253_402_300_800) == nil)
        let style = { (text: String) -> Date? in
            (try? Date.ISO8601FormatStyle().parse(text))
                ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
        }
        for text in [
            "2023-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-01-02T24:00:00Z", "2025-01-02T03:60:05Z",
            "2025-01-02T03:04:60Z", "1969-12-31T23:59:59Z", "2025-01-02T12:04:05+09:00", "2025-01-02T03:04:05.250Z",
            "2025-01-02 03:04:05Z", "2025-01-0203:04:05Z", "２025-01-02T03:04:05Z", "", "tomorrow"
        ] {
            #expect(UTCSeconds.seconds(text) == nil, "\(text)")
            #expect(RFC3339.date(from: text) == style(text), "\(text)")
        }
        #expect(RFC3339.date(from: "2025-01-02T12:04:05+09:00") == Date(timeIntervalSince1970: 1_735_787_045))
    }
}
