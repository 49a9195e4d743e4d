import AssessCalculator
import AssessCore

/// The tools the exam may give its students: the calculator.
extension ExamFlow {
    /// The key that opens (and closes) the calculator.
    public static let calculatorKey = Key.control("k")

    /// The calculator key on a question: the panel opens when the exam has a calculator the
    /// proctor did not deny. The log says it was opened, never what is typed into it.
    mutating func openCalculator(now: UInt64) -> [FlowEffect] {
        guard let kind = sitting.calculator else { return refuse("notice.no-calculator", now: now) }
        if calculatorPanel?.calculator.kind != kind { calculatorPanel = CalculatorPanel(kind: kind) }
        phase = .calculator
        return saveNow(now: now) + [.log(.toolUsed(tool: "calculator", action: "opened", questionID: nil))]
    }

    mutating func handleInCalculator(_ key: Key, now: UInt64) -> [FlowEffect] {
        guard var panel = calculatorPanel else {
            phase = .question
            return []
        }
        if key == Self.calculatorKey {
            phase = .question
            return []
        }
        let outcome = panel.handle(key)
        calculatorPanel = panel
        switch outcome {
        case .stay: return []
        case .close:
            phase = .question
            return []
        case .refused(let why): return refuse(why, now: now)
        case .putInAnswer(let result): return putInAnswer(result, now: now)
        }
    }

    /// Puts `result` into the numeric answer of the question beneath, as the one paste a
    /// locked sitting allows (Ctrl-U undoes it), and goes back to the question.
    private mutating func putInAnswer(_ result: CalculatorNumber, now: UInt64) -> [FlowEffect] {
        guard case .numeric = sitting.question.kind else { return refuse("notice.calculator-not-numeric", now: now) }
        let id = sitting.question.id
        var (control, follows) = sheet.takeControl()
        let outcome = control.putNumber(result.plain)
        sheet.putBack(control, follows: follows, changed: outcome == .changed)
        if outcome == .changed { timers.autosave.changed(id, now: now) }
        phase = .question
        showAboutKey(text("notice.calculator-put", ["number": result.plain]), now: now)
        return [.log(.toolUsed(tool: "calculator", action: "result-copied", questionID: id))]
    }
}
