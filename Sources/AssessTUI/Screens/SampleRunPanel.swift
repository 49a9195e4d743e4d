import AssessCore
import AssessExam

/// The panel under a code question's editor when the exam allows sample runs: the runs
/// left and the run key, "running" while a run is under way, then the last run's outcome
/// for each sample. A verdict is told by its mark (✓ ✗) and words, and passed or failed
/// by bold and underline too, never by colour alone. The program's output passes through
/// `VisibleText` like every other text: no escape reaches the terminal.
enum SampleRunPanel {
    /// The rows the panel takes for `flow`'s question; 0 when it allows no runs.
    static func rows(_ flow: ExamFlow) -> Int {
        guard let allowed = flow.runsAllowedHere, allowed > 0, case .code(let code) = flow.sitting.question.kind
        else { return 0 }
        return 1 + min(code.samples.count, maximumSamples)
    }

    /// At most this many samples have a line each; the title says how many passed.
    static let maximumSamples = 4

    static func render(_ flow: ExamFlow, row: Int, column: Int, width: Int, into grid: inout CellGrid) {
        let state = flow.sampleRuns[flow.sitting.question.id] ?? SampleRunState()
        let inputs = PanelInputs(state: state, left: flow.runsLeftHere, text: ScreenKit.text, look: ScreenKit.look)
        for (index, line) in lastLines(inputs, draw: lines).enumerated() {
            grid.put(line.text, row: row + index, column: column, style: line.style, maxWidth: width)
        }
    }

    /// What the panel shows: it is drawn with every key, and changes only with a run.
    private struct PanelInputs: Equatable, Sendable {
        let state: SampleRunState
        let left: Int
        let text: Catalogue
        let look: ScreenLook
    }
    private static let lastLines = LastDrawn<PanelInputs, [(text: String, style: CellStyle)]>()

    /// The title, then a line for each of the last run's samples (none while one runs).
    private static func lines(_ inputs: PanelInputs) -> [(text: String, style: CellStyle)] {
        let (state, left, text) = (inputs.state, inputs.left, inputs.text)
        let title: String
        if state.running {
            title = text("run.running", ["left": left])
        } else if let number = state.lastNumber {
            let passed = state.lastOutcomes.count { $0.verdict == .passed }
            title = text(
                "run.title", ["number": number, "passed": passed, "count": state.lastOutcomes.count, "left": left])
        } else {
            title = text("run.ready", ["left": left])
        }
        var lines = [(text: title, style: CellStyle(bold: true))]
        guard !state.running else { return lines }
        for (index, outcome) in state.lastOutcomes.prefix(maximumSamples).enumerated() {
            let passed = outcome.verdict == .passed
            var line =
                (passed ? "✓ " : "✗ ")
                + text(
                    "run.sample",
                    ["number": index + 1, "verdict": text("run." + outcome.verdict.rawValue)])
            if !passed, !outcome.output.isEmpty {
                line += "  " + text("run.got", ["output": shown(outcome.output)])
            }
            let style = inputs.look.adjusted(
                passed ? CellStyle(color: .success) : CellStyle(bold: true, underline: true, color: .error))
            lines.append((line, style))
        }
        return lines
    }

    /// `output` on one line: line ends as ⏎, every control character written out.
    static func shown(_ output: String) -> String {
        VisibleText.visible(
            String(output.prefix(200)).replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(
                of: "\n", with: "⏎"), keepingLayout: false)
    }
}
