import AssessExam
import Foundation
import Testing

@Suite struct ReceiptTests {
    let key = String(repeating: "ab", count: 32)
    let when = Date(timeIntervalSince1970: 1_750_000_000.25)
    let responses: [String: Response] = ["capital": .singleChoice(0), "river": .shortText("Nile")]
    let head = "42:" + String(repeating: "9f", count: 32)

    @Test func codeIsThreeGroupsOfFourUnambiguousCharacters() {
        let code = Receipt.code(
            examKey: key, attemptID: "attempt-1", responses: responses, submittedAt: when, chainHead: head)
        let groups = code.split(separator: "-")
        #expect(groups.count == 3)
        #expect(groups.allSatisfy { $0.count == 4 })
        #expect(code.allSatisfy { $0 == "-" || "0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains($0) })
    }

    @Test func sameSubmissionGivesTheSameCode() {
        let first = Receipt.code(
            examKey: key, attemptID: "attempt-1", responses: responses, submittedAt: when, chainHead: head)
        let again = Receipt.code(
            examKey: key, attemptID: "attempt-1", responses: responses,
            submittedAt: when.addingTimeInterval(0.5), chainHead: head)
        #expect(first == again)
    }

    @Test func changedAnswerChangesTheCode() {
        var changed = responses
        changed["capital"] = .singleChoice(1)
        #expect(
            Receipt.code(examKey: key, attemptID: "attempt-1", responses: responses, submittedAt: when, chainHead: head)
                != Receipt.code(
                    examKey: key, attemptID: "attempt-1", responses: changed, submittedAt: when, chainHead: head))
    }

    @Test func changedAttemptExamOrTimeChangesTheCode() {
        let base = Receipt.code(
            examKey: key, attemptID: "attempt-1", responses: responses, submittedAt: when, chainHead: head)
        #expect(
            base
                != Receipt.code(
                    examKey: key, attemptID: "attempt-2", responses: responses, submittedAt: when, chainHead: head))
        #expect(
            base
                != Receipt.code(
                    examKey: String(repeating: "cd", count: 32), attemptID: "attempt-1",
                    responses: responses, submittedAt: when, chainHead: head))
        #expect(
            base
                != Receipt.code(
                    examKey: key, attemptID: "attempt-1", responses: responses,
                    submittedAt: when.addingTimeInterval(1), chainHead: head))
    }

    @Test func theLogsHeadIsPartOfTheCode() {
        let base = Receipt.code(
            examKey: key, attemptID: "attempt-1", responses: responses, submittedAt: when, chainHead: head)
        let earlier = "41:" + String(repeating: "9f", count: 32)
        #expect(
            base
                != Receipt.code(
                    examKey: key, attemptID: "attempt-1", responses: responses, submittedAt: when,
                    chainHead: earlier))
        #expect(
            base
                != Receipt.code(
                    examKey: key, attemptID: "attempt-1", responses: responses, submittedAt: when,
                    chainHead: nil))
    }
}
