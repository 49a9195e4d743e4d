import Foundation

extension DeliveryForm {
    /// What a student would see differently in `fixed` than in this form, in words (`the
    /// title`, `question q2's prompt`, `question q7 is new`); empty when both forms are the
    /// same. A fixed scoring key must leave the form as it is (`results --rescore`).
    public func differences(to fixed: DeliveryForm) -> [String] {
        var found: [String] = []
        func compare<Value: Equatable>(_ left: Value, _ right: Value, _ what: String) {
            if left != right { found.append(what) }
        }
        compare(id, fixed.id, "the exam's id")
        compare(title, fixed.title, "the title")
        compare(version, fixed.version, "the version")
        compare(durationSeconds, fixed.durationSeconds, "the time allowed")
        compare(instructions, fixed.instructions, "the instructions")
        compare(language, fixed.language, "the language")
        compare(navigation, fixed.navigation, "the navigation")
        compare(shuffleQuestions, fixed.shuffleQuestions, "the shuffling of questions")
        compare(shuffleChoices, fixed.shuffleChoices, "the shuffling of choices")
        compare(lock, fixed.lock, "the lock")
        compare(suggestions, fixed.suggestions, "the suggestions allowed")
        compare(restrictions, fixed.restrictions, "the restrictions")
        compare(
            sections.map { [$0.title ?? "", String($0.questions.count)] },
            fixed.sections.map { [$0.title ?? "", String($0.questions.count)] }, "the sections")
        let questions = sections.flatMap(\.questions)
        let fixedQuestions = fixed.sections.flatMap(\.questions)
        let byID = Dictionary(fixedQuestions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ids = Set(questions.map(\.id))
        for question in questions {
            guard let other = byID[question.id] else {
                found.append("question \(question.id) is gone")
                continue
            }
            let name = "question \(question.id)'s"
            compare(question.type, other.type, "\(name) type")
            compare(question.prompt, other.prompt, "\(name) prompt")
            compare(question.points, other.points, "\(name) points")
            compare(question.choices, other.choices, "\(name) choices")
            compare(question.unit, other.unit, "\(name) unit")
            compare(question.wordLimit, other.wordLimit, "\(name) word limit")
            compare(question.left, other.left, "\(name) items to match")
            compare(question.options, other.options, "\(name) options to match with")
            compare(question.items, other.items, "\(name) items to order")
        }
        for question in fixedQuestions where !ids.contains(question.id) {
            found.append("question \(question.id) is new")
        }
        let common = Set(fixedQuestions.map(\.id)).intersection(ids)
        compare(
            questions.map(\.id).filter(common.contains), fixedQuestions.map(\.id).filter(common.contains),
            "the order of the questions")
        return found
    }
}

extension SealedScoring {
    /// What scores differently in `fixed` than in this key: the ids of the questions whose
    /// answer or marking rule changed, in the exam's order, and `half-points` when that
    /// rule did. Both keys make the same delivery form.
    public func changes(to fixed: SealedScoring) -> [String] {
        let fixedQuestions = Dictionary(
            fixed.exam.questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changed = exam.questions.filter { fixedQuestions[$0.id] != $0 }.map(\.id)
        if exam.halfPoints != fixed.exam.halfPoints { changed.append("half-points") }
        return changed
    }
}
