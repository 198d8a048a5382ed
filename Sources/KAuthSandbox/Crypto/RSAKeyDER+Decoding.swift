import KAuthBasics
import KAuthCore

/// Reading PKCS#1 DER back (RFC 8017 Appendix A.1): Security hands a private key out only as DER,
/// and the sandbox exports its key as a JWK to keep it in the state file. The client never reads
/// DER, so this half of `RSAKeyDER` lives here.
extension RSAKeyDER {
    /// The integers of a SEQUENCE of non-negative INTEGERs (leading zero octets removed, zero as
    /// `[0]`), or nil when `der` is anything else.
    static func decodeIntegers(_ der: [UInt8]) -> [[UInt8]]? {
        var index = 0
        guard let (tag, sequenceLength) = header(der, &index), tag == 0x30, index + sequenceLength == der.count else {
            return nil
        }
        var integers: [[UInt8]] = []
        while index < der.count {
            guard let (tag, count) = header(der, &index), tag == 0x02, count >= 1, index + count <= der.count else {
                return nil
            }
            let value = der[index..<index + count]
            guard value.first! & 0x80 == 0 else { return nil }
            let trimmed = Array(value.drop { $0 == 0 })
            integers.append(trimmed.isEmpty ? [0] : trimmed)
            index += count
        }
        return integers
    }

    private static func header(_ der: [UInt8], _ index: inout Int) -> (tag: UInt8, length: Int)? {
        guard index + 2 <= der.count else { return nil }
        let tag = der[index]
        let first = der[index + 1]
        index += 2
        if first < 0x80 { return (tag, Int(first)) }
        let octetCount = Int(first & 0x7F)
        guard (1...3).contains(octetCount), index + octetCount <= der.count else { return nil }
        var length = 0
        for octet in der[index..<index + octetCount] {
            length = length << 8 | Int(octet)
        }
        index += octetCount
        return (tag, length)
    }
}
