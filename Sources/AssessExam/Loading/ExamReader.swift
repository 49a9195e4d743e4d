import AssessCalculator
import AssessCore
import Foundation
import Yams

/// Turns the YAML node tree of an exam file into an `Exam`, recording every problem it
/// finds on the way. The format is described in `Exams/FORMAT.md`.
struct ExamReader {
    static let examKeys = [
        "id", "title", "version", "duration", "instructions", "language", "navigation",
        "shuffle", "lock", "suggestions", "calculator", "reference", "restrictions", "questions", "sections",
        "half-points",
    ]
    static let shuffleKeys = ["questions", "choices"]
    static let restrictionKeys = ["id", "title", "detail", "default"]
    static let sectionKeys = ["title", "questions", "select", "duration", "break-after"]
    /// The longest exam the format allows, in seconds.
    static let longestDuration = 24 * 3600

    /// The recorder every part of the reading shares.
    var reader: NodeReader
    /// Each question id seen so far, with where it was first used.
    private var questionIDs: [String: Node] = [:]
    /// Questions met so far, across sections, against ``ExamLimits/questions``.
    private var questionCount = 0
    /// Every picture the questions name, with where its `file:` is, for the loader to check.
    var pictureReferences: [PictureReference] = []

    init(path: String) {
        reader = NodeReader(path: path)
    }

    /// Every problem found so far.
    var problems: [ExamProblem] { reader.problems }

    /// Reads a whole exam; `nil` when something essential is missing or wrong (the
    /// problems say what). An exam is only usable when `problems` is also empty.
    mutating func readExam(_ root: Node?) -> Exam? {
        guard let root else {
            reader.report(
                line: 1, column: 1, "the file is empty; an exam needs at least id, title, duration and questions")
            return nil
        }
        guard let fields = reader.fields(root, owner: "the exam", known: Self.examKeys) else { return nil }
        let id = reader.text(fields, "id", required: true, example: "geography-quiz")
        let title = reader.text(fields, "title", required: true, example: "Geography quiz")
        let version = reader.text(fields, "version", required: false, example: "1") ?? "1"
        let duration = readDuration(fields)
        let instructions = reader.text(fields, "instructions", required: false, example: "Answer every question.") ?? ""
        let language = readLanguage(fields)
        let navigation = reader.word(
            fields, "navigation", required: false, options: Navigation.allCases.map(\.rawValue)
        )
        .flatMap(Navigation.init(rawValue:))
        let shuffle = readShuffle(fields)
        let lock = reader.word(fields, "lock", required: false, options: LockMode.allCases.map(\.rawValue))
            .flatMap(LockMode.init(rawValue:))
        let suggestions = readSuggestions(fields)
        let calculator = readCalculator(fields)
        let reference = readReference(fields)
        let restrictions = readRestrictions(fields, calculator: calculator, reference: reference)
        let halfPoints = reader.bool(fields, "half-points", required: false) ?? false
        let sections = readSections(fields)
        guard let id, let title, let duration, let sections else { return nil }
        return Exam(
            id: id, title: title, version: version, durationSeconds: duration, instructions: instructions,
            language: language ?? "en", navigation: navigation ?? .free, shuffle: shuffle ?? ShuffleSettings(),
            lock: lock ?? .required, suggestions: suggestions, restrictions: restrictions,
            calculator: calculator, reference: reference, halfPoints: halfPoints, sections: sections)
    }

    /// A length of time under `key` (the exam's `duration:`, a section's `duration:` or
    /// `break-after:`), in whole seconds; `nil` when missing or wrong.
    private mutating func readDuration(_ fields: Fields, key: String = "duration") -> Int? {
        guard let text = reader.text(fields, key, required: true, example: "10m") else { return nil }
        let place = fields.owner == "the exam" ? "" : " in \(fields.owner)"
        if Double(text) != nil {
            reader.report(
                at: fields[key] ?? fields.node,
                "\"\(key)\"\(place) is \(text), a number that has no unit; write the unit too, such as \(text)m for minutes (or \(text)s, \(text)h)"
            )
            return nil
        }
        guard let seconds = PolicyParser.parseDuration(text), seconds >= 1, seconds <= Double(Self.longestDuration),
            seconds == seconds.rounded()
        else {
            reader.report(
                at: fields[key] ?? fields.node,
                "\"\(key)\"\(place) is \"\(text)\"; write a length of time from 1s to 24h such as 45s, 10m or 1h30m")
            return nil
        }
        return Int(seconds)
    }

