import Testing

@testable import AssessTUI

/// Input that arrives at set times (milliseconds) on a clock of its own, read as
/// ``CursesTerminal`` reads the real terminal: no sleeping.
private final class TimedInput: RawKeySource {
    private(set) var now = 0
    private var arrivals: [(at: Int, read: RawRead)]

    init(_ arrivals: [(at: Int, read: RawRead)]) {
        self.arrivals = arrivals.sorted { $0.at < $1.at }
    }

    var isEmpty: Bool { arrivals.isEmpty }

    func readRaw(timeoutMilliseconds: Int?) -> RawRead {
        guard let first = arrivals.first else {
            now += timeoutMilliseconds ?? 0
            return .nothing
        }
        if let timeout = timeoutMilliseconds, first.at > now + timeout {
            now += timeout
            return .nothing
        }
        now = max(now, first.at)
        arrivals.removeFirst()
        return first.read
    }

    func inputArrives(withinMilliseconds milliseconds: Int) -> Bool {
        if let first = arrivals.first, first.at <= now + milliseconds {
            now = max(now, first.at)
            return true
        }
        now += milliseconds
        return false
    }
}

/// Characters typed one every `interval` ms from `start`.
private func typed(_ text: String, from start: Int = 0, every interval: Int) -> [(at: Int, read: RawRead)] {
    text.enumerated().map { (start + $0.offset * interval, .key(.character($0.element))) }
}

/// Every key the stream hands out until the input is used up and a second passes quietly.
private func keys(_ input: TimedInput, timeout: Int? = 1000) -> [Key] {
    var stream = KeyStream()
    var keys: [Key] = []
    var quiet = 0
    while quiet < 2 {
        if let key = stream.next(timeoutMilliseconds: timeout, from: input) {
            keys.append(key)
            quiet = 0
        } else if input.isEmpty {
            quiet += 1
        }
    }
    return keys
}

/// What reaches the exam's fields once the sitting's paste filter has seen `keys`, and the
/// pastes it rejected.
private func filtered(_ keys: [Key]) -> (passed: [Key], rejected: [Int]) {
    var filter = PasteFilter()
    var passed: [Key] = []
    var rejected: [Int] = []
    for key in keys {
        switch filter.filter(key) {
        case .pass(let key): passed.append(key)
        case .swallowed: break
        case .rejected(let count): rejected.append(count)
        }
    }
    return (passed, rejected)
}

private func text(_ keys: [Key]) -> String {
    String(keys.compactMap { if case .character(let character) = $0 { character } else { nil } })
}

@Suite("Key stream: Alt chords, pastes without brackets, bytes that are not text")
struct KeyStreamTests {
    @Test("Alt-x (Escape and x at once) is one chord, never the letter")
    func altChordIsOneKey() {
        let input = TimedInput([
            (0, .key(.escape)), (0, .key(.character("x"))),
            (500, .key(.escape)), (500, .key(.control("q"))),
            (900, .key(.escape)), (900, .key(.enter)),
        ])
        #expect(keys(input) == [.alt(.character("x")), .alt(.control("q")), .alt(.enter)])
    }

    @Test("Escape pressed on its own, then a letter later, stays two keys")
    func loneEscapeThenALetter() {
        let input = TimedInput([(0, .key(.escape)), (120, .key(.character("x"))), (400, .key(.escape))])
        #expect(keys(input) == [.escape, .character("x"), .escape])
    }

    @Test("Escape followed at once by a key that makes no chord hands both out")
    func escapeBeforeAnArrow() {
        let input = TimedInput([(0, .key(.escape)), (0, .key(.up)), (0, .key(.escape)), (0, .key(.escape))])
        #expect(keys(input) == [.escape, .up, .escape, .escape])
    }

