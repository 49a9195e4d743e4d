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
        abstract: "Mark the answers a person must mark (essays), or override an automatic score, one answer at a time.",
        discussion: """
            Asks for the proctor password, then shows each answer of the finished attempts \
            with the question, the word count and the points it can earn; type the points \
            (halves when the exam has half-points: true) and a comment, and Enter saves them. \
            Marking is anonymous (candidates are numbered; Ctrl-T shows the ids) and goes by \
            question unless --order candidate. A question's guide: in the exam file (a marking guide or \
            model answer) shows beside the answer; --screen-reader and the other accessibility flags \
            draw the screen as they draw a sitting. Without --question only essays are shown; \
            --question ID shows that question for everyone, and a mark of a question the exam \
            scores by itself overrides its score and needs a reason. Every mark is kept with \
            who gave it and when (the newest counts); the log records each, never the answer.
            """)

    @Argument(help: ArgumentHelp("The exam file the attempts were sat with.", valueName: "exam"))
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
        let exam = try ExamFiles.load(examPath)
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
            exam: exam, items: items(of: exam, in: store), order: order, showsCandidate: showCandidates,
            accessibility: accessibility.settings)
        if desk.items.isEmpty {
            let whose = candidate.map { " by candidate \($0)" } ?? ""
            throw CommandFailure(
                .notDone,
                question == nil
                    ? "nothing to mark: no submitted attempt\(whose) at \(exam.id) has an essay answered; assess results lists the attempts"
                    : "nothing to mark: there is no submitted attempt\(whose) at \(exam.id); assess results lists the attempts"
            )
        }

        let terminal = CursesTerminal()
        do {
            try terminal.start()
        } catch {
            throw CommandFailure(.notDone, "cannot use this terminal: \(error)")
        }
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
            "\(marked) of \(left.items.count) answers marked; \(left.unmarked.all) still to mark. Scores: assess results \(examPath)"
        )
    }

    /// The answers to put on the desk: of every finished attempt sat with this exam file
    /// (the candidate's only, with --candidate), the essays, or the one question asked for.
    private func items(of exam: Exam, in store: any MarkStore) throws -> [MarkingItem] {
        var attempts = try store.attempts(exam: exam.id, candidate: candidate).filter { attempt in
            !attempt.isPractice && (attempt.status == .submitted || attempt.status == .timedOut)
        }
        let changed = attempts.filter { $0.examKey != exam.examKey }.count
        if changed > 0 {
            printToStandardError("assess: leaving out \(changed) attempts sat with another version of \(examPath)")
        }
        attempts.removeAll { $0.examKey != exam.examKey }
        if shuffle { attempts.shuffle() }
        var items: [MarkingItem] = []
        for (number, attempt) in attempts.enumerated() {
            let responses = try SavedAnswers(attempt: attempt.id, database: store).responses
            let score = Scorer.total(exam, responses: responses)
            let marks = try store.latestMarks(for: attempt.id)
            for question in exam.questions {
                let automatic = score.marks[question.id] ?? Mark(awarded: 0, maximum: question.points)
                guard question.id == self.question || (self.question == nil && automatic.needsManualMarking) else {
                    continue
                }
                items.append(
                    MarkingItem(
                        attemptID: attempt.id, candidate: attempt.candidate, anonymousNumber: number + 1,
                        question: question,
                        response: responses[question.id], automatic: automatic,
                        handMark: marks[question.id].map {
                            HandMark(points: $0.points, comment: $0.comment, overrideReason: $0.overrideReason)
                        }))
            }
        }
        return items
    }
}
