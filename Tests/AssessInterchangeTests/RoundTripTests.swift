import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// import(export(exam)) gives the same questions, answers and points back: exactly for
/// QTI, and for GIFT up to what GIFT cannot say (`giftView`).
@Suite struct RoundTripTests {
    static let samples = ["geography.yaml", "spelling.yaml", "all-types.yaml", "multilingual.yaml", "pool.yaml"]

    /// An exam with every question type and every setting a question can have.
    static let everyType = Exam(
        id: "every-type", title: "Every type", durationSeconds: 900,
        instructions: "Read each question.\nThen answer it.",
        sections: [
            ExamSection(
                title: "One",
                questions: [
                    Question(
                        id: "single", prompt: "Pick {one}: a = b?", points: 2,
                        kind: .singleChoice(choices: ["x~y", "#z"], correct: 1)),
                    Question(
                        id: "multi", prompt: "Pick some.\nSecond line.",
                        kind: .multipleResponse(
                            choices: ["a", "b", "c"], correct: [0, 2], partialCredit: .proportional)),
                    Question(
                        id: "multi-strict", prompt: "All or nothing.", points: 3,
                        kind: .multipleResponse(choices: ["a", "b"], correct: [1], partialCredit: .none)),
                    Question(id: "tf", prompt: "True?", kind: .trueFalse(answer: false)),
                    Question(
                        id: "short", prompt: "Name it.",
                        kind: .shortText(accepted: ["Ada", "Ada Lovelace"], caseSensitive: true)),
                ]),
            ExamSection(
                title: "Two: numbers & more",
                questions: [
                    Question(
                        id: "value", prompt: "How many?", points: 0.5,
                        kind: .numeric(answer: .value(-2.5, tolerance: 0.25), unit: "km/h")),
                    Question(
                        id: "range", prompt: "Between?",
                        kind: .numeric(answer: .range(low: 3.14, high: 3.15), unit: nil)),
                    Question(id: "essay", prompt: "Write <b>this</b>.", points: 5, kind: .essay(wordLimit: 150)),
                    Question(
                        id: "match", prompt: "Match.",
                        kind: .matching(
                            pairs: [MatchingPair(left: "1", right: "one"), MatchingPair(left: "2", right: "two")],
                            partialCredit: .none)),
                    Question(
                        id: "order", prompt: "Order.",
                        kind: .ordering(items: ["first", "second", "third"], partialCredit: .proportional)),
                ]),
        ])

    static func exams() throws -> [Exam] {
        try samples.map { try ExamLoader.load(fileAt: Banks.exams.appendingPathComponent($0).path) } + [everyType]
    }

    /// The section titles and questions of an exam, to compare.
    static func content(_ exam: Exam) -> [ExamSection] {
        exam.sections
    }

    @Test func theNativeWriterKeepsTheCalculatorTheReferenceSheetAndTheirRestrictions() throws {
        let exam = try ExamLoader.load(fileAt: Banks.exams.appendingPathComponent("all-types.yaml").path)
        #expect(exam.calculator != nil)
        let back = try ExamLoader.load(text: NativeExamWriter.yaml(for: exam), path: "back.yaml")
        #expect(back.calculator == exam.calculator)
        #expect(back.reference == exam.reference && exam.reference != nil)
        #expect(back.restrictions == exam.restrictions)
        #expect(back.examKey == exam.examKey)
    }

    @Test func qtiPackageGivesEveryQuestionBack() throws {
        for exam in try Self.exams() {
            let data = try QTIWriter.package(for: exam)
            let outcome = Banks.importer.assemble([
                try Banks.importer.read(data: data, path: "\(exam.id).zip", format: nil)
            ])
            #expect(outcome.rejections.isEmpty, "\(exam.id): \(outcome.rejections)")
            let back = try #require(outcome.exam)
            let original =
                exam.sections.count == 1 && exam.sections[0].title == nil
                ? Exam(
                    id: exam.id, title: exam.title, durationSeconds: 60,
                    sections: [ExamSection(title: exam.title, questions: exam.questions)])
                : exam
            #expect(Self.content(back) == Self.content(original), "\(exam.id)")
            #expect(back.instructions == exam.instructions, "\(exam.id)")
        }
    }

    /// What GIFT keeps of an exam: no ordering questions, partial credit as Moodle scores
    /// it, no case sensitivity, units or word limits.
    static func giftView(_ exam: Exam) -> Exam {
        var view = exam
        view.sections = exam.sections.compactMap { section in
            let questions = section.questions.compactMap { question -> Question? in
                var question = question
                switch question.kind {
                case .ordering: return nil
                case .multipleResponse(let choices, let correct, _) where correct.count == 1:
                    question.kind = .singleChoice(choices: choices, correct: correct.first ?? 0)
                case .multipleResponse(let choices, let correct, _):
                    question.kind = .multipleResponse(choices: choices, correct: correct, partialCredit: .proportional)
                case .matching(let pairs, _, let distractors):
                    question.kind = .matching(pairs: pairs, partialCredit: .proportional, distractors: distractors)
                case .shortText(let accepted, _): question.kind = .shortText(accepted: accepted, caseSensitive: false)
                case .numeric(let answer, _): question.kind = .numeric(answer: answer, unit: nil)
                case .essay: question.kind = .essay(wordLimit: nil)
                default: break
                }
                return question
            }
            return questions.isEmpty ? nil : ExamSection(title: section.title, questions: questions)
        }
        return view
    }

    @Test func giftGivesBackWhatGIFTCanSay() throws {
        for exam in try Self.exams() {
            let (text, losses) = GIFTWriter.write(exam)
            let outcome = Banks.importer.assemble([try GIFTReader.read(text: text, file: "\(exam.id).gift")])
            #expect(outcome.rejections.isEmpty, "\(exam.id): \(outcome.rejections)")
            let back = try #require(outcome.exam)
            #expect(Self.content(back) == Self.content(Self.giftView(exam)), "\(exam.id)")
            #expect(back.instructions == exam.instructions)
            let lossy = exam.questions.filter {
                Self.giftView(
                    Exam(id: "x", title: "x", durationSeconds: 1, sections: [ExamSection(title: nil, questions: [$0])])
                ).questions != [$0]
            }
            for question in lossy {
                #expect(
                    losses.contains { $0.hasPrefix("\(question.id):") },
                    "\(exam.id): \(question.id) lost something unsaid")
            }
        }
    }
}
