import AssessCore
import Crypto
import Foundation

/// The exam key: a fingerprint of what an exam says, not of how its file is written.
///
/// The key is the SHA-256 digest, in lowercase hex, of the exam's canonical form (see
/// `ExamKey.canonicalForm(of:)`). Comments, key order, quoting and indentation do not
/// change it; any change to what the student sees, or to how answers are scored, does.
/// The short key is the first 8 hex digits in two groups of 4, such as `3f2a-91bc`: easy
/// to read aloud and to compare on a receipt, and long enough to tell versions apart.
public enum ExamKey {
    /// The full key of `exam`: 64 lowercase hex digits.
    public static func key(of exam: Exam) -> String {
        Hex.lowercase(SHA256.hash(data: Array(canonicalForm(of: exam).utf8)))
    }

    /// The short form of a full key: its first 8 hex digits as `xxxx-xxxx`.
    public static func short(_ key: String) -> String {
        let prefix = key.prefix(8)
        return "\(prefix.prefix(4))-\(prefix.dropFirst(4))"
    }

    /// The canonical form the key is computed from: one `name=value` line per field, in a
    /// fixed order. Text is normalised to Unicode NFC and written as
    /// `<UTF-8 byte count>:<text>` so no text can imitate a field boundary; numbers use
    /// Swift's shortest round-trip form; lists start with their length. The first line
    /// names the form's version, so a future change of form changes every key.
    public static func canonicalForm(of exam: Exam) -> String {
        var form = CanonicalForm()
        form.line("form", "assess-exam-key-v1")
        form.text("id", exam.id)
        form.text("title", exam.title)
        form.text("version", exam.version)
        form.number("duration", Double(exam.durationSeconds))
        form.text("instructions", exam.instructions)
        form.text("language", exam.language)
        form.line("navigation", exam.navigation.rawValue)
        form.line("shuffle-questions", String(exam.shuffle.questions))
        form.line("shuffle-choices", String(exam.shuffle.choices))
        form.line("lock", exam.lock.rawValue)
        form.line("suggestions", exam.suggestions.map(\.rawValue).sorted().joined(separator: ","))
        // Only an exam with a calculator has the line, so the keys of exams without one stay.
        if let calculator = exam.calculator { form.line("calculator", calculator.rawValue) }
        if let reference = exam.reference {
            form.text("reference-title", reference.title)
            form.text("reference-text", reference.text)
        }
        form.count("restrictions", exam.restrictions.count)
        for restriction in exam.restrictions {
            form.text("restriction-id", restriction.id)
            form.text("restriction-title", restriction.title)
            form.text("restriction-detail", restriction.detail)
            form.line("restriction-default", restriction.isOnByDefault ? "on" : "off")
        }
        form.count("sections", exam.sections.count)
        for section in exam.sections {
            form.optionalText("section", section.title)
            form.count("questions", section.questions.count)
            // Only for a pool, so that every exam written before pools keeps its key.
            if let select = section.select { form.line("select", String(select)) }
            // Only for a timed section, for the same reason: a student sees its time.
            if let duration = section.durationSeconds { form.line("section-duration", String(duration)) }
            if let pause = section.breakAfterSeconds { form.line("break-after", String(pause)) }
            for question in section.questions {
                write(question, of: exam, to: &form)
            }
        }
        return form.output
    }

