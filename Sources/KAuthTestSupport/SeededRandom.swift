import Foundation
import KAuthBasics
import KAuthCore

extension RandomSource {
    /// Repeatable bytes for tests: the same seed gives the same sequence, so generated codes and
    /// tokens are stable from run to run. SplitMix64 (Steele, Lea, Flood 2014) is used for its
    /// good spread of bits from any seed, not for secrecy: never use this outside tests.
    package static func seeded(_ seed: UInt64) -> RandomSource {
        let generator = SplitMix64(seed)
        return RandomSource { count in generator.bytes(count) }
    }
}

private final class SplitMix64: @unchecked Sendable {
    private let lock = NSLock()
    private var state: UInt64

    init(_ seed: UInt64) {
        state = seed
    }

    func bytes(_ count: Int) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            for shift in stride(from: 0, to: 64, by: 8) where out.count < count {
                out.append(UInt8(truncatingIfNeeded: z >> UInt64(shift)))
            }
        }
        return out
    }
}
