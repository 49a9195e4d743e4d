import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A teacher marks in a real terminal (tmux) with the real binary, then reads the results.
@Suite("Marking in a real terminal", .ownThread)
struct MarkingTests {
    /// The marking screen's help (F1) at 100x30, as written.
    static let markingHelp = [
        " Marking: Journeys                                                          by question · anonymous",
        "",
        "  Keys on the marking screen",
        "",
        "  Enter            save the points and comment, and go on to the next answer",
        "  Tab / Shift-Tab  move between the points, the comment and the reason for an override",
        "  typing           write in the field the cursor is in",
        "  ← → Home End     move in the field",
        "  Ctrl-U / Ctrl-R  undo / redo in the field",
        "  Ctrl-N / Ctrl-P  the next or the previous answer (asks first when a typed mark is not saved)",
        "  Ctrl-G           the next answer still waiting for a mark",
        "  ↑ ↓ PgUp PgDn    scroll the answer",
        "  Ctrl-O           mark by question or by candidate",
        "  Ctrl-T           show or hide the candidates' ids (anonymous by default)",
        "  Esc or Ctrl-Q    leave the marking screen (every saved mark is kept; asks first when a typed one",
        "                   is not)",
        "  F1               this help",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "────────────────────────────────────────────────────────────────────────────────────────────────────",
        " Esc or F1 back to the answer",
    ]

    /// Who `assess mark` records as the marker on SQLite: this account.
    static let marker = ProcessContext.current(environment: ProcessInfo.processInfo.environment).userName

    static let exam = """
        id: journeys
        title: Journeys
        duration: 20m
        half-points: true
        questions:
          - id: capital
            type: single-choice
            prompt: The capital of Peru?
            choices: [Lima, Cusco]
            answer: Lima
          - id: story
            type: essay
            prompt: Tell the story of a journey.
            points: 5
          - id: place
            type: essay
            prompt: Describe the place you arrived at.
            points: 4
        """

