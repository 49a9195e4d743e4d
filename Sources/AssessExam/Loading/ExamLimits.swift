/// The most one exam file may hold. A file past any of them is refused with the limit
/// and the line, before it can take the machine's time or memory: a proctor may run
/// `validate`, `results` or `take` on a file from anywhere. `Exams/FORMAT.md` states them.
public enum ExamLimits {
    /// The file's size in bytes (4 MiB).
    public static let fileBytes = 4 << 20
    /// YAML values (each text, number, list and mapping, keys included) once every alias
    /// has been replaced by what it stands for.
    public static let expandedValues = 250_000
    /// Bytes of text once every alias has been replaced by what it stands for (16 MiB).
    public static let expandedTextBytes = 16 << 20
    /// Questions in the whole exam, across its sections.
    public static let questions = 2_000
    /// Choices, answers, accepted answers, pairs or items in one question.
    public static let itemsPerQuestion = 100
    /// Sample runs a code question may allow during the exam (`run-during-exam:`).
    public static let runsDuringExam = 1_000
    /// How deep lists and mappings may be nested (an exam needs 7).
    public static let nesting = 16
    /// Characters (Unicode scalars) in one text: a prompt, a choice, the instructions.
    public static let textCharacters = 20_000

    /// `number` with a comma between each group of three digits, as messages show it.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
