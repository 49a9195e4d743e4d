import Foundation
import Testing

@testable import AssessExam

/// A published exam's delivery form holds what the student sees and nothing that scores
/// it; answers given to it score, through `SealedScoring`, as answers to the file would.
@Suite struct DeliveryFormTests {
    let exam: Exam

    init() throws {
        exam = try ExamLoader.load(fileAt: TestFiles.sample("all-types.yaml"))
    }

    @Test func theFormHoldsNoAnswerAndNoMarkingRule() throws {
        let json = DeliveryForm(exam: exam).json
        for secret in [
            "Jane Austen", "\"answer", "accepted", "correct", "tolerance", "partial", "3.15", "caseSensitive",
        ] {
            #expect(!json.contains(secret), "\(secret) in the delivery form")
        }
        // Every prompt and choice is there.
        for question in exam.questions { #expect(json.contains(question.id)) }
        #expect(json.contains("Mercury") && json.contains("km/h"))
    }

    @Test func orderingItemsAndMatchingOptionsAreNotSentInTheirRightOrder() throws {
        let form = DeliveryForm(exam: exam).exam
        for question in exam.questions {
            guard let sent = form.question(withID: question.id) else {
                Issue.record("\(question.id) missing")
                continue
            }
            switch (question.kind, sent.kind) {
            case (.ordering(let items, _), .ordering(let delivered, _)):
                #expect(Set(items) == Set(delivered))
                #expect(items != delivered, "the items of \(question.id) go out in their right order")
            case (.matching, .matching):
                #expect(Set(question.kind.matchingOptions) == Set(sent.kind.matchingOptions))
                #expect(question.kind.matchingOptions != sent.kind.matchingOptions)
            default:
                #expect(sent.kind.typeName == question.kind.typeName)
            }
        }
    }

    @Test func theFormRoundTripsAndItsKeyIsTheKeyOfTheExamASeatSits() throws {
        let form = DeliveryForm(exam: exam)
        let read = try #require(DeliveryForm(json: form.json))
        #expect(read == form)
        #expect(read.key == read.exam.examKey)
        #expect(read.key != exam.examKey)
        #expect(read.exam.questions.count == exam.questions.count)
        #expect(DeliveryForm(json: "{}") == nil)
    }

    @Test func aFixedAnswerKeyKeepsTheDeliveryKey() throws {
        let source = try String(contentsOfFile: TestFiles.sample("all-types.yaml"), encoding: .utf8)
        let fixed = try ExamLoader.load(
            text: source.replacingOccurrences(of: "answer: Mercury", with: "answer: Venus"),
            path: "fixed.yaml")
        #expect(fixed.examKey != exam.examKey)
        #expect(DeliveryForm(exam: fixed).key == DeliveryForm(exam: exam).key)
        // A changed prompt changes it.
        let reworded = try ExamLoader.load(
            text: source.replacingOccurrences(of: "closest to the Sun", with: "nearest the Sun"),
            path: "reworded.yaml")
        #expect(DeliveryForm(exam: reworded).key != DeliveryForm(exam: exam).key)
    }

    @Test func rightAnswersToTheFormScoreFullMarks() throws {
        let sealed = SealedScoring(exam: exam)
        let form = sealed.form.exam
        var given: [String: Response] = [:]
        for question in exam.questions {
            let sent = try #require(form.question(withID: question.id))
            switch question.kind {
            case .singleChoice(_, let correct): given[question.id] = .singleChoice(correct)
            case .multipleResponse(_, let correct, _): given[question.id] = .multipleResponse(correct)
            case .trueFalse(let answer): given[question.id] = .trueFalse(answer)
            case .shortText(let accepted, _): given[question.id] = .shortText(accepted[0])
            case .numeric(let answer, _):
                if case .value(let value, _) = answer { given[question.id] = .numeric(String(value)) }
                if case .range(let low, _) = answer { given[question.id] = .numeric(String(low)) }
            case .essay, .code: break
            case .matching(let pairs, _, _):
                // Each left item's right text, as its index among the options the seat was sent.
                let options = sent.kind.matchingOptions
                given[question.id] = .matching(
                    Dictionary(
                        uniqueKeysWithValues: pairs.enumerated().map { index, pair in
                            (index, options.firstIndex(of: pair.right)!)
                        }))
            case .ordering(let items, _):
                guard case .ordering(let delivered, _) = sent.kind else { continue }
                given[question.id] = .ordering(items.map { delivered.firstIndex(of: $0)! })
            }
        }
        let score = Scorer.total(exam, responses: sealed.fileResponses(given))
        let essays = exam.questions.filter { $0.kind.typeName == "essay" }.reduce(0) { $0 + $1.points }
        #expect(score.awarded == score.maximum - essays)
        // The same answers scored against the file's order, untranslated, would not all be right.
        #expect(Scorer.total(exam, responses: given).awarded < score.awarded)
    }
}
