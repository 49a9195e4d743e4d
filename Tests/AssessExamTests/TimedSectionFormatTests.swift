import AssessExam
import Foundation
import Testing

/// A section's `duration:` and `break-after:`: read, checked with file and line, and part
/// of the exam key only when given.
@Suite struct TimedSectionFormatTests {
    /// Two sections of the 5-minute header's exam: 2 minutes with a 30-second break after
    /// it, then 3 minutes.
    static let yaml =
        header + """
            sections:
              - title: First
                duration: 2m
                break-after: 30s
                questions:
                  - {id: a, type: true-false, prompt: Yes?, answer: true}
              - title: Second
                duration: 3m
                questions:
                  - {id: b, type: true-false, prompt: No?, answer: false}
            """ + "\n"

    @Test func aSectionsDurationAndBreakAreRead() throws {
        let exam = try exam(Self.yaml)
        #expect(exam.hasTimedSections)
        #expect(exam.sections.map(\.durationSeconds) == [120, 180])
        #expect(exam.sections.map(\.breakAfterSeconds) == [30, nil])
        // The delivery form carries them to a seat.
        let form = DeliveryForm(exam: exam)
        #expect(form.exam.sections.map(\.durationSeconds) == [120, 180])
        #expect(form.exam.sections.map(\.breakAfterSeconds) == [30, nil])
        #expect(form.json.contains("\"duration\":120") && form.json.contains("\"breakAfter\":30"))
    }

    @Test func theyArePartOfTheExamKeyAndAnExamWithoutThemKeepsItsKey() throws {
        let timed = try exam(Self.yaml)
        let untimed = try exam(
            Self.yaml.replacingOccurrences(of: "    duration: 2m\n    break-after: 30s\n", with: "")
                .replacingOccurrences(of: "    duration: 3m\n", with: ""))
        #expect(!untimed.hasTimedSections)
        var stripped = timed
        for index in stripped.sections.indices {
            stripped.sections[index].durationSeconds = nil
            stripped.sections[index].breakAfterSeconds = nil
        }
        #expect(stripped.examKey == untimed.examKey)
        #expect(timed.examKey != untimed.examKey)
    }

    @Test(arguments: [
        ("duration: 2m", "duration: 90", 6, "\"duration\" in section 1 is 90, a number that has no unit"),
        ("break-after: 30s", "break-after: soon", 7, "\"break-after\" in section 1 is \"soon\""),
        ("duration: 3m", "duration: 4m", 3, "the sections' own durations add up to 6m 0s, more than the exam's"),
    ])
    func aWrongTimeIsReportedWithItsLine(_ old: String, _ new: String, _ line: Int, _ message: String) {
        let found = problems(in: Self.yaml.replacingOccurrences(of: old, with: new))
        #expect(found.count == 1 && found.first?.message.contains(message) == true, "\(found)")
        #expect(found.first?.line == line, "\(found)")
    }

    @Test func aBreakAfterTheLastSectionIsRefused() {
        let found = problems(
            in: Self.yaml.replacingOccurrences(
                of: "    duration: 3m\n", with: "    duration: 3m\n    break-after: 1m\n"))
        #expect(found.count == 1 && found.first?.message.contains("\"break-after\" in the last section") == true)
        #expect(found.first?.line == 12, "\(found)")
    }
}
