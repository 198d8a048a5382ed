import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A length of time for people, to the two largest units that matter: `5h 59m`, `3m 12s`,
/// `2d 4h` in English; `5시간 59분`, `3분 12초`, `2일 4시간` in Korean, which writes each unit as
/// a word after its number.
struct TimeSpan: Message, Equatable {
    /// Whole seconds, never negative: "ago" and "in" are the sentence's, not the span's.
    var seconds: Int

    init(seconds: Int) { self.seconds = max(0, seconds) }

    var localized: Localized {
        let days = seconds / 86_400
        let hours = seconds % 86_400 / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        if days > 0 { return Localized(en: "\(days)d \(hours)h", ko: "\(days)일 \(hours)시간") }
        if hours > 0 { return Localized(en: "\(hours)h \(minutes)m", ko: "\(hours)시간 \(minutes)분") }
        if minutes > 0 { return Localized(en: "\(minutes)m \(rest)s", ko: "\(minutes)분 \(rest)초") }
        return Localized(en: "\(rest)s", ko: "\(rest)초")
    }
}

/// A moment for people. English keeps RFC 3339 in UTC (`2026-11-22T07:00:00Z`), as kauth always
/// printed it; Korean reads a date the Korean way, year, month, day, then a 24-hour time, and
/// names the zone, since kauth knows no time-zone database and shows UTC in both:
/// `2026년 11월 22일 07:00 UTC`. `--json` keeps RFC 3339 whatever the language.
struct Moment: Message, Equatable {
    var date: Date

    var localized: Localized {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (year, month, day) = Self.civil(days: Int((Double(seconds) / 86_400).rounded(.down)))
        let inDay = ((seconds % 86_400) + 86_400) % 86_400
        let time = Self.twoDigits(inDay / 3600) + ":" + Self.twoDigits(inDay % 3600 / 60)
        return Localized(en: RFC3339.string(from: date), ko: "\(year)년 \(month)월 \(day)일 \(time) UTC")
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Year, month and day of the proleptic Gregorian calendar for days since 1970-01-01
    /// (Howard Hinnant's `civil_from_days`).
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// When something ends, seen from now: `valid until 2026-11-22T07:00:00Z (in 5h 59m)` or
/// `expired at 2026-11-22T07:00:00Z (3m ago)`; in Korean `2026년 11월 22일 07:00 UTC까지 유효
/// (5시간 59분 남음)` or `2026년 11월 22일 07:00 UTC에 만료됨 (3분 전)`. The words of every
/// command that shows a token's life (status, login, token refresh).
struct Expiry: Message, Equatable {
    var date: Date
    var now: Date

    var localized: Localized {
        let seconds = Int(date.timeIntervalSince(now))
        let moment = Moment(date: date).localized
        if seconds > 0 {
            let span = TimeSpan(seconds: seconds).localized
            return Localized(
                en: "valid until \(moment.english) (in \(span.english))",
                ko: "\(moment.korean)까지 유효 (\(span.korean) 남음)")
        }
        let span = TimeSpan(seconds: -seconds).localized
        return Localized(
            en: "expired at \(moment.english) (\(span.english) ago)",
            ko: "\(moment.korean)에 만료됨 (\(span.korean) 전)")
    }
}
