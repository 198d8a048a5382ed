#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension KeyedDecodingContainer {
    /// A number of seconds a provider sent (`expires_in`, `interval`), clamped into `range`: a
    /// JSON number of any size or sign, or a numeric string as some servers send. Nil when absent
    /// or not a finite number. Bounding on the way in means no answer — 2^63-1, -1e12, 1e300 —
    /// can crash a conversion or store an instant that cannot be read back.
    package func seconds(_ key: Key, clampedTo range: ClosedRange<Int>) -> Int? {
        let seconds: Double
        if let value = try? decodeIfPresent(Double.self, forKey: key) {
            seconds = value
        } else if let text = try? decodeIfPresent(String.self, forKey: key),
            let value = Double(text.trimmingWhitespace())
        {
            seconds = value
        } else {
            return nil
        }
        guard seconds.isFinite else { return nil }
        return Int(min(max(seconds, Double(range.lowerBound)), Double(range.upperBound)))
    }
}
