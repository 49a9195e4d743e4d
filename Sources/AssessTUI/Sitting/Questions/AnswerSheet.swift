import AssessExam

/// The questions as the student works on them: the sitting (answers, flags, the question
/// on screen), the answer control of each question visited, and the scratchpad.
struct AnswerSheet: Sendable {
    var sitting: ExamSitting
    /// The answer controls of the questions visited so far, by question id.
    private(set) var controls: [String: AnswerControl] = [:]
    /// The scratchpad's text: kept in memory only, gone when the program ends.
    private(set) var scratchpad = TextEditor(mode: .multiLine)

    init(sitting: ExamSitting) {
        self.sitting = sitting
        prepareControl()
    }

    /// The control for the question on screen. Made once, when the question is shown
    /// (`prepareControl`), so that drawing and keys do not build it again each time.
    var control: AnswerControl {
        let presented = sitting.presented
        return controls[presented.question.id]
            ?? AnswerControl(for: presented, response: sitting.responses[presented.question.id])
    }

    /// Makes the control of the question on screen, unless it was visited before.
    private mutating func prepareControl() {
        let presented = sitting.presented
        if controls[presented.question.id] == nil {
            controls[presented.question.id] = AnswerControl(
                for: presented, response: sitting.responses[presented.question.id])
        }
    }

    /// Shows question `index` when the exam allows moving there; returns whether it moved.
    @discardableResult
    mutating func show(question index: Int) -> Bool {
        guard sitting.move(to: index) else { return false }
        prepareControl()
        return true
    }

    /// Takes the control of the question on screen out for a key: while it is out the
    /// sitting lets go of its response (`follows`), so that an edit changes the answer's
    /// one copy of its text in place (see `AnswerControl`). ``putBack(_:follows:changed:)``
    /// returns it.
    mutating func takeControl() -> (control: AnswerControl, follows: Bool) {
        let id = sitting.question.id
        let control = controls.removeValue(forKey: id) ?? self.control
        let follows = sitting.responses[id] == control.response
        if follows { sitting.setResponse(nil, for: id) }
        return (control, follows)
    }

    /// Returns the control taken out with ``takeControl()``, with the response when it
    /// `follows` the sitting's or the key `changed` it.
    mutating func putBack(_ control: AnswerControl, follows: Bool, changed: Bool) {
        let id = sitting.question.id
        controls[id] = control
        if follows || changed { sitting.setResponse(control.response, for: id) }
    }

    /// Applies `key` to the scratchpad, on an answer area `answerWidth` wide.
    mutating func editScratchpad(_ key: Key, answerWidth: Int) -> AnswerControl.Outcome {
        AnswerControl.edit(&scratchpad, key, width: AnswerControl.essayTextWidth(answerWidth: answerWidth))
    }

    /// The answers, flags and annotations of questions `ids`, for the store.
    func answers(_ ids: [String]) -> [SaveBatch.Answer] {
        ids.map {
            SaveBatch.Answer(
                questionID: $0, response: sitting.responses[$0], flagged: sitting.flagged.contains($0),
                annotations: sitting.annotations[$0] ?? Annotations())
        }
    }
}