    private static func write(_ question: Question, of exam: Exam, to form: inout CanonicalForm) {
        form.text("question-id", question.id)
        form.line("type", question.kind.typeName)
        form.text("prompt", question.prompt)
        form.number("points", question.points)
        switch question.kind {
        case .singleChoice(let choices, let correct):
            form.texts("choices", choices)
            form.number("correct", Double(correct))
        case .multipleResponse(let choices, let correct, let partialCredit):
            form.texts("choices", choices)
            form.line("correct", correct.sorted().map(String.init).joined(separator: ","))
            form.partialCredit(partialCredit)
        case .trueFalse(let answer):
            form.line("answer", String(answer))
        case .shortText(let accepted, let caseSensitive):
            form.texts("accepted", accepted)
            form.line("case-sensitive", String(caseSensitive))
        case .numeric(let answer, let unit):
            switch answer {
            case .value(let value, let tolerance):
                form.number("answer", value)
                form.number("tolerance", tolerance)
            case .range(let low, let high):
                form.number("range-low", low)
                form.number("range-high", high)
            }
            form.optionalText("unit", unit)
        case .essay(let wordLimit):
            form.line("word-limit", wordLimit.map(String.init) ?? "none")
        case .matching(let pairs, let partialCredit, let distractors):
            form.texts("left", pairs.map(\.left))
            form.texts("right", pairs.map(\.right))
            // Only when there are some, so that every exam written before distractors keeps its key.
            if !distractors.isEmpty { form.texts("distractors", distractors) }
            form.partialCredit(partialCredit)
        case .ordering(let items, let partialCredit):
            form.texts("items", items)
            form.partialCredit(partialCredit)
        case .code(let code):
            form.line("language", code.language.rawValue)
            form.text("starter", code.starter)
            for (name, cases) in [("samples", code.samples), ("tests", code.tests)] {
                form.count(name, cases.count)
                for entry in cases {
                    form.text("stdin", entry.standardInput)
                    form.text("stdout", entry.expectedOutput)
                    form.number("points", entry.points)
                }
            }
            form.line("run-during-exam", String(code.runsDuringExam))
            form.number("time", code.limits.timeSeconds)
            form.line("memory", String(code.limits.memoryBytes))
            form.line("output", String(code.limits.outputBytes))
            // Only when on, so that every exam written before it keeps its key.
            if code.syntaxColour { form.line("syntax-colour", "true") }
        }
        // Only when there are some, so that every exam written before pictures keeps its key.
        // The key covers each picture's file name, alt text, width and bytes (their SHA-256),
        // so swapping a picture file beside the exam changes the key.
        if let image = question.image { write(image, of: exam, as: "image", to: &form) }
        for index in question.choiceImages.keys.sorted() {
            form.number("choice-image", Double(index))
            if let image = question.choiceImages[index] { write(image, of: exam, as: "image", to: &form) }
        }
    }

    private static func write(_ image: ExamImage, of exam: Exam, as name: String, to form: inout CanonicalForm) {
        form.text("\(name)-file", image.file)
        form.text("\(name)-alt", image.alt)
        form.line("\(name)-width", image.width.map(String.init) ?? "none")
        form.line("\(name)-sha256", exam.pictureDigest(of: image.file) ?? "none")
    }
}

extension Exam {
    /// The exam key: SHA-256 hex of the exam's canonical form (see `ExamKey`); for the
    /// questions a server drew from a published exam, the key they were delivered under.
    public var examKey: String { deliveredKey ?? ExamKey.key(of: self) }

    /// The first 8 hex digits of the exam key, grouped as `xxxx-xxxx`.
    public var shortKey: String { ExamKey.short(examKey) }
}

/// Builds the canonical text line by line.
private struct CanonicalForm {
    private(set) var output = ""

    /// A line whose value is a fixed word or number, never free text.
    mutating func line(_ name: String, _ value: String) {
        output += "\(name)=\(value)\n"
    }

    /// A line of free text, normalised and length-prefixed.
    mutating func text(_ name: String, _ value: String) {
        // ASCII text is already NFC; normalising goes through NSString.
        let normalised = value.utf8.allSatisfy { $0 < 0x80 } ? value : value.precomposedStringWithCanonicalMapping
        line(name, "\(normalised.utf8.count):\(normalised)")
    }

    /// Free text that may be absent; absence is written as `none`, which no
    /// length-prefixed text can be.
    mutating func optionalText(_ name: String, _ value: String?) {
        if let value { text(name, value) } else { line(name, "none") }
    }

    /// A list of free text: its length, then one line per item.
    mutating func texts(_ name: String, _ values: [String]) {
        count(name, values.count)
        for value in values { text("-", value) }
    }

    /// Whether partial credit is on: `none` or `proportional`.
    mutating func partialCredit(_ value: PartialCredit) {
        line("partial-credit", value == .none ? "none" : "proportional")
    }

    /// The length of a list that follows.
    mutating func count(_ name: String, _ value: Int) {
        line(name, "#\(value)")
    }

    /// A number in Swift's shortest round-trip form (`1.0` and `1` both write `1.0`).
    mutating func number(_ name: String, _ value: Double) {
        line(name, value.description)
    }
}
