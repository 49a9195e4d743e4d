/// One read from the terminal, before ``KeyStream`` shapes it.
public enum RawRead: Hashable, Sendable {
    /// A decoded key (``Key/hangup`` included).
    case key(Key)
    /// Nothing came within the read's time (or the read was interrupted).
    case nothing
    /// The read consumed this many bytes that are not text in the terminal's encoding
    /// (invalid UTF-8, or EILSEQ from curses).
    case invalid(bytes: Int)
}

/// Where ``KeyStream`` reads: the terminal's decoded keys, one at a time, and whether more
/// input is on its way. ``CursesTerminal`` is the real one; the tests script one.
public protocol RawKeySource: AnyObject {
    /// One read, waiting up to `timeoutMilliseconds` (forever when `nil`; `0` takes only
    /// what is already there).
    func readRaw(timeoutMilliseconds: Int?) -> RawRead
    /// True when input is waiting or arrives within `milliseconds` (`0`: checked without waiting).
    func inputArrives(withinMilliseconds milliseconds: Int) -> Bool
}

/// Turns the terminal's keys into the keys the screens see:
///
/// - **Alt chords.** A terminal sends Alt-x as Escape and `x` at once; curses returns them
///   as two keys, the second already read when the first is returned. An Escape followed
///   at once by a key is ``Key/alt(_:)``, never the letter (a field then types nothing).
///   An Escape pressed on its own is followed by nothing within curses' escape delay.
/// - **Pastes without brackets.** A terminal that does not bracket a paste (or a program
///   that writes to the terminal, such as `tmux paste-buffer` without `-p`) delivers text
///   faster than any keyboard. When a printable character is read with more input already
///   waiting, the characters that keep arriving with no gap of ``settleMilliseconds`` are
///   counted, without waiting for a typist; more than ``burstThreshold`` makes a paste,
///   reported as ``Key/pasteBegin``, its keys, and ``Key/pasteEnd`` once the input pauses
///   for ``burstGapMilliseconds`` — exactly as a bracketed paste, so ``PasteFilter`` drops
///   it. Typing at any human speed leaves at most a few keys waiting, and an input
///   method's commit (a CJK word or phrase, a handful of characters in one write) stays
///   under the threshold: both go in as typed. What cannot be told apart: a paste of
///   ``burstThreshold`` characters or fewer (it goes in), and more than that many keys
///   typed ahead while the machine did not read them (they are refused as a paste).
/// - **Bytes that are not text.** Invalid UTF-8 is dropped and counted; the count comes
///   once as ``Key/invalidInput(bytes:)`` when the input has been quiet for
///   ``quietMilliseconds``.
/// - **The terminal's replies.** What a terminal answers to a query (``TerminalReply``:
///   `ESC [ ? … c`, `ESC [ 6 ; … t`, `ESC _ G … ESC \`) arrives among the keys; it is taken
///   out whole and kept for ``takeReplies()``, and the read that took it returns `nil`, as
///   when no key came. What only starts like one is handed out as the keys it is.
public struct KeyStream: Sendable {
    /// More printable characters than this in one burst make a paste.
    public static let burstThreshold = 32
    /// Within a burst, the longest wait for the next key (keys from a program arrive
    /// together; a typist's are tens of milliseconds apart at the fastest).
    public static let settleMilliseconds = 5
    /// A paste without brackets ends when no input comes for this long.
    public static let burstGapMilliseconds = 60
    /// Dropped bytes are reported once no input has come for this long.
    public static let quietMilliseconds = 100
    /// Within a terminal's reply, the longest wait for its next character.
    public static let replyMilliseconds = 50
    /// The longest reply read: anything longer is keys.
    public static let longestReply = 4096

    /// Keys already read and judged (not a paste), handed out before anything new.
    private var held: [Key] = []
    /// True between a bracketed paste's markers (the terminal's own).
    private var inBracketedPaste = false
    /// True between a paste without brackets' ``Key/pasteBegin`` and its ``Key/pasteEnd``.
    public private(set) var inBurst = false
    /// Bytes dropped and not reported yet.
    public private(set) var droppedBytes = 0
    /// The terminal's replies read and not taken yet.
    private var replies: [TerminalReply] = []

    public init() {}

    /// True when a key is already read and waiting to be handed out.
    public var hasHeldKeys: Bool { !held.isEmpty }

    /// The terminal's replies read since the last call, oldest first.
    public mutating func takeReplies() -> [TerminalReply] {
        defer { replies = [] }
        return replies
    }