    /// Timed sections run one after the other within the exam's time: a break after the
    /// last section is pointless, and the sections' own times must fit in the exam's.
    private mutating func checkSectionTimes(_ sections: [ExamSection], lastBreak: Node?, _ fields: Fields) -> Bool {
        var fine = true
        if let node = lastBreak {
            reader.report(
                at: node,
                "\"break-after\" in the last section has no section to come back to; drop it, or move it to an earlier section"
            )
            fine = false
        }
        let timed = sections.compactMap(\.durationSeconds).reduce(0, +)
        if timed > 0, let exam = fields["duration"], let total = readDurationQuietly(exam), timed > total {
            reader.report(
                at: exam,
                """
                the sections' own durations add up to \(timed / 60)m \(timed % 60)s, more than the exam's "duration"; \
                make the exam's duration at least that, or shorten the sections
                """)
            fine = false
        }
        return fine
    }

    /// The exam's duration read again without reporting (it was reported once already).
    private func readDurationQuietly(_ node: Node) -> Int? {
        node.string.flatMap(PolicyParser.parseDuration).map { Int($0) }
    }

    private mutating func readLanguage(_ fields: Fields) -> String? {
        guard let text = reader.text(fields, "language", required: false, example: "en") else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let primaryIsValid = (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
        let restIsValid = parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        guard primaryIsValid && restIsValid else {
            reader.report(
                at: fields["language"] ?? fields.node,
                "\"language\" is \"\(text)\"; write a BCP 47 language tag such as en, ja, pt-BR, or mul for several languages"
            )
            return nil
        }
        return text
    }

    private mutating func readShuffle(_ fields: Fields) -> ShuffleSettings? {
        guard let node = reader.value(fields, "shuffle", required: false, example: "{questions: true, choices: true}"),
            let shuffle = reader.fields(node, owner: "\"shuffle\"", known: Self.shuffleKeys)
        else { return nil }
        return ShuffleSettings(
            questions: reader.bool(shuffle, "questions", required: false) ?? false,
            choices: reader.bool(shuffle, "choices", required: false) ?? false)
    }

    private mutating func readSuggestions(_ fields: Fields) -> Set<SuggestionFeature> {
        guard let nodes = reader.list(fields, "suggestions", required: false, example: "[spell-check]") else {
            return []
        }
        let names = SuggestionFeature.allCases.map(\.rawValue)
        var features: Set<SuggestionFeature> = []
        for node in nodes {
            if let name = reader.word(node, what: "each of \"suggestions\"", options: names),
                let feature = SuggestionFeature(rawValue: name)
            {
                features.insert(feature)
            }
        }
        return features
    }

    /// `calculator: basic | scientific | none`; `nil` for none or when the key is absent.
    private mutating func readCalculator(_ fields: Fields) -> CalculatorKind? {
        let options = CalculatorKind.allCases.map(\.rawValue) + ["none"]
        return reader.word(fields, "calculator", required: false, options: options).flatMap(
            CalculatorKind.init(rawValue:))
    }

    /// `reference: {title: Formulas, text: "..."}`, or `nil` without the key.
    private mutating func readReference(_ fields: Fields) -> ReferenceSheet? {
        guard
            let node = reader.value(
                fields, "reference", required: false, example: "{title: Formulas, text: \"Area of a circle: πr²\"}"),
            let entry = reader.fields(node, owner: "\"reference\"", known: ["title", "text"])
        else { return nil }
        let title = reader.text(entry, "title", required: true, example: "Formulas")
        let text = reader.text(entry, "text", required: true, example: "Area of a circle: πr²")
        guard let title, let text else { return nil }
        return ReferenceSheet(title: title, text: text)
    }

    /// The `restrictions:` list; with a `calculator` or a `reference`, its restriction at the
    /// end unless listed.
    private mutating func readRestrictions(_ fields: Fields, calculator: CalculatorKind?, reference: ReferenceSheet?)
        -> [Restriction]
    {
        var restrictions = readListedRestrictions(fields)
        let listed = restrictions.firstIndex { $0.id == Restriction.calculatorID }
        if let calculator, listed == nil { restrictions.append(.calculator(calculator)) }
        if calculator == nil, let listed, let node = fields["restrictions"] {
            reader.report(
                at: node,
                "restriction \"\(restrictions[listed].id)\" allows a calculator, but the exam has none; add `calculator: basic` or `calculator: scientific`, or remove the restriction"
            )
        }
        if let reference, !restrictions.contains(where: { $0.id == Restriction.referenceID }) {
            restrictions.append(.reference(reference))
        }
        if reference == nil, restrictions.contains(where: { $0.id == Restriction.referenceID }),
            let node = fields["restrictions"]
        {
            reader.report(
                at: node,
                "restriction \"reference\" allows a reference sheet, but the exam has none; add `reference: {title: ..., text: ...}`, or remove the restriction"
            )
        }
        return restrictions
    }

    private mutating func readListedRestrictions(_ fields: Fields) -> [Restriction] {
        guard let nodes = reader.list(fields, "restrictions", required: false, example: "[...]") else { return [] }
        var restrictions: [Restriction] = []
        var seen: [String: Node] = [:]
        for (index, node) in nodes.enumerated() {
            guard let entry = reader.fields(node, owner: "restriction \(index + 1)", known: Self.restrictionKeys) else {
                continue
            }
            let id = reader.text(entry, "id", required: true, example: "back-navigation")
            let title = reader.text(entry, "title", required: true, example: "Going back")
            let detail = reader.text(
                entry, "detail", required: true, example: "The student may return to earlier questions.")
            let state = reader.word(entry, "default", required: false, options: ["on", "off"])
            guard let id, let title, let detail else { continue }
            if let first = seen[id] {
                reader.report(
                    at: entry["id"] ?? node,
                    "restriction id \"\(id)\" is already used on line \(first.mark?.line ?? 1); give each restriction its own id"
                )
                continue
            }
            seen[id] = entry["id"]
            restrictions.append(Restriction(id: id, title: title, detail: detail, isOnByDefault: state == "on"))
        }
        return restrictions
    }

    /// The questions, either from `questions:` (one untitled section) or `sections:`.
    private mutating func readSections(_ fields: Fields) -> [ExamSection]? {
        switch (fields["questions"], fields["sections"]) {
        case (.some, .some):
            reader.report(
                at: fields["sections"] ?? fields.node,
                "the exam has both \"questions\" and \"sections\"; use one: put every question in a section, or drop the sections"
            )
            return nil
        case (.none, .none):
            reader.report(
                at: fields.node,
                "the exam has no questions; add a \"questions\" list, or \"sections\" each with a title and questions")
            return nil
        case (.some, .none):
            guard let questions = readQuestionList(fields) else { return nil }
            return [ExamSection(title: nil, questions: questions)]
        case (.none, .some):
            guard let nodes = reader.list(fields, "sections", required: true, example: "[...]") else { return nil }
            guard !nodes.isEmpty else {
                reader.report(
                    at: fields["sections"] ?? fields.node,
                    "\"sections\" is empty; add at least one section with a title and questions")
                return nil
            }
            var sections: [ExamSection] = []
            var complete = true
            var lastBreak: Node?
            for (index, node) in nodes.enumerated() {
                guard let section = reader.fields(node, owner: "section \(index + 1)", known: Self.sectionKeys) else {
                    complete = false
                    continue
                }
                let title = reader.text(section, "title", required: true, example: "Part A")
                let questions = readQuestionList(section)
                let select = readSelect(section, questions: questions?.count)
                let duration: Int?? = section["duration"] == nil ? .some(nil) : readDuration(section).map(Optional.some)
                let pause: Int?? =
                    section["break-after"] == nil
                    ? .some(nil) : readDuration(section, key: "break-after").map(Optional.some)
                lastBreak = section["break-after"]
                if let title, let questions, let select, let duration, let pause {
                    sections.append(
                        ExamSection(
                            title: title, questions: questions, select: select, durationSeconds: duration,
                            breakAfterSeconds: pause))
                } else {
                    complete = false
                }
            }
            guard complete else { return nil }
            return checkSectionTimes(sections, lastBreak: lastBreak, fields) ? sections : nil
        }
    }

    /// A section's `select:` (how many of its questions each candidate sits): `.some(nil)`
    /// when absent, `nil` when wrong. `count` is the number of questions read, if they were.
    private mutating func readSelect(_ fields: Fields, questions count: Int?) -> Int?? {
        guard let node = reader.value(fields, "select", required: false, example: "5") else { return .some(nil) }
        guard let select = node.int, select > 0 else {
            reader.report(
                at: node,
                """
                "select" in \(fields.owner) must be a whole number above 0 (how many of its questions each \
                candidate is given), not \(reader.describe(node))
                """)
            return nil
        }
        if let count, select > count {
            reader.report(
                at: node,
                """
                "select" in \(fields.owner) is \(select), but the section has only \(count) \
                \(count == 1 ? "question" : "questions"); add questions or select at most \(count)
                """)
            return nil
        }
        return .some(select)
    }

    private mutating func readQuestionList(_ fields: Fields) -> [Question]? {
        guard let nodes = reader.list(fields, "questions", required: true, example: "[...]") else { return nil }
        guard !nodes.isEmpty else {
            reader.report(
                at: fields["questions"] ?? fields.node,
                "\"questions\" in \(fields.owner) is empty; add at least one question")
            return nil
        }
        var questions: [Question] = []
        for (index, node) in nodes.enumerated() {
            questionCount += 1
            guard questionCount <= ExamLimits.questions else {
                reader.report(
                    at: node,
                    """
                    this is question \(ExamLimits.grouped(questionCount)) of the exam; an exam may have at most \
                    \(ExamLimits.grouped(ExamLimits.questions)) questions: split it into several exams
                    """)
                return nil
            }
            if let question = readQuestion(node, number: index + 1, in: fields.owner) {
                questions.append(question)
            }
        }
        return questions.count == nodes.count ? questions : nil
    }

    /// Reads one question, checking its id is not used by an earlier one.
    private mutating func readQuestion(_ node: Node, number: Int, in owner: String) -> Question? {
        let place = "question \(number) of \(owner)"
        guard let fields = reader.fields(node, owner: place, known: Self.questionKeys) else { return nil }
        let id = reader.text(fields, "id", required: true, example: "q\(number)")
        if let id, let idNode = fields["id"] {
            if let first = questionIDs[id] {
                reader.report(
                    at: idNode,
                    "question id \"\(id)\" is already used on line \(first.mark?.line ?? 1); give each question its own id"
                )
            } else {
                questionIDs[id] = idNode
            }
        }
        let named = Fields(node: fields.node, mapping: fields.mapping, owner: id.map { "question \"\($0)\"" } ?? place)
        let prompt = reader.text(named, "prompt", required: true, example: "What is the capital of Canada?")
        let points = readPoints(named)
        let kind = readKind(named)
        let image = readImage(named)
        let imageIsRight = image != nil || named["image"].map(reader.isNull) ?? true
        let choiceImages = readChoiceImages(named)
        let guide = reader.text(
            named, "guide", required: false, example: "Full marks name the Sun's light and the Moon's orbit.")
        guard let id, let prompt, let points, let kind, imageIsRight, let choiceImages else { return nil }
        if case .code(let code) = kind {
            // A code question is worth its tests' points; `points:`, if written, must say the same.
            let sum = code.tests.reduce(0) { $0 + $1.points }
            if let node = named["points"], points != sum {
                reader.report(
                    at: node,
                    "\"points\" of \(named.owner) is \(MarkRules.number(points)) but its tests are worth \(MarkRules.number(sum)); remove \"points\" (a code question is worth its tests' points) or change the tests' points"
                )
                return nil
            }
            return Question(
                id: id, prompt: prompt, points: sum, kind: kind, image: image, choiceImages: choiceImages, guide: guide)
        }
        return Question(
            id: id, prompt: prompt, points: points, kind: kind, image: image, choiceImages: choiceImages, guide: guide)
    }

    private mutating func readPoints(_ fields: Fields) -> Double? {
        guard let node = reader.value(fields, "points", required: false, example: "1") else { return 1 }
        guard let points = reader.number(node, what: "\"points\" in \(fields.owner)") else { return nil }
        guard points >= 0 else {
            reader.report(at: node, "\"points\" in \(fields.owner) is negative; use 0 or more")
            return nil
        }
        return points
    }
}
