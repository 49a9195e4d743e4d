import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import AssessStore
import AssessTUI
import Foundation

extension MarkingDesk.Order: ExpressibleByArgument {}

/// `assess mark EXAM`: the teacher's marking screen, one answer at a time.
struct MarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract:
            "Mark the answers a person must mark (essays), review programs, or override an automatic score, one answer at a time.",
        discussion: """
            Asks for the proctor password, then shows each answer of the finished attempts \
            with the question, the word count and the points it can earn; type the points \
            (halves when the exam has half-points: true) and a comment, and Enter saves them. \
            Marking is anonymous (candidates are numbered; Ctrl-T shows the ids) and goes by \
            question unless --order candidate. A question's guide: in the exam file (a marking guide or \
            model answer) shows beside the answer; --screen-reader and the other accessibility flags \
            draw the screen as they draw a sitting. Without --question essays and programs are \
            shown: a program with its line numbers and each hidden test's outcome as assess results \
            kept it (run results first; a program whose tests have not run waits for a mark); \
            --question ID shows that question for everyone, and a mark of a question the exam \
            scores by itself overrides its score and needs a reason. Every mark is kept with \
            who gave it and when (the newest counts); the log records each, never the answer.
            """)

    @Argument(
        help: ArgumentHelp(
            "The exam file the attempts were sat with, or the id of an exam published in the store.",
            valueName: "exam"))
    var examPath: String

    @Option(help: ArgumentHelp("Mark only this candidate's answers.", valueName: "id"))
    var candidate: String?

    @Option(
        help: ArgumentHelp(
            "Mark only this question (any type; an automatic score is overridden, with a reason).",
            valueName: "id"))
    var question: String?

    @Option(
        help: ArgumentHelp(
            "The order of the answers: question (each question for everyone) or candidate.",
            valueName: "question|candidate"))
    var order: MarkingDesk.Order = .byQuestion

    @Flag(help: "Put the candidates in a random order (their numbers follow it).")
    var shuffle = false

    @Flag(help: "Show the candidates' ids from the start instead of numbers.")
    var showCandidates = false

    @OptionGroup(title: "Accessibility (how the marking screen is drawn)")
    var accessibility: AccessibilityFlags

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let (exam, sealed) = try PublishedScoring.examOrPublished(
            examPath, runtime: runtime, doing: "mark the exams published in it")
        if let question, exam.question(withID: question) == nil {
            throw CommandFailure(
                .commandLine,
                "\(examPath) has no question \(question)\(DidYouMean.hint(for: question, in: exam.questions.map(\.id))); its questions: \(exam.questions.map(\.id).joined(separator: ", "))"
            )
        }
        let database = try runtime.database()
        guard let store = database.marks else {
            throw CommandFailure(
                .notDone, "\(StoreError.unsupported("marks")) (\(database.location)); nothing can be marked in it")
        }
        let events = EventStore(database: store)
        // The password comes from the terminal only: the marking screen reads the keyboard next.
        try ProctorAuthorization(policy: policy, source: .terminal, events: events, clock: runtime.clock)
            .require(for: "marking")
        let desk = try MarkingDesk(
            exam: exam, items: items(of: exam, sealed: sealed, in: store), order: order,
            showsCandidate: showCandidates, accessibility: accessibility.settings)
        if desk.items.isEmpty {
            let whose = candidate.map { " by candidate \($0)" } ?? ""
            throw CommandFailure(
                .notDone,
                question == nil
                    ? "nothing to mark: no submitted attempt\(whose) at \(exam.id) has an essay or a program answered; assess results lists the attempts"
                    : "nothing to mark: there is no submitted attempt\(whose) at \(exam.id); assess results lists the attempts"
            )
        }

        let terminal = CursesTerminal()
        do {
            try terminal.start()
        } catch {
            throw CommandFailure(.notDone, "cannot use this terminal: \(error)")
        }
        // Keys typed before the first frame (after the password) are not marks.
        terminal.discardTypedAhead()
        let marker = runtime.process.userName
        let left = MarkingScreen.run(desk, on: terminal, clock: runtime.clock) { item, mark in
            // The mark and its log record are one transaction: both are kept, or neither.
            try store.addMark(
                StoredMark(
                    attemptID: item.attemptID, questionID: item.question.id, points: mark.points, comment: mark.comment,
                    overrideReason: mark.overrideReason, marker: marker, markedAt: runtime.clock.now),
                logging: { stored in
                    .proctor(
                        .answerMarked(
                            attemptID: item.attemptID, questionID: item.question.id, points: mark.points,
                            override: mark.overrideReason != nil, by: stored.marker))
                }, at: EventTime(runtime.clock))
        }
        terminal.stop()
        let marked = left.items.filter { $0.handMark != nil }.count
        print(
            "\(marked) of \(Counted.english(left.items.count, "answer")) marked; \(left.unmarked.all) still to mark. Scores: assess results \(examPath)"
        )
    }

    /// The outcomes of the hidden tests `results` ran and kept for the code answers among
    /// `responses`, by question id; a code answer whose tests have not run waits for a hand mark.
    private func keptCodeTests(_ exam: Exam, _ responses: [String: Response]) -> [String: [CodeTestOutcome]] {
        guard let directory = try? Runtime().dataDirectory().path else { return [:] }
        let folder = CodeTests.folder(in: directory)
        var outcomes: [String: [CodeTestOutcome]] = [:]
        for question in exam.questions {
            guard case .code(let code) = question.kind, case .code(let text)? = responses[question.id] else { continue }
            outcomes[question.id] = CodeTests.keptOutcomes(of: CodeTests.Answer(question: code, code: text), in: folder)
        }
        return outcomes
    }

    /// The answers to put on the desk: of every finished attempt sat with this exam file
    /// (or, with `sealed`, with the published exam's delivery form; the candidate's only,
    /// with --candidate), the essays, or the one question asked for.
    private func items(of exam: Exam, sealed: SealedScoring?, in store: any MarkStore) throws -> [MarkingItem] {
        var attempts = try store.attempts(exam: exam.id, candidate: candidate).filter { attempt in
            !attempt.isPractice && (attempt.status == .submitted || attempt.status == .timedOut)
        }
        let keys = Set([exam.examKey] + (sealed.map { [$0.deliveryKey] } ?? []))
        let changed = attempts.filter { !keys.contains($0.examKey) }.count
        if changed > 0 {
            printToStandardError(
                "assess: leaving out \(Counted.english(changed, "attempt")) sat with another version of \(examPath)")
        }
        attempts.removeAll { !keys.contains($0.examKey) }
        if shuffle { attempts.shuffle() }
        var items: [MarkingItem] = []
        for (number, attempt) in attempts.enumerated() {
            let saved = try SavedAnswers(attempt: attempt.id, database: store).responses
            // Answers to a published exam's delivery form, in the file's order.
            let responses =
                sealed.map { attempt.examKey == $0.deliveryKey ? $0.fileResponses(saved) : saved } ?? saved
            // A pool's questions not drawn for this candidate were never asked: nothing to mark.
            let sat = exam.drawn(for: attempt.candidate, key: attempt.examKey)
            let codeTests = keptCodeTests(sat, responses)
            let score = Scorer.total(sat, responses: responses, codeTests: codeTests)
            let marks = try store.latestMarks(for: attempt.id)
            for question in sat.questions {
                let automatic = score.marks[question.id] ?? Mark(awarded: 0, maximum: question.points)
                // Without --question: what waits for a person, and every program answered (its
                // tests' score is the teacher's to confirm or override).
                var isProgram = false
                if case .code = question.kind { isProgram = responses[question.id]?.saysSomething == true }
                guard
                    question.id == self.question
                        || (self.question == nil && (automatic.needsManualMarking || isProgram))
                else { continue }
                items.append(
                    MarkingItem(
                        attemptID: attempt.id, candidate: attempt.candidate, anonymousNumber: number + 1,
                        question: question,
                        response: responses[question.id], automatic: automatic,
                        handMark: marks[question.id].map {
                            HandMark(points: $0.points, comment: $0.comment, overrideReason: $0.overrideReason)
                        }, codeTests: codeTests[question.id]))
            }
        }
        return items
    }
}