    /// The next key within `timeoutMilliseconds` (forever when `nil`), or `nil` when none came.
    public mutating func next(timeoutMilliseconds: Int?, from source: some RawKeySource) -> Key? {
        while true {
            // A paste's keys pass through unpaired: they are all dropped, or all typed.
            if inBurst, !held.isEmpty { return held.removeFirst() }
            if !held.isEmpty {
                let key = held.removeFirst()
                if key == .escape, !inBracketedPaste, readReply(from: source) { return nil }
                return pairEscape(key, from: source)
            }
            if inBurst {
                switch source.readRaw(timeoutMilliseconds: Self.burstGapMilliseconds) {
                case .key(let key):
                    if key == .hangup { inBurst = false }
                    return key
                case .invalid(let bytes): droppedBytes += bytes
                case .nothing:
                    inBurst = false
                    return .pasteEnd
                }
                continue
            }
            let quietCheck = droppedBytes > 0 && timeoutMilliseconds.map { $0 >= Self.quietMilliseconds } ?? true
            let wait = quietCheck ? Self.quietMilliseconds : timeoutMilliseconds
            switch source.readRaw(timeoutMilliseconds: wait) {
            case .invalid(let bytes):
                droppedBytes += bytes
            case .nothing:
                guard quietCheck else { return nil }
                defer { droppedBytes = 0 }
                return .invalidInput(bytes: droppedBytes)
            case .key(let key):
                if key == .hangup { return key }
                if key == .escape, !inBracketedPaste, readReply(from: source) { return nil }
                if case .character = key, !inBracketedPaste, source.inputArrives(withinMilliseconds: 0) {
                    return judgeBurst(startingWith: key, from: source)
                }
                return pairEscape(key, from: source)
            }
        }
    }

    /// Follows the bracketed paste's markers, and reads an Escape with the key that came
    /// with it as one Alt chord.
    private mutating func pairEscape(_ key: Key, from source: some RawKeySource) -> Key {
        switch key {
        case .pasteBegin: inBracketedPaste = true
        case .pasteEnd: inBracketedPaste = false
        case .escape where !inBracketedPaste:
            let next: RawRead = held.isEmpty ? source.readRaw(timeoutMilliseconds: 0) : .key(held.removeFirst())
            switch next {
            case .key(let following) where Self.makesChord(following):
                return .alt(following)
            case .key(let following):
                held.insert(following, at: 0)
            case .invalid(let bytes): droppedBytes += bytes
            case .nothing: break
            }
        default: break
        }
        return key
    }

    /// After an Escape: reads the terminal's reply that follows it, if one does, into
    /// ``replies`` and returns true. Otherwise the keys read go back, in their order, to be
    /// handed out after the Escape, and it returns false.
    private mutating func readReply(from source: some RawKeySource) -> Bool {
        var read: [Key] = []
        defer { if !read.isEmpty { held.insert(contentsOf: read, at: 0) } }
        guard case .character(let introducer)? = nextForReply(from: source, wait: 0, into: &read),
            introducer == "[" || introducer == "_",
            case .character(let second)? = nextForReply(from: source, wait: 0, into: &read),
            introducer == "[" ? (second == "?" || second == "6") : second == "G"
        else { return false }
        var body = String(second)
        while body.count < Self.longestReply {
            switch nextForReply(from: source, wait: Self.replyMilliseconds, into: &read) {
            case .character(let character)? where TerminalReply.isFinal(character, introducer: introducer):
                body.append(character)
                return keep(TerminalReply.parse(introducer: introducer, body: body), read: &read)
            case .character(let character)? where TerminalReply.mayContinue(character, introducer: introducer):
                body.append(character)
            case .escape? where introducer == "_":
                guard case .character("\\")? = nextForReply(from: source, wait: Self.replyMilliseconds, into: &read)
                else { return false }
                return keep(TerminalReply.parse(introducer: introducer, body: body), read: &read)
            default:
                return false
            }
        }
        return false
    }

    /// Keeps `reply`, when there is one, and forgets the keys it was read as.
    private mutating func keep(_ reply: TerminalReply?, read: inout [Key]) -> Bool {
        guard let reply else { return false }
        replies.append(reply)
        read = []
        return true
    }

    /// The next key of a reply being read (held keys first), noted in `read`; `nil` when
    /// none came within `wait` milliseconds.
    private mutating func nextForReply(from source: some RawKeySource, wait: Int, into read: inout [Key]) -> Key? {
        let raw: RawRead = held.isEmpty ? source.readRaw(timeoutMilliseconds: wait) : .key(held.removeFirst())
        switch raw {
        case .key(let key):
            read.append(key)
            return key
        case .invalid(let bytes):
            droppedBytes += bytes
            return nil
        case .nothing:
            return nil
        }
    }

    /// Keys that Escape turns into an Alt chord when they come with it.
    private static func makesChord(_ key: Key) -> Bool {
        switch key {
        case .character, .control, .enter, .tab, .backTab, .backspace: return true
        default: return false
        }
    }

    /// `first` came with more input waiting: reads what keeps arriving without a pause,
    /// up to one character past the threshold. A paste starts marked; anything less is
    /// handed out as typed.
    private mutating func judgeBurst(startingWith first: Key, from source: some RawKeySource) -> Key {
        var burst = [first]
        var characters = 1
        reading: while characters <= Self.burstThreshold {
            switch source.readRaw(timeoutMilliseconds: 0) {
            case .key(.hangup):
                burst.append(.hangup)
                break reading
            case .key(let key):
                burst.append(key)
                if Self.isText(key) { characters += 1 }
            case .invalid(let bytes):
                droppedBytes += bytes
            case .nothing:
                guard source.inputArrives(withinMilliseconds: Self.settleMilliseconds) else { break reading }
            }
        }
        if characters > Self.burstThreshold {
            inBurst = true
            held = burst
            return .pasteBegin
        }
        held = Array(burst.dropFirst())
        return first
    }

    /// What a paste's size counts: the characters, and the line breaks and tabs between them.
    private static func isText(_ key: Key) -> Bool {
        switch key {
        case .character, .enter, .tab: return true
        default: return false
        }
    }
}
