/// Finds the nearest known word to a misspelled one, for "did you mean" hints in
/// error messages about files a person wrote by hand.
public enum DidYouMean {
    /// The candidate closest to `word` by edit distance, when it is close enough to be
    /// a likely typo (at most 2 edits, or a third of the word's length).
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        candidates.map { ($0, editDistance(word, $0)) }
            .filter { $0.1 <= max(2, word.count / 3) }
            .min { $0.1 < $1.1 }?.0
    }

    /// ` (did you mean "x"?)` when `word` looks like a typo of `x` among `candidates`;
    /// empty otherwise. Put it straight after the quoted wrong word in a message.
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// The Levenshtein distance: insertions, deletions and substitutions.
    public static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1,
                    previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
