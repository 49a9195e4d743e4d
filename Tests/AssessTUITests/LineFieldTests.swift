import Testing

@testable import AssessTUI

/// The one-line field of the start code, the proctor's panel, the monitor and the marking
/// screen: the answers' keys, undo and redo by changes, what it takes, how it is drawn.
@Suite struct LineFieldTests {
    private func type(_ text: String, into field: inout LineField) {
        for character in text { _ = field.handle(.character(character)) }
    }

    @Test func typingMovesTheCaretAndEditsWhereItIsWithTheAnswersKeys() {
        var field = LineField()
        type("fire drill", into: &field)
        #expect(field.text == "fire drill" && field.caret == field.text.endIndex)
        #expect(field.handle(.home) == .moved)
        #expect(field.handle(.delete) == .changed)
        type("F", into: &field)
        #expect(field.text == "Fire drill")
        _ = field.handle(.control("e"))
        #expect(field.handle(.backspace) == .changed)
        _ = field.handle(.left)
        _ = field.handle(.left)
        type("-", into: &field)
        #expect(field.text == "Fire dr-il")
        _ = field.handle(.control("a"))
        #expect(field.caret == field.text.startIndex)
        #expect(field.handle(.backspace) == .moved)
        _ = field.handle(.end)
        _ = field.handle(.control("w"))
        #expect(field.text[field.caret...] == "dr-il")
        #expect(field.handle(.enter) == .ignored && field.handle(.tab) == .ignored && field.handle(.escape) == .ignored)
        #expect(field.handle(.up) == .ignored)
    }

    @Test func ctrlUUndoesAndCtrlRRedoesByChangesAsInTheAnswers() {
        var field = LineField()
        type("late bus", into: &field)
        _ = field.handle(.backspace)
        _ = field.handle(.backspace)
        _ = field.handle(.backspace)
        type("train", into: &field)
        #expect(field.text == "late train")
        // A run of typing is one change, a run of deleting another.
        #expect(field.handle(.control("u")) == .changed)
        #expect(field.text == "late ")
        #expect(field.handle(.control("u")) == .changed)
        #expect(field.text == "late bus" && field.caret == field.text.endIndex)
        #expect(field.handle(.control("u")) == .changed)
        #expect(field.text == "")
        #expect(field.handle(.control("u")) == .moved)
        #expect(field.handle(.control("r")) == .changed)
        #expect(field.handle(.control("r")) == .changed)
        #expect(field.text == "late ")
        // A new change forgets what was undone.
        type("car", into: &field)
        #expect(field.handle(.control("r")) == .moved)
        #expect(field.text == "late car")
    }

    @Test func aFieldTakesOnlyItsCharactersAndNoMoreThanItsLength() {
        var minutes = LineField(characters: .digits, maximumLength: 3)
        type("1a5.07", into: &minutes)
        #expect(minutes.text == "150")
        #expect(minutes.handle(.character("9")) == .refused)
        var points = LineField(characters: .decimal, maximumLength: 6)
        type("4,5x.", into: &points)
        #expect(points.text == "4,5.")
        var code = LineField(characters: .code, maximumLength: 12)
        type("k7q-m3x é", into: &code)
        #expect(code.text == "K7QM3X")
        var reason = LineField(maximumLength: 5)
        type("ありがとう!", into: &reason)
        #expect(reason.text == "ありがとう")
        #expect(reason.handle(.character("\u{7}")) == .refused)
    }

    @Test func aLongFieldShowsThePartAroundTheCaretAndAPasswordOnlyBullets() {
        var field = LineField("the bus was late again")
        // The caret at the end: the text scrolls so that it stays in sight, a column left for it.
        #expect(field.visible(width: 10) == (text: "ate again", caretColumn: 9))
        _ = field.handle(.home)
        #expect(field.visible(width: 10) == (text: "the bus wa", caretColumn: 0))
        _ = field.handle(.end)
        _ = field.handle(.left)
        _ = field.handle(.left)
        #expect(field.visible(width: 10) == (text: " late agai", caretColumn: 9))
        // Wide characters take two columns each.
        #expect(LineField("東京駅").visible(width: 20) == (text: "東京駅", caretColumn: 6))
        // A password shows a bullet a character, the caret among them, never the text.
        var password = LineField(masked: true)
        type("sécret", into: &password)
        _ = password.handle(.left)
        #expect(password.visible(width: 20) == (text: "••••••", caretColumn: 5))
        #expect(password.text == "sécret")
    }
}
