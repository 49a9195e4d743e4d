import AssessCalculator
import AssessExam
import Testing

/// `calculator:` in an exam file: the kind, the restriction the proctor denies it by, and
/// the exam key.
@Suite struct CalculatorSettingTests {
    static let questions = "questions: [{id: a, type: numeric, prompt: P, answer: 3}]\n"

    @Test(arguments: [("basic", CalculatorKind.basic), ("scientific", .scientific)])
    func anExamWithACalculatorGetsItsRestrictionOnByDefault(word: String, kind: CalculatorKind) throws {
        let loaded = try exam(header + "calculator: \(word)\n" + Self.questions)
        #expect(loaded.calculator == kind)
        #expect(loaded.restrictions == [.calculator(kind)])
        #expect(loaded.restrictions.first?.isOnByDefault == true)
    }

    @Test func noneOrNothingMeansNoCalculatorAndNoRestriction() throws {
        for yaml in [header + "calculator: none\n" + Self.questions, header + Self.questions] {
            let loaded = try exam(yaml)
            #expect(loaded.calculator == nil)
            #expect(loaded.restrictions.isEmpty)
        }
    }

    @Test func aListedCalculatorRestrictionKeepsTheAuthorsWordsAndDefault() throws {
        let loaded = try exam(
            header + """
                calculator: basic
                restrictions:
                  - {id: calculator, title: Rechner, detail: Ein Rechner., default: off}

                """ + Self.questions)
        #expect(loaded.restrictions.count == 1)
        #expect(loaded.restrictions.first?.title == "Rechner")
        #expect(loaded.restrictions.first?.isOnByDefault == false)
    }

    @Test func aCalculatorRestrictionWithoutACalculatorIsReported() {
        let found = problems(
            in: header + """
                restrictions:
                  - {id: calculator, title: Calculator, detail: A calculator., default: on}

                """ + Self.questions)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("add `calculator: basic` or `calculator: scientific`") == true)
    }

    @Test func anUnknownCalculatorIsReportedWithTheWordsItTakes() {
        let found = problems(in: header + "calculator: graphing\n" + Self.questions)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("basic") == true)
        #expect(found.first?.message.contains("scientific") == true)
    }

    @Test func theCalculatorIsPartOfTheExamKeyAndNoCalculatorLeavesOldKeysAlone() throws {
        let none = try exam(header + Self.questions)
        let basic = try exam(header + "calculator: basic\n" + Self.questions)
        let scientific = try exam(header + "calculator: scientific\n" + Self.questions)
        #expect(Set([none.examKey, basic.examKey, scientific.examKey]).count == 3)
        #expect(try exam(header + "calculator: none\n" + Self.questions).examKey == none.examKey)
        #expect(!ExamKey.canonicalForm(of: none).contains("calculator"))
    }
}

/// `reference:` in an exam file: the sheet, its restriction, and the exam key.
@Suite struct ReferenceSettingTests {
    static let questions = "questions: [{id: a, type: true-false, prompt: P, answer: true}]\n"

    @Test func anExamWithASheetGetsItsRestrictionOnByDefault() throws {
        let loaded = try exam(header + "reference: {title: Formulas, text: \"a = b\\nc = d\"}\n" + Self.questions)
        #expect(loaded.reference == ReferenceSheet(title: "Formulas", text: "a = b\nc = d"))
        #expect(loaded.restrictions.map(\.id) == [Restriction.referenceID])
        #expect(loaded.examKey != (try exam(header + Self.questions)).examKey)
    }

    @Test func aSheetWithoutTextOrAReferenceRestrictionWithoutASheetIsReported() {
        #expect(problems(in: header + "reference: {title: Formulas}\n" + Self.questions).count == 1)
        let found = problems(
            in: header + "restrictions: [{id: reference, title: R, detail: D, default: on}]\n" + Self.questions)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("add `reference: {title: ..., text: ...}`") == true)
    }
}