    @Test("Typing at any human speed goes in, key repeat included", arguments: [8, 15, 30, 60, 250])
    func typingGoesIn(interval: Int) {
        let sentence = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 3)
        let result = filtered(keys(TimedInput(typed(sentence, every: interval))))
        #expect(text(result.passed) == sentence)
        #expect(result.rejected.isEmpty)
    }

    @Test("Keys typed ahead while the program was busy go in, up to the threshold")
    func typedAheadGoesIn() {
        let ahead = String(repeating: "a", count: KeyStream.burstThreshold)
        let result = filtered(keys(TimedInput(typed(ahead, every: 0) + typed("bc", from: 400, every: 100))))
        #expect(text(result.passed) == ahead + "bc")
        #expect(result.rejected.isEmpty)
    }

    @Test(
        "An input method's commit, a few CJK characters in one write, goes in",
        arguments: ["日本語", "안녕하세요", "今日は良い天気ですね", "我们明天去北京"])
    func inputMethodCommitGoesIn(commit: String) {
        let input = TimedInput(
            typed("ab", every: 90) + typed(commit, from: 300, every: 0) + typed("c", from: 700, every: 1))
        let result = filtered(keys(input))
        #expect(text(result.passed) == "ab" + commit + "c")
        #expect(result.rejected.isEmpty)
    }

    @Test("10,000 characters at once are one paste: nothing goes in, one rejection with the count")
    func pasteWithoutBracketsIsRejected() {
        let pasted = String((0..<10_000).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
        let input = TimedInput(
            typed("hi", every: 100) + typed(pasted, from: 500, every: 0) + typed("ok", from: 2000, every: 100))
        let stream = keys(input)
        let result = filtered(stream)
        #expect(text(result.passed) == "hiok")
        #expect(result.rejected == [10_000])
        #expect(stream.filter { $0 == .pasteBegin }.count == 1)
    }

    @Test("A paste written in chunks, as a terminal delivers a large one, is still one paste")
    func chunkedPasteIsOnePaste() {
        // 5,000 characters in writes of 1,000, one every 2 ms, with newlines.
        var arrivals: [(at: Int, read: RawRead)] = []
        for index in 0..<5_000 {
            arrivals.append((index / 1_000 * 2, index % 80 == 79 ? .key(.enter) : .key(.character("z"))))
        }
        let result = filtered(keys(TimedInput(arrivals)))
        #expect(result.passed.isEmpty)
        #expect(result.rejected == [5_000])
    }

    @Test("A bracketed paste is left to its own markers")
    func bracketedPasteKeepsItsMarkers() {
        let pasted = String(repeating: "p", count: 100)
        let input = TimedInput([(0, .key(.pasteBegin))] + typed(pasted, every: 0) + [(0, .key(.pasteEnd))])
        let stream = keys(input)
        #expect(stream.filter { $0 == .pasteBegin }.count == 1)
        #expect(filtered(stream).rejected == [100])
    }

    @Test("450 bytes that are not text are dropped and reported once, with their count")
    func invalidBytesAreReportedOnce() {
        let input = TimedInput(
            Array(repeating: (0, RawRead.invalid(bytes: 1)), count: 450) + typed("ok", from: 1000, every: 100))
        #expect(keys(input) == [.invalidInput(bytes: 450), .character("o"), .character("k")])
    }

    @Test("Bytes that are not text among keys: the keys pass, the bytes are reported once the input is quiet")
    func invalidBytesAmongKeys() {
        var arrivals = typed("abc", every: 10)
        arrivals += [(5, .invalid(bytes: 1)), (15, .invalid(bytes: 1)), (16, .invalid(bytes: 1))]
        #expect(
            keys(TimedInput(arrivals)) == [.character("a"), .character("b"), .character("c"), .invalidInput(bytes: 3)])
    }

    @Test("Dropped bytes are reported even when the loop waits without a timeout")
    func invalidBytesReportedWithoutATimeout() {
        let input = TimedInput(Array(repeating: (0, RawRead.invalid(bytes: 1)), count: 3))
        var stream = KeyStream()
        #expect(stream.next(timeoutMilliseconds: nil, from: input) == .invalidInput(bytes: 3))
    }

    @Test("A hang-up inside a paste ends it at once")
    func hangupInsideAPaste() {
        let input = TimedInput(typed(String(repeating: "q", count: 50), every: 0) + [(1, .key(.hangup))])
        let stream = keys(input)
        #expect(stream.first == .pasteBegin)
        #expect(stream.last == .hangup)
    }
}

/// `text` as the keys curses hands out for it: Escape for ESC, each other byte a character.
private func terminalKeys(_ text: String, at time: Int) -> [(at: Int, read: RawRead)] {
    text.map { (time, .key($0 == "\u{1B}" ? .escape : .character($0))) }
}

/// The keys and the terminal's replies the stream hands out for `input`.
private func keysAndReplies(_ input: TimedInput) -> (keys: [Key], replies: [TerminalReply]) {
    var stream = KeyStream()
    var keys: [Key] = []
    var replies: [TerminalReply] = []
    var quiet = 0
    while quiet < 2 {
        let key = stream.next(timeoutMilliseconds: 1000, from: input)
        replies += stream.takeReplies()
        if let key {
            keys.append(key)
            quiet = 0
        } else if input.isEmpty {
            quiet += 1
        }
    }
    return (keys, replies)
}

@Suite("Key stream: the terminal's replies are taken out of the keys")
struct TerminalReplyKeyTests {
    @Test("Device attributes, a cell's size and kitty's answer are replies, never keys")
    func repliesAreTakenOut() {
        let input = TimedInput(
            terminalKeys("\u{1B}_Gi=31;OK\u{1B}\\", at: 10) + terminalKeys("\u{1B}[6;16;8t", at: 10)
                + terminalKeys("\u{1B}[?62;4;22c", at: 10) + typed("ab", from: 300, every: 100))
        let result = keysAndReplies(input)
        #expect(result.keys == [.character("a"), .character("b")])
        #expect(
            result.replies == [
                .kittyGraphics(id: 31, ok: true), .cellSize(CellPixels(width: 8, height: 16)),
                .deviceAttributes([62, 4, 22]),
            ])
    }

    @Test("A reply that comes among typed keys leaves the keys as typed")
    func aReplyAmongTypedKeys() {
        let input = TimedInput(
            [(0, .key(.character("x")))] + terminalKeys("\u{1B}[?1;2c", at: 0) + [(0, .key(.character("y")))])
        let result = keysAndReplies(input)
        #expect(text(result.keys) == "xy")
        #expect(result.replies == [.deviceAttributes([1, 2])])
    }

    @Test("A reply split over two writes is still one reply")
    func aSplitReply() {
        let input = TimedInput(terminalKeys("\u{1B}[?62;", at: 0) + terminalKeys("4c", at: 20))
        let result = keysAndReplies(input)
        #expect(result.keys.isEmpty)
        #expect(result.replies == [.deviceAttributes([62, 4])])
    }

    @Test("What only starts like a reply stays the keys it is")
    func lookalikesStayKeys() {
        let input = TimedInput(
            terminalKeys("\u{1B}[x", at: 0) + terminalKeys("\u{1B}[?1", at: 500) + terminalKeys("\u{1B}_x", at: 900))
        let result = keysAndReplies(input)
        #expect(result.replies.isEmpty)
        #expect(
            result.keys == [
                .alt(.character("[")), .character("x"),
                .alt(.character("[")), .character("?"), .character("1"),
                .alt(.character("_")), .character("x"),
            ])
    }
}
