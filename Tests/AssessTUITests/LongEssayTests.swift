import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// About 100 KB of essay, as the benchmark's long essay.
private let longEssay = String(repeating: "the moon shows phases because half of it is lit by the sun\n", count: 1_700)

/// A flow on the essay of `ExamFixtures.essays`, whose saved answer is `text` (as after
/// `assess resume`), the cursor at its end.
private func flow(resuming text: String) -> ExamFlow {
    let exam = ExamFixtures.essays
    var sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
    sitting.restore(responses: ["essay": .essay(text)], flagged: [], current: 0)
    var flow = ExamFlow(sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8)
    FlowFixtures.begin(&flow)
    return flow
}

/// Where the essay's text is stored.
private func storage(of flow: ExamFlow) -> UnsafeRawPointer? {
    flow.control.proseEditor?.text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
}

/// The UTF-8 bytes of text an editor's undo and redo history holds, read from its stored
/// properties: each change's text and the text the step in progress began with.
private func historyBytes(_ editor: TextEditor) -> Int {
    func texts(_ value: Any) -> Int {
        if let text = value as? String { return text.utf8.count }
        return Mirror(reflecting: value).children.reduce(0) { $0 + texts($1.value) }
    }
    return Mirror(reflecting: editor).children
        .filter { ["undoStack", "redoStack", "stepStart"].contains($0.label) }
        .reduce(0) { $0 + texts($1.value) }
}

@Suite("A long essay")
struct LongEssayTests {
    @Test func aKeyEditsTheEssaysTextInPlaceWithoutCopyingIt() throws {
        var flow = flow(resuming: longEssay)
        #expect(flow.control.proseEditor?.text == longEssay)
        // The first key may move the text to a buffer with room to grow.
        _ = flow.update(.key(.character("a")), now: 0)
        let stored = try #require(storage(of: flow))
        for character in "nd then the sky" {
            _ = flow.update(.key(.character(character)), now: 0)
            #expect(storage(of: flow) == stored, "the text was copied at \(character)")
        }
        // Deleting begins a new undo step, whose start keeps the text as it was: one copy a step.
        _ = flow.update(.key(.backspace), now: 0)
        let deleting = try #require(storage(of: flow))
        _ = flow.update(.key(.backspace), now: 0)
        #expect(storage(of: flow) == deleting)
        _ = flow.update(.key(.character("k")), now: 0)
        #expect(flow.control.proseEditor?.text == longEssay + "and then the sk")
        #expect(flow.sitting.responses["essay"] == .essay(longEssay + "and then the sk"))
        #expect(flow.control.proseEditor?.wordCount == TextEditor(text: longEssay + "and then the sk").wordCount)
    }

    @Test func undoKeepsWhatEachStepChangedNotCopiesOfTheText() {
        var editor = TextEditor(text: longEssay)
        var states = [editor.text]
        // 300 steps at the end of the essay: a word typed, then a letter deleted.
        for step in 0..<150 {
            editor.insert("word\(step) ")
            states.append(editor.text)
            editor.backspace()
            states.append(editor.text)
        }
        editor.moveLeft()
        // The history holds the 300 changes and the text the last step began with; a copy
        // of the text for each step would be 30 MB.
        #expect(historyBytes(editor) < longEssay.utf8.count + 300 * 20)
        for expected in states.reversed().dropFirst() {
            editor.undo()
            #expect(editor.text == expected)
        }
        // Undone, the steps wait as changes to redo, not as copies either.
        #expect(historyBytes(editor) < longEssay.utf8.count + 300 * 20)
        #expect(editor.wordCount == TextEditor(text: longEssay).wordCount)
    }
}
