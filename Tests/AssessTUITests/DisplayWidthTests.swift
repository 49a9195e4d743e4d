import Testing

@testable import AssessTUI

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII and Latin letters take one column")
    func narrowCharactersTakeOneColumn() {
        #expect(DisplayWidth.of("a") == 1)
        #expect(DisplayWidth.of("é") == 1)
        #expect("hello".displayWidth == 5)
    }

    @Test(
        "CJK, kana, Hangul and fullwidth forms take two columns",
        arguments: ["日", "本", "あ", "カ", "한", "ㅎ", "Ａ", "。", "𠀋"] as [Character])
    func wideCharactersTakeTwoColumns(character: Character) {
        #expect(character.displayWidth == 2)
    }

    @Test("Combining marks and zero-width characters take no column")
    func zeroWidthScalars() {
        #expect(DisplayWidth.of(scalar: "\u{0301}") == 0)
        #expect(DisplayWidth.of(scalar: "\u{200B}") == 0)
        #expect(DisplayWidth.of(scalar: "\u{200D}") == 0)
        #expect(DisplayWidth.of(scalar: "\u{1161}") == 0)
    }

    @Test("Vietnamese with stacked marks is one column per letter, precomposed or not")
    func vietnameseLetters() {
        #expect("ế".displayWidth == 1)
        #expect("e\u{0302}\u{0301}".displayWidth == 1)
        #expect("Xin chào thế giới".displayWidth == 17)
    }

    @Test("Emoji shown as emoji take two columns, including flags and ZWJ sequences")
    func emoji() {
        #expect("😀".displayWidth == 2)
        #expect("❤\u{FE0F}".displayWidth == 2)
        #expect("🇻🇳".displayWidth == 2)
        #expect("👩\u{200D}💻".displayWidth == 2)
        #expect("❤".displayWidth == 1)
    }

    @Test("Mixed text sums its clusters")
    func mixedText() {
        #expect("日本語 and English".displayWidth == 6 + 12)
        #expect("안녕 하세요".displayWidth == 11)
        #expect("a\nb".displayWidth == 2)
    }
}

@Suite("Text cut to a width")
struct FittedTextTests {
    @Test func textThatFitsIsLeftWholeAndACutEndsInAnEllipsisWithinTheWidth() {
        #expect("Rivers".fitted(to: 6) == "Rivers")
        #expect("Multilingual sampler".fitted(to: 10) == "Multiling…")
        // Wide characters: never half of one, and the cut stays within the width.
        #expect("多言語サンプル".fitted(to: 6) == "多言…")
        #expect("多言語サンプル".fitted(to: 6).displayWidth == 5)
        #expect("Đa ngôn ngữ".fitted(to: 7) == "Đa ngô…")
    }
}
