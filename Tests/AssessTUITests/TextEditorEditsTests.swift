import AssessCore
import AssessTestSupport
import Testing

@testable import AssessTUI

/// The edits an editor reports (what the typing journal writes) turn the text it began
/// with into the text it holds, whatever the keys were.
@Suite("Text editor's edits")
struct TextEditorEditsTests {
    private static let pieces = ["a", "b", " ", "é", "e\u{301}", "\u{302}", "日本", "\n", "word ", "ñ"]

    @Test func theEditsMadeOnTheStartingTextGiveTheEditorsTextAfterEveryKey() throws {
        var random = SplitMix(state: 29)
        for round in 0..<20 {
            var editor = TextEditor(text: "Start é 日", mode: .multiLine, wordLimit: 40)
            editor.keepEdits()
            var mirror = editor.text
            for step in 0..<150 {
                switch random.next() % 10 {
                case 0...3: editor.insert(Self.pieces[Int(random.next() % UInt64(Self.pieces.count))])
                case 4: editor.backspace()
                case 5: editor.deleteForward()
                case 6: editor.moveLeft()
                case 7: editor.moveUp(width: 12)
                case 8: random.next() % 2 == 0 ? editor.undo() : editor.redo()
                default:
                    if !editor.text.isEmpty {
                        let start = editor.text.index(editor.text.startIndex, offsetBy: Int(random.next() % 3))
                        let end = editor.text.index(
                            start, offsetBy: min(2, editor.text.distance(from: start, to: editor.text.endIndex)))
                        editor.replace(start..<end, with: "xy")
                    }
                }
                for edit in editor.takeEdits() {
                    mirror = try #require(edit.applied(to: mirror), "round \(round), step \(step): \(edit)")
                }
                #expect(mirror == editor.text, "round \(round), step \(step)")
            }
        }
    }

    @Test func anEditorThatWasNotAskedKeepsNoEdits() {
        var editor = TextEditor(text: "password", mode: .singleLine)
        editor.insert("x")
        #expect(editor.takeEdits().isEmpty)
    }
}
