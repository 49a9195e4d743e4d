import Glibc
import Testing

@testable import AssessTUI

/// Values as `wget_wch` reports them: status 0 is OK, 0o400 is KEY_CODE_YES, -1 is ERR;
/// key codes are the octal values from <ncursesw/curses.h>.
@Suite("Key decoder")
struct KeyDecoderTests {
    private let ok: Int32 = 0
    private let keyCodeYes: Int32 = 0o400
    private let err: Int32 = -1

    /// What `wget_wch` returning OK with the character value `value` decodes to.
    private func typed(_ value: UInt32) -> Key? {
        KeyDecoder.decode(status: ok, value: value)
    }

    private func keyCode(_ code: UInt32) -> Key? {
        KeyDecoder.decode(status: keyCodeYes, value: code)
    }

    @Test("Ctrl-C, Ctrl-Z and Ctrl-\\ arrive as control keys (3, 26, 28)")
    func quitKeysAreControlKeys() {
        #expect(typed(3) == .control("c"))
        #expect(typed(26) == .control("z"))
        #expect(typed(28) == .control("\\"))
        #expect(typed(1) == .control("a"))
        #expect(typed(0) == .control("@"))
        #expect(typed(31) == .control("_"))
    }

    @Test("Enter is 10, 13 or KEY_ENTER")
    func enter() {
        #expect(typed(10) == .enter)
        #expect(typed(13) == .enter)
        #expect(keyCode(0o527) == .enter)
    }

    @Test("Backspace is 127, 8 or KEY_BACKSPACE")
    func backspace() {
        #expect(typed(127) == .backspace)
        #expect(typed(8) == .backspace)
        #expect(keyCode(0o407) == .backspace)
    }

    @Test("Tab, Shift-Tab and Escape")
    func tabAndEscape() {
        #expect(typed(9) == .tab)
        #expect(keyCode(0o541) == .backTab)
        #expect(typed(27) == .escape)
    }

    @Test("Multibyte characters arrive whole", arguments: ["é", "日", "ㅎ", "ế", "a", " ", "€"] as [Unicode.Scalar])
    func multibyteCharacters(scalar: Unicode.Scalar) {
        #expect(typed(scalar.value) == .character(Character(scalar)))
    }

    @Test("A combining mark typed on its own is still a character")
    func combiningMark() {
        #expect(typed(0x301) == .character("\u{0301}"))
    }

    @Test("Arrows and navigation keys")
    func navigationKeys() {
        #expect(keyCode(0o402) == .down)
        #expect(keyCode(0o403) == .up)
        #expect(keyCode(0o404) == .left)
        #expect(keyCode(0o405) == .right)
        #expect(keyCode(0o406) == .home)
        #expect(keyCode(0o550) == .end)
        #expect(keyCode(0o522) == .pageDown)
        #expect(keyCode(0o523) == .pageUp)
        #expect(keyCode(0o512) == .delete)
        #expect(keyCode(0o513) == .insert)
    }

    @Test("Function keys F1 to F12 are numbered")
    func functionKeys() {
        #expect(keyCode(0o410 + 1) == .function(1))
        #expect(keyCode(0o410 + 12) == .function(12))
    }

    @Test("Resize arrives as a key")
    func resize() {
        #expect(keyCode(0o632) == .resize)
    }

    @Test("The bracketed-paste markers are KEY_MAX + 1 and + 2")
    func pasteMarkers() {
        #expect(keyCode(0o777 + 1) == .pasteBegin)
        #expect(keyCode(0o777 + 2) == .pasteEnd)
        #expect(KeyDecoder.pasteBeginCode == 0o777 + 1)
    }

    @Test("ERR means no key")
    func errorIsNoKey() {
        #expect(KeyDecoder.decode(status: err, value: 0) == nil)
    }

    @Test("Unnamed key codes and invalid characters are unknown, not dropped")
    func unknownKeys() {
        #expect(keyCode(0o611) == .unknown(0o611))
        #expect(typed(0xD800) == .unknown(0xD800))
        #expect(typed(0x85) == .unknown(0x85))
    }
}

@Suite("UTF-8 sequences read a byte at a time")
struct UTF8SequenceTests {
    @Test("Lead bytes give their sequence's length; bytes that start none give none")
    func leadBytes() {
        #expect(KeyDecoder.utf8SequenceLength(lead: 0x41) == 1)
        #expect(KeyDecoder.utf8SequenceLength(lead: 0xC3) == 2)
        #expect(KeyDecoder.utf8SequenceLength(lead: 0xE6) == 3)
        #expect(KeyDecoder.utf8SequenceLength(lead: 0xF0) == 4)
        for byte: UInt8 in [0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFE, 0xFF] {
            #expect(KeyDecoder.utf8SequenceLength(lead: byte) == nil)
        }
    }

