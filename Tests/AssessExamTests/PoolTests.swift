import AssessExam
import Foundation
import Testing

/// Pools: a section with `select: N` gives each candidate N of its questions, drawn from the
/// exam key and the candidate, so every start, resume, result and mark sees the same draw.
@Suite struct PoolTests {
    /// Eight capitals in a pool of which each candidate sits three, after one fixed question.
    static let yaml =
        header + """
            sections:
              - title: Warm-up
                questions:
                  - {id: w1, type: true-false, prompt: Paris is in France., answer: true}
              - title: Capitals
                select: 3
                questions:
            """
        + [
            "Austria:Vienna", "Chile:Santiago", "Egypt:Cairo", "Kenya:Nairobi", "Peru:Lima", "Japan:Tokyo",
            "Spain:Madrid", "Nepal:Kathmandu",
        ].map { pair in
            let parts = pair.split(separator: ":")
            return "\n      - {id: \(parts[0].lowercased()), type: short-text, prompt: Capital of \(parts[0])?, "
                + "accepted: [\(parts[1])], points: 2}"
        }.joined() + "\n"

    @Test func eachCandidateIsGivenTheSelectedNumberAndNeighboursDiffer() throws {
        let exam = try exam(Self.yaml)
        #expect(exam.sections[1].select == 3 && exam.sections[1].isPool)
        var draws: Set<[String]> = []
        for candidate in ["ana", "ben", "cara", "dev", "eli", "fay"] {
            let shown = ExamPresentation(exam: exam, candidate: candidate).questions.map(\.question.id)
            #expect(shown.count == 4 && shown.first == "w1", "\(candidate): \(shown)")
            #expect(Set(shown).count == 4)
            // The same draw at every start, and the one results and marking score.
            #expect(ExamPresentation(exam: exam, candidate: candidate).questions.map(\.question.id) == shown)
            #expect(exam.drawn(for: candidate, key: exam.examKey).questions.map(\.id) == shown)
            draws.insert(shown)
        }
        #expect(draws.count > 1, "six candidates all drew \(draws)")
    }

    @Test func aDrawIsScoredOnTheQuestionsDrawnOnly() throws {
        let exam = try exam(Self.yaml)
        let sat = exam.drawn(for: "ana", key: exam.examKey)
        let drawn = sat.sections[1].questions
        let answers = Dictionary(
            uniqueKeysWithValues: drawn.map { question -> (String, Response) in
                guard case .shortText(let accepted, _) = question.kind else { return (question.id, .shortText("")) }
                return (question.id, .shortText(accepted[0]))
            })
        let score = Scorer.total(sat, responses: answers)
        #expect(score.maximum == 1 + 3 * 2 && score.awarded == 3 * 2)
        #expect(Set(score.marks.keys) == Set(["w1"] + drawn.map(\.id)))
    }

    @Test func theQuestionsAServerDrewPresentAsTheWholeFormDoes() throws {
        let exam = try exam(
            Self.yaml.replacingOccurrences(
                of: "duration: 5m", with: "duration: 5m\nshuffle: {questions: true, choices: true}"))
        let form = DeliveryForm(exam: exam)
        for candidate in ["ana", "ben", "cara"] {
            let whole = ExamPresentation(exam: form.exam, candidate: candidate)
            // What the server sends a seat: only the questions drawn, under the whole form's key.
            var drawn = form.exam.drawn(for: candidate, key: form.key)
            drawn.deliveredKey = form.key
            let part = ExamPresentation(exam: drawn, candidate: candidate)
            #expect(part.questions == whole.questions)
            #expect(part.examKey == form.key)
        }
        #expect(form.cover.questionCount == 4)
        #expect(DeliveryForm(json: form.json)?.sections[1].select == 3)
    }

    @Test func selectIsPartOfTheExamKeyAndAnExamWithoutItKeepsItsKey() throws {
        let pool = try exam(Self.yaml)
        let all = try exam(Self.yaml.replacingOccurrences(of: "    select: 3\n", with: ""))
        let four = try exam(Self.yaml.replacingOccurrences(of: "select: 3", with: "select: 4"))
        #expect(Set([pool.examKey, all.examKey, four.examKey]).count == 3)
        var unset = pool
        unset.sections[1].select = nil
        #expect(unset.examKey == all.examKey)
        // Selecting every question of a section is no pool: each candidate sits them all.
        let every = try exam(Self.yaml.replacingOccurrences(of: "select: 3", with: "select: 8"))
        #expect(!every.sections[1].isPool)
        #expect(ExamPresentation(exam: every, candidate: "ana").questions.count == 9)
    }

    @Test(arguments: [
        ("select: 0", "\"select\" in section 2 must be a whole number above 0"),
        ("select: three", "\"select\" in section 2 must be a whole number above 0"),
        ("select: 1.5", "\"select\" in section 2 must be a whole number above 0"),
        ("select: 9", "\"select\" in section 2 is 9, but the section has only 8 questions"),
    ])
    func aWrongSelectIsReportedWithItsLine(_ line: String, _ message: String) {
        let found = problems(in: Self.yaml.replacingOccurrences(of: "select: 3", with: line))
        #expect(found.count == 1 && found.first?.message.contains(message) == true, "\(found)")
        #expect(found.first?.line == 9 && found.first?.path == "exam.yaml", "\(found)")
    }

    @Test func selectOutsideASectionIsAnUnknownKey() {
        let found = problems(
            in: header + "select: 1\nquestions:\n  - {id: a, type: true-false, prompt: Yes?, answer: true}\n")
        #expect(
            found.contains { $0.message.contains("unknown key \"select\" in the exam") && $0.line == 4 }, "\(found)")
    }
}