    /// The store of `data` with two candidates' submitted attempts of `exam`, both essays answered.
    private func seat(_ exam: Exam, in data: String) throws {
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: data))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let answers = [
            ("c-301", 0, "We crossed the Andes by train.", "A quiet square in Cusco."),
            ("c-302", 1, "The bus broke down twice; we walked the last hill.", "A harbour full of boats."),
        ]
        for (candidate, choice, story, place) in answers {
            let attempt = try store.startAttempt(
                examID: exam.id, examKey: exam.examKey, candidate: candidate,
                secondsAllowed: 1200, at: start)
            for (question, response) in [
                ("capital", Response.singleChoice(choice)), ("story", .essay(story)), ("place", .essay(place)),
            ] {
                try store.saveResponse(
                    attempt: attempt.id, question: question, value: response.json, flagged: false, at: start)
            }
            try store.finishAttempt(
                id: attempt.id, status: .submitted, receipt: "R-\(candidate)", at: start.addingTimeInterval(600))
        }
    }

    @Test func aTeacherMarksTwoEssaysOfTwoCandidatesByQuestionAnonymouslyAndTheResultsCarryThem() throws {
        let setup = try ProctorTests.Setup()
        let path = try setup.exam("journeys.yaml", Self.exam)
        let data = try TemporaryDirectory("assess-e2e-marking")
        try seat(try ExamLoader.load(fileAt: path), in: data.url.path)

        let terminal = try TerminalUnderTest("mark \(path)", dataDirectory: data.url.path, policy: setup.policy)
        try terminal.answer("Proctor password:", with: ProctorTests.password)
        var screen = try terminal.waitFor("Answer 1 of 4 · story · 5 points · Candidate #1")
        #expect(screen.contains("Tell the story of a journey."))
        #expect(screen.contains("Still to mark: 2 of this question, 4 in all"))
        #expect(!screen.contains("c-301") && !screen.contains("c-302"))
        #expect(screen.contains("We crossed the Andes by train."))
        try terminal.mark("4.5", "Vivid; the ending is rushed.")

        screen = try terminal.waitFor("Answer 2 of 4 · story · 5 points · Candidate #2")
        #expect(screen.contains("The bus broke down twice"))
        #expect(screen.contains("Still to mark: 1 of this question, 3 in all"))
        try terminal.mark("3", "Good detail.")

        screen = try terminal.waitFor("Answer 3 of 4 · place · 4 points · Candidate #1")
        #expect(screen.contains("A quiet square in Cusco."))
        try terminal.mark("2", "Say more about the square.")
        try terminal.waitFor("Answer 4 of 4 · place · 4 points · Candidate #2")
        try terminal.mark("4", "Complete.")
        try terminal.waitFor("Still to mark: 0 of this question, 0 in all")
        // A 3 typed after the saved 4 is not saved: Esc asks first; n stays, Ctrl-U undoes it.
        try terminal.type("3")
        try terminal.press("Escape")
        try terminal.waitFor("Leave this answer without saving?")
        try terminal.press("n")
        try terminal.press("C-u")
        try terminal.waitFor("Points (0–4, halves allowed):   4\n")
        // F1: every key of the marking screen, whole; Esc goes back to the answer, Esc again leaves.
        try terminal.press("F1")
        try terminal.waitForWrittenLines(Self.markingHelp)
        try terminal.press("Escape")
        try terminal.waitFor("Still to mark: 0 of this question, 0 in all")
        try terminal.press("Escape")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.screen().contains("4 of 4 answers marked; 0 still to mark."))

        let results = try terminal.assessCommand(["results", path, "--json", "--with-answers"])
        #expect(results.status == 0)
        let reports = try JSONDecoder().decode([Report].self, from: Data(results.output.utf8))
        let first = try #require(reports.first { $0.candidate == "c-301" })
        let second = try #require(reports.first { $0.candidate == "c-302" })
        #expect(first.score == 7.5 && first.maximum == 10 && second.score == 7)
        #expect(first.fullyMarked == true && second.fullyMarked == true)
        #expect(first.marks["story"]?.awarded == 4.5)
        #expect(first.marks["story"]?.comment == "Vivid; the ending is rushed.")
        #expect(first.marks["story"]?.answer == "We crossed the Andes by train.")
        #expect(first.marks["story"]?.markedBy == Self.marker)
        #expect(first.marks["place"]?.comment == "Say more about the square.")
        #expect(first.marks["capital"]?.correctAnswer == "Lima")
        #expect(first.marks["capital"]?.comment == nil)
        #expect(second.marks["place"]?.comment == "Complete.")
        #expect(second.marks["capital"]?.awarded == 0)

        // The log has each mark, and no answer text.
        let log = try terminal.assessCommand(["log"]).output
        #expect(log.components(separatedBy: "answer.marked").count - 1 == 4)
        #expect(!log.contains("Andes") && !log.contains("Vivid"))
    }

    @Test func aCandidatesReportAndItemStatisticsReadBackTheMarks() throws {
        let setup = try ProctorTests.Setup()
        let path = try setup.exam("journeys.yaml", Self.exam)
        let data = try TemporaryDirectory("assess-e2e-marking")
        try seat(try ExamLoader.load(fileAt: path), in: data.url.path)
        let terminal = try TerminalUnderTest(
            "mark \(path) --candidate c-302 --question capital --show-candidates",
            dataDirectory: data.url.path, policy: setup.policy)
        try terminal.answer("Proctor password:", with: ProctorTests.password)
        try terminal.waitFor("Answer 1 of 1 · capital · 1 point · Candidate c-302")
        try terminal.type("1")
        try terminal.press("Enter")
        try terminal.waitFor("Overriding the exam's own score needs a reason")
        try terminal.type("Cusco was the Inca capital")
        try terminal.press("Enter")
        try terminal.waitFor("Saved: 1 point.")
        try terminal.press("Escape")
        #expect(try terminal.exitStatus() == 0)

        let report = try terminal.assessCommand(["results", path, "--candidate", "c-302"])
        #expect(report.status == 0)
        #expect(report.output.contains("Journeys — c-302"))
        #expect(report.output.contains("Answer: Cusco"))
        #expect(report.output.contains("Right answer: Lima"))
        #expect(report.output.contains("Score changed by the marker: Cusco was the Inca capital"))
        #expect(report.output.contains("Points: not marked yet (out of 5)"))
        let html = try terminal.assessCommand(["results", path, "--candidate", "c-302", "--format", "html"])
        #expect(html.output.hasPrefix("<!DOCTYPE html>") && html.output.contains("The bus broke down twice"))
        let missing = try terminal.assessCommand(["results", path, "--candidate", "c-999"])
        #expect(missing.status == 1 && missing.output.contains("candidate c-999 has no attempt"))

        let table = try terminal.assessCommand(["results", path]).output
        #expect(table.contains("fully marked: 0 of 2 scored attempts"))
        #expect(table.contains("capital 1/1!"))
        #expect(table.contains("c-302  journeys  capital  1 by \(Self.marker): Cusco was the Inca capital"))
        let nobody = try TerminalUnderTest(
            "mark \(path) --candidate c-999", dataDirectory: data.url.path, policy: setup.policy)
        try nobody.answer("Proctor password:", with: ProctorTests.password)
        #expect(try nobody.exitStatus() == 1)
        #expect(try nobody.screen().contains("nothing to mark: no submitted attempt by candidate c-999 at journeys"))

        let items = try terminal.assessCommand(["results", path, "--items", "--json"])
        let exams = try JSONDecoder().decode([ExamItems].self, from: Data(items.output.utf8))
        let capital = try #require(exams.first?.questions.first)
        #expect(capital.question == "capital" && capital.right == 2)
        #expect(capital.choices?.map(\.picked) == [1, 1])
    }

    /// The parts of `results --json --with-answers` these tests read.
    struct Report: Decodable {
        struct Mark: Decodable {
            var awarded: Double
            var comment: String?
            var answer: String?
            var correctAnswer: String?
            var markedBy: String?
        }
        var candidate: String
        var score: Double?
        var maximum: Double?
        var fullyMarked: Bool?
        var marks: [String: Mark]
    }

    /// The parts of `results --items --json` these tests read.
    struct ExamItems: Decodable {
        struct Item: Decodable {
            struct Choice: Decodable { var picked: Int }
            var question: String
            var right: Int
            var choices: [Choice]?
        }
        var questions: [Item]
    }
}

extension TerminalUnderTest {
    /// On the marking screen: types points and a comment into the answer shown and saves them.
    func mark(_ points: String, _ comment: String) throws {
        try type(points)
        try press("Tab")
        try type(comment)
        try press("Enter")
        try waitFor("Saved: \(points) point\(points == "1" ? "" : "s").")
    }
}
