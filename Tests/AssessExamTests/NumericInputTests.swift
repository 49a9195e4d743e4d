import AssessExam
import Testing

@Suite struct NumericInputTests {
    @Test(arguments: [
        ("42", 42.0), ("3.5", 3.5), ("3,5", 3.5), (" -0,25 ", -0.25), ("+7", 7.0),
        ("−2", -2.0), (".5", 0.5), ("5.", 5.0),
    ])
    func readsNumbersWithEitherDecimalSeparator(text: String, value: Double) {
        #expect(NumericInput.value(of: text) == value)
    }

    @Test(arguments: ["", "abc", "1,000.5", "1.2.3", "1e3", "12 apples", "-", ","])
    func rejectsTextThatIsNotAPlainNumber(text: String) {
        #expect(NumericInput.value(of: text) == nil)
    }

    @Test func acceptsTheQuestionsUnitAfterTheNumber() {
        #expect(NumericInput.value(of: "75 km/h", unit: "km/h") == 75)
        #expect(NumericInput.value(of: "7일", unit: "일") == 7)
        #expect(NumericInput.value(of: "75 mph", unit: "km/h") == nil)
    }
}
