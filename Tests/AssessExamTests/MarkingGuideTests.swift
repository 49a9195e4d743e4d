import Foundation
import Testing

@testable import AssessExam

/// A question's marking guide (`guide:`) is read for the marker, checked like any text,
/// and kept out of what a seat is sent and out of the exam key.
@Suite struct MarkingGuideTests {
    private let questions = """
        questions:
          - id: tides
            type: essay
            prompt: Why are there two high tides a day?
            points: 4
            guide: |
              2 points: the Moon's pull on the near side.
              2 points: the bulge on the far side.
          - id: ice
            type: true-false
            prompt: Ice floats on water.
            answer: true
        """

    @Test func theGuideIsReadForTheMarker() throws {
        let read = try exam(header + questions)
        #expect(
            read.question(withID: "tides")?.guide
                == "2 points: the Moon's pull on the near side.\n2 points: the bulge on the far side.")
        #expect(read.question(withID: "ice")?.guide == nil)
    }

    @Test func anEmptyGuideOrAListIsReportedWhereItIs() {
        let empty = problems(
            in: header + "questions:\n  - {id: a, type: essay, prompt: P, guide: \"  \"}\n")
        #expect(empty.map(\.message) == ["\"guide\" in question \"a\" is empty; write some text"])
        let list = problems(
            in: header + "questions:\n  - id: a\n    type: essay\n    prompt: P\n    guide: [one, two]\n")
        #expect(list.count == 1)
        #expect(list.first?.message.hasPrefix("\"guide\" in question \"a\" must be text") == true)
        #expect(list.first?.line == header.split(separator: "\n").count + 5)
    }

    @Test func theGuideStaysOutOfTheDeliveryFormAndTheExamKey() throws {
        let withGuide = try exam(header + questions)
        let form = DeliveryForm(exam: withGuide)
        #expect(!form.json.contains("near side"))
        #expect(!form.json.contains("guide"))
        #expect(form.exam.question(withID: "tides")?.guide == nil)
        let without = try exam(
            header
                + questions.replacingOccurrences(
                    of:
                        "    guide: |\n      2 points: the Moon's pull on the near side.\n      2 points: the bulge on the far side.\n",
                    with: ""))
        #expect(without.question(withID: "tides")?.guide == nil)
        // A guide added after a sitting neither sets its attempts apart nor changes what seats sit.
        #expect(withGuide.examKey == without.examKey)
        #expect(form.key == DeliveryForm(exam: without).key)
    }
}
