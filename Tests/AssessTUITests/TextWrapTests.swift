import Testing

@testable import AssessTUI

@Suite("Text wrap")
struct TextWrapTests {
    @Test("Lines break after spaces, which hang at the end of the line")
    func breaksAtSpaces() {
        #expect(TextWrap.lines("The quick brown fox", width: 10) == ["The quick ", "brown fox"])
        #expect(TextWrap.lines("aaaa   bbb", width: 5) == ["aaaa   ", "bbb"])
    }

    @Test("Short text stays on one line")
    func shortText() {
        #expect(TextWrap.lines("short", width: 10) == ["short"])
    }

    @Test("Empty text is one empty line")
    func emptyText() {
        #expect(TextWrap.lines("", width: 10) == [""])
    }

    @Test("Explicit newlines are kept, including empty and trailing paragraphs")
    func newlinesAreKept() {
        #expect(TextWrap.lines("one\n\ntwo\n", width: 10) == ["one", "", "two", ""])
        #expect(TextWrap.lines("a\r\nb", width: 10) == ["a", "b"])
    }

    @Test("Words longer than the width are hard-broken")
    func longWordsAreHardBroken() {
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrap.lines("hi abcdefghij", width: 4) == ["hi ", "abcd", "efgh", "ij"])
    }

    @Test("CJK breaks between any characters, by display width")
    func cjkBreaksAnywhere() {
        #expect(TextWrap.lines("日本語の文章です", width: 6) == ["日本語", "の文章", "です"])
        #expect(TextWrap.lines("日本語の文章です", width: 5) == ["日本", "語の", "文章", "です"])
    }

    @Test("Mixed Latin and CJK break before a wide character")
    func mixedLatinAndCJK() {
        #expect(TextWrap.lines("abc日本語", width: 6) == ["abc日", "本語"])
    }

    @Test("Korean breaks at spaces like Latin text")
    func koreanBreaksAtSpaces() {
        #expect(TextWrap.lines("안녕 하세요", width: 8) == ["안녕 ", "하세요"])
    }

    @Test("Vietnamese letters with marks count one column each")
    func vietnamese() {
        #expect(TextWrap.lines("Xin chào thế giới", width: 9) == ["Xin chào ", "thế giới"])
        #expect(
            TextWrap.lines("the\u{0302}\u{0301} gio\u{031B}\u{0301}i", width: 4) == [
                "the\u{0302}\u{0301} ", "gio\u{031B}\u{0301}i",
            ])
    }

    @Test("A wide character wider than the line gets a line of its own")
    func wideCharacterAtWidthOne() {
        #expect(TextWrap.lines("日本", width: 1) == ["日", "本"])
    }

    @Test("Wrapped lines are slices of the original text and mark paragraph ends")
    func wrappedLinesAreSlices() {
        let text = "ab cd\nef"
        let lines = TextWrap.wrap(text, width: 3)
        #expect(lines.map { String($0.text) } == ["ab ", "cd", "ef"])
        #expect(lines.map(\.endsParagraph) == [false, true, true])
        #expect(text[lines[1].range] == "cd")
    }

    @Test("No line is wider than the width except for hanging spaces")
    func widthIsRespected() {
        let text = "Lorem ipsum dolor sit amet, 日本語の文章 consectetur adipiscing elit, sed do eiusmod"
        for width in 1...20 {
            for line in TextWrap.lines(text, width: width) {
                var visible = line
                while visible.last == " " { visible.removeLast() }
                #expect(visible.displayWidth <= max(width, 2))
            }
        }
    }
}