    @Test("Whole sequences decode; overlong forms, surrogates and short sequences do not")
    func sequences() {
        #expect(KeyDecoder.scalar(fromUTF8: [0xE6, 0x97, 0xA5]) == "日")
        #expect(KeyDecoder.scalar(fromUTF8: [0xC3, 0xA9]) == "é")
        #expect(KeyDecoder.scalar(fromUTF8: [0xF0, 0x9F, 0x98, 0x80]) == "😀")
        #expect(KeyDecoder.scalar(fromUTF8: [0xE0, 0x80, 0x80]) == nil)
        #expect(KeyDecoder.scalar(fromUTF8: [0xED, 0xA0, 0x80]) == nil)
        #expect(KeyDecoder.scalar(fromUTF8: [0xE6, 0x97]) == nil)
        #expect(KeyDecoder.scalar(fromUTF8: [0xC3, 0xA9, 0x41]) == nil)
    }
}

@Suite("Hangup detector")
struct HangupDetectorTests {
    private let eio: Int32 = 5
    private let eintr: Int32 = 4

    private func results(_ detector: inout HangupDetector, _ reads: [HangupDetector.ReadResult]) -> [Bool] {
        reads.map { detector.record($0) }
    }

    @Test("One EIO and then immediate failures, as a closed terminal gives, are a hangup")
    func closedTerminalIsAHangup() {
        var detector = HangupDetector(threshold: 3)
        let seen = results(
            &detector,
            [
                .failed(errorNumber: eio, early: true),
                .failed(errorNumber: 0, early: true),
                .failed(errorNumber: 0, early: true),
            ])
        #expect(seen == [false, false, true])
    }

    @Test("After an EIO even polls that return nothing count, until a key arrives")
    func pollsAfterEIOCount() {
        var detector = HangupDetector(threshold: 3)
        let seen = results(
            &detector,
            [
                .failed(errorNumber: eio, early: false),
                .failed(errorNumber: 0, early: false),
                .failed(errorNumber: 0, early: false),
            ])
        #expect(seen == [false, false, true])
    }

    @Test("Reads that may not wait and find a hung-up input count, with no EIO ever seen")
    func readsOfAHungUpInputCount() {
        var detector = HangupDetector(threshold: 3)
        let seen = results(&detector, [.inputClosed, .failed(errorNumber: 0, early: false), .inputClosed])
        #expect(seen == [false, false, true])
    }

    @Test("Timeouts are not failures")
    func timeoutsAreNotAHangup() {
        var detector = HangupDetector(threshold: 2)
        let seen = results(&detector, Array(repeating: .failed(errorNumber: 0, early: false), count: 5))
        #expect(!seen.contains(true))
    }

    @Test("A key between failures starts the count again")
    func keyResetsTheCount() {
        var detector = HangupDetector(threshold: 2)
        let seen = results(
            &detector,
            [
                .failed(errorNumber: eio, early: true),
                .key,
                .failed(errorNumber: 0, early: false),
                .failed(errorNumber: 0, early: true),
                .failed(errorNumber: 0, early: true),
            ])
        #expect(seen == [false, false, false, false, true])
    }

    @Test("Bytes that are not text (EILSEQ), however many in a row, are input and never a hangup")
    func invalidBytesAreNotAHangup() {
        var detector = HangupDetector()
        let seen = results(&detector, Array(repeating: .failed(errorNumber: EILSEQ, early: true), count: 450))
        #expect(!seen.contains(true))
    }

    @Test("Bytes that are not text between failures start the count again")
    func invalidBytesResetTheCount() {
        var detector = HangupDetector(threshold: 2)
        let seen = results(
            &detector,
            [
                .failed(errorNumber: 0, early: true),
                .failed(errorNumber: EILSEQ, early: true),
                .failed(errorNumber: 0, early: true),
                .failed(errorNumber: eio, early: true),
            ])
        #expect(seen == [false, false, false, true])
    }

    @Test("Reads interrupted by a signal are not a hangup")
    func interruptedReadsAreNotAHangup() {
        var detector = HangupDetector(threshold: 1)
        let seen = results(
            &detector, [.failed(errorNumber: eintr, early: true), .failed(errorNumber: eintr, early: true)])
        #expect(seen == [false, false])
    }
}
