/// Drops bracketed pastes: between ``Key/pasteBegin`` and ``Key/pasteEnd`` it swallows
/// every key, counting the characters, and at the end reports how many were rejected.
/// The pasted text itself is never kept.
///
/// ```swift
/// var filter = PasteFilter()
/// switch filter.filter(key) {
/// case .pass(let key): handle(key)
/// case .swallowed: break
/// case .rejected(let count): showNotice("Pasting is not allowed (\(count) characters ignored)")
/// }
/// ```
///
/// ``Key/resize``, ``Key/hangup`` and ``Key/invalidInput(bytes:)`` are not part of a
/// paste and always pass. A
/// ``Key/pasteEnd`` without a beginning is swallowed.
public struct PasteFilter: Hashable, Sendable {
    /// What to do with a key.
    public enum Outcome: Hashable, Sendable {
        /// Not part of a paste: handle it.
        case pass(Key)
        /// Part of a paste (or a paste marker): ignore it.
        case swallowed
        /// A paste just ended; it held `characterCount` characters, all dropped.
        case rejected(characterCount: Int)
    }

    /// The characters swallowed so far, while a paste is in progress; `nil` otherwise.
    public private(set) var pendingCharacterCount: Int?

    /// Creates a filter outside any paste.
    public init() {}

    /// True between a paste's beginning and its end.
    public var isPasting: Bool { pendingCharacterCount != nil }

    /// Classifies `key`, updating the paste state.
    public mutating func filter(_ key: Key) -> Outcome {
        switch key {
        case .resize, .hangup, .invalidInput:
            return .pass(key)
        case .pasteBegin:
            pendingCharacterCount = pendingCharacterCount ?? 0
            return .swallowed
        case .pasteEnd:
            guard let count = pendingCharacterCount else { return .swallowed }
            pendingCharacterCount = nil
            return .rejected(characterCount: count)
        case .character, .enter, .tab:
            guard let count = pendingCharacterCount else { return .pass(key) }
            pendingCharacterCount = count + 1
            return .swallowed
        default:
            return isPasting ? .swallowed : .pass(key)
        }
    }
}
