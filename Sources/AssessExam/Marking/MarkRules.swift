import Foundation

/// The rules for points a person gives one answer: from 0 to the question's points, in
/// whole points, or in halves when the exam says so (`half-points: true`).
public enum MarkRules {
    /// Reads points as typed by a marker ("2", "2.5", "2,5"); nil when it is not a number.
    public static func points(from text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !trimmed.isEmpty, let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }

    /// What is wrong with giving `points` to `question` of `exam`, in words for the marker;
    /// nil when the points are allowed.
    public static func problem(with points: Double, for question: Question, in exam: Exam) -> String? {
        let maximum = question.points
        let step = exam.halfPoints ? 0.5 : 1
        let range = "0 to \(number(maximum))"
        if points < 0 || points > maximum {
            return "\(number(points)) is outside \(range) points"
        }
        if (points / step).rounded() != points / step {
            return exam.halfPoints
                ? "\(number(points)) is not a whole or half point; give \(range) in steps of 0.5"
                : "\(number(points)) is not a whole point; give \(range) (this exam allows no halves)"
        }
        return nil
    }

    /// "3", "2.5".
    public static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension ExamScore {
    /// The score with the points people gave (`handMarks`, by question id) in place of
    /// each question's own mark: an essay so marked no longer waits, and an automatic
    /// score so marked is overridden.
    public func applying(handMarks: [String: Double]) -> ExamScore {
        var score = self
        for (questionID, points) in handMarks {
            guard var mark = score.marks[questionID] else { continue }
            score.awarded += points - mark.awarded
            mark.awarded = points
            mark.needsManualMarking = false
            score.marks[questionID] = mark
        }
        score.awaitingManualMarking.removeAll { handMarks[$0] != nil }
        return score
    }

    /// True when no answer waits for a person to mark it.
    public var isFullyMarked: Bool { awaitingManualMarking.isEmpty }
}
