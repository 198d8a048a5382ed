/// "Did you mean" candidates by edit distance, as git and gh suggest them.
enum Suggestions {
    /// The closest candidates within a distance that scales with the word's length.
    static func closest(to word: String, in candidates: [String]) -> [String] {
        let limit = max(1, min(3, word.count / 3 + 1))
        var scored: [(name: String, distance: Int)] = []
        for candidate in candidates {
            let score = distance(word.lowercased(), candidate.lowercased())
            if score <= limit || (word.count >= 3 && candidate.hasPrefix(word)) {
                scored.append((candidate, score))
            }
        }
        scored.sort { $0.distance == $1.distance ? $0.name < $1.name : $0.distance < $1.distance }
        return scored.prefix(3).map { $0.name }
    }

    /// Damerau–Levenshtein distance (optimal string alignment), so `tokne` is one edit from `token`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
