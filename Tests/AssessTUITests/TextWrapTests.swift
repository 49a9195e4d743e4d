import AssessCore
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

    @Test("Kinsoku: no line begins with closing punctuation; the character before moves down with it")
    func kinsokuKeepsClosingPunctuationOffTheStartOfALine() {
        // Four wide characters fill a line of 8: 。 would start the next.
        #expect(TextWrap.lines("試験です。次へ", width: 8) == ["試験で", "す。次へ"])
        for (text, width) in [
            ("この端末はロックされています。監督者に知らせてください。", 10),
            ("「はい」、「いいえ」。どちらですか？", 8), ("東京、大阪、京都。", 6),
        ] {
            for line in TextWrap.lines(text, width: width).dropFirst() {
                #expect(!"。、」』）！？".contains(line.first ?? " "), "\(line) starts a line of \(text)")
            }
        }
    }

    @Test("Kinsoku: no line ends with opening punctuation")
    func kinsokuKeepsOpeningPunctuationOffTheEndOfALine() {
        #expect(TextWrap.lines("あい「うえ」", width: 6) == ["あい", "「う", "え」"])
        for line in TextWrap.lines("答えは「東京」と「大阪」です。", width: 8) {
            #expect(!"「『（".contains(line.last ?? " "), "\(line) ends with an opening bracket")
        }
    }

    @Test("Kinsoku gives way when a line would be left empty")
    func kinsokuGivesWayOnANarrowLine() {
        #expect(TextWrap.lines("あ。", width: 2) == ["あ", "。"])
    }

    @Test("Kinsoku in the lock banner's Japanese at every width a screen gives it")
    func theJapaneseLockBannerNeverStartsALineWithClosingPunctuation() {
        let text = Catalogue.of(.japanese)
        let banner = [
            "start.locked", "start.until", "start.enter-begins", "start.enter-begins-opened", "start.practice",
        ]
        .map { text($0, ["time": "8時間"]) }
        for sentence in banner {
            for width in 10...76 {
                for line in TextWrap.lines(sentence, width: width).dropFirst() {
                    #expect(!"。、」』）！？".contains(line.first ?? " "), "\(line) at \(width) columns")
                }
            }
        }
    }
}
