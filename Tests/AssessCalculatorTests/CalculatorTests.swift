import AssessCalculator
import Foundation
import Testing

/// The calculator against a table of expressions with the exact text each must show.
@Suite struct CalculatorTests {
    static let basic = Calculator(kind: .basic, memory: 12, previous: 7)
    static let scientific = Calculator(kind: .scientific, memory: 12, previous: 7)
    static let radians = Calculator(kind: .scientific, angleUnit: .radians)

    /// Expressions of the basic calculator and what it shows.
    static let basicTable: [(String, String)] = [
        ("0.1 + 0.2", "0.3"),
        ("0.1+0.2-0.3", "0"),
        ("1 / 3", "0.333333333333"),
        ("2 / 3", "0.666666666667"),
        ("1 / 3 * 3", "1"),
        ("10 / 4", "2.5"),
        ("7 - 10", "-3"),
        ("2 + 3 * 4", "14"),
        ("(2 + 3) * 4", "20"),
        ("2(3 + 4)", "14"),
        ("(1 + 2)(3 + 4)", "21"),
        ("100 - 25 - 25", "50"),
        ("64 / 4 / 2", "8"),
        ("-5 + 2", "-3"),
        ("--5", "5"),
        ("3 * -2", "-6"),
        ("50%", "0.5"),
        ("200 * 15%", "30"),
        ("12.5% * 80", "10"),
        ("1.1 * 1.1", "1.21"),
        ("0.07 * 100", "7"),
        ("1,5 + 2,25", "3.75"),
        (".5 + .25", "0.75"),
        ("5. * 2", "10"),
        ("3 × 4 ÷ 6 − 1", "1"),
        ("3 x 4", "12"),
        ("2x3", "6"),
        ("M + 1", "13"),
        ("mem / 4", "3"),
        ("ans * 2", "14"),
        ("123456789 * 987654321", "1.21932631113 × 10^17"),
        ("99999999999 + 1", "100000000000"),
        ("1000000 * 1000000 * 100", "100000000000000"),
        ("10000000 * 100000000 * 100000", "1 × 10^20"),
        ("0.000001 * 0.001", "0.000000001"),
        ("0.000001 * 0.0001", "1 × 10^-10"),
        ("2 / 7", "0.285714285714"),
        ("1 - 0.9", "0.1"),
        ("4.35 * 100", "435"),
        ("((((1))))", "1"),
    ]

    /// Expressions of the scientific calculator, in degrees, and what it shows.
    static let scientificTable: [(String, String)] = [
        ("2^10", "1024"),
        ("2^3^2", "512"),
        ("-2^2", "-4"),
        ("(-2)^2", "4"),
        ("2^-2", "0.25"),
        ("1.1^2", "1.21"),
        ("0^0", "1"),
        ("4^0.5", "2"),
        ("27^(1/3)", "3"),
        ("sqrt(2)", "1.41421356237"),
        ("sqrt(2)^2", "2"),
        ("sqrt 16", "4"),
        ("√(9) + 1", "4"),
        ("sqrt 3^2 + 4^2", "19"),
        ("sqrt(3^2 + 4^2)", "5"),
        ("cbrt(-27)", "-3"),
        ("sin(30)", "0.5"),
        ("sin 30", "0.5"),
        ("cos(60)", "0.5"),
        ("tan(45)", "1"),
        ("sin(90)", "1"),
        ("cos(90)", "0"),
        ("sin(180)", "0"),
        ("sin(-30)", "-0.5"),
        ("sin(390)", "0.5"),
        ("sin(30)^2 + cos(30)^2", "1"),
        ("asin(0.5)", "30"),
        ("acos(0.5)", "60"),
        ("atan(1)", "45"),
        ("log(1000)", "3"),
        ("log 0.01", "-2"),
        ("log(2)", "0.301029995664"),
        ("ln(e)", "1"),
        ("ln(1)", "0"),
        ("e", "2.71828182846"),
        ("pi", "3.14159265359"),
        ("2pi", "6.28318530718"),
        ("π * 2^2", "12.5663706144"),
        ("10^15", "1 × 10^15"),
        ("10^-3", "0.001"),
        ("M^2", "144"),
    ]

    /// Expressions in radians and what they show.
    static let radiansTable: [(String, String)] = [
        ("sin(pi / 6)", "0.5"),
        ("cos(pi)", "-1"),
        ("sin(pi)", "0"),
        ("tan(pi / 4)", "1"),
        ("atan(1) * 4", "3.14159265359"),
        ("asin(1)", "1.57079632679"),
    ]

    @Test(arguments: basicTable)
    func theBasicCalculatorShows(expression: String, shown: String) throws {
        let result = try Self.basic.evaluate(expression).get()
        #expect(result.description == shown)
    }

    @Test(arguments: basicTable)
    func theScientificCalculatorShowsTheSameForBasicExpressions(expression: String, shown: String) throws {
        #expect(try Self.scientific.evaluate(expression).get().description == shown)
    }

    @Test(arguments: scientificTable)
    func theScientificCalculatorShows(expression: String, shown: String) throws {
        #expect(try Self.scientific.evaluate(expression).get().description == shown)
    }

    @Test(arguments: radiansTable)
    func inRadiansTheScientificCalculatorShows(expression: String, shown: String) throws {
        #expect(try Self.radians.evaluate(expression).get().description == shown)
    }

    @Test func theTablesHoldAtLeastSixtyExpressions() {
        #expect(Self.basicTable.count + Self.scientificTable.count + Self.radiansTable.count >= 60)
    }

    @Test func additionIsExactDecimalNotBinary() throws {
        let sum = try Self.basic.evaluate("0.1 + 0.2").get()
        #expect(sum.value == Decimal(string: "0.3"))
    }

    @Test func aResultKeepsItsDigitsBeyondWhatIsShown() throws {
        let third = try Self.basic.evaluate("1/3").get()
        var calculator = Self.basic
        calculator.previous = third.value
        #expect(try calculator.evaluate("ans * 3").get().description == "1")
        #expect(third.value != Decimal(string: "0.333333333333"))
    }

    @Test(arguments: [
        ("1 / 3", "0.333333333333"), ("10^20", "100000000000000000000"), ("10^-12", "0.000000000001"),
        ("-2.5", "-2.5"), ("0.1 - 0.1", "0"),
    ])
    func thePlainFormHasNoExponent(expression: String, plain: String) throws {
        #expect(try Self.scientific.evaluate(expression).get().plain == plain)
    }

    @Test(arguments: [
        ("", CalculationError.empty),
        ("   ", .empty),
        ("2 +", .numberMissing),
        ("* 3", .numberMissing),
        ("()", .numberMissing),
        ("(2 + 3", .bracketNotClosed),
        ("2 + 3)", .bracketNotOpened),
        (")", .bracketNotOpened),
        ("1 / 0", .divisionByZero),
        ("5 / (2 - 2)", .divisionByZero),
        ("1.2.3", .badNumber("1.2.3")),
        ("2 # 3", .unknownCharacter("#")),
        ("2 $", .unknownCharacter("$")),
        ("foo + 1", .unknownName("foo")),
        ("2 3", .unexpected("3")),
        ("(1) 4", .unexpected("4")),
    ])
    func bothCalculatorsExplain(expression: String, error: CalculationError) {
        #expect(Self.basic.evaluate(expression) == .failure(error))
        #expect(Self.scientific.evaluate(expression) == .failure(error))
    }

    @Test(arguments: [
        ("sin(30)", CalculationError.scientificOnly("sin")),
        ("2^3", .scientificOnly("^")),
        ("pi * 2", .scientificOnly("pi")),
        ("sqrt 4", .scientificOnly("sqrt")),
    ])
    func theBasicCalculatorRefusesScientificKeys(expression: String, error: CalculationError) {
        #expect(Self.basic.evaluate(expression) == .failure(error))
    }

    @Test(arguments: [
        ("sqrt(-1)", CalculationError.outsideDomain(function: "sqrt")),
        ("log(0)", .outsideDomain(function: "log")),
        ("ln(-2)", .outsideDomain(function: "ln")),
        ("asin(2)", .outsideDomain(function: "asin")),
        ("acos(-1.5)", .outsideDomain(function: "acos")),
        ("tan(90)", .outsideDomain(function: "tan")),
        ("tan(-90)", .outsideDomain(function: "tan")),
        ("(-8)^(1/3)", .outsideDomain(function: "^")),
        ("0^-1", .divisionByZero),
        ("10^101", .tooLarge),
        ("10^50 * 10^50", .tooLarge),
        ("2^1000", .tooLarge),
        ("10^500.5", .tooLarge),
    ])
    func theScientificCalculatorExplains(expression: String, error: CalculationError) {
        #expect(Self.scientific.evaluate(expression) == .failure(error))
    }

    @Test func ansWithoutAPreviousResultIsExplained() {
        #expect(Calculator(kind: .basic).evaluate("ans + 1") == .failure(.noPreviousResult))
    }

    @Test func theAngleUnitChangesTrigonometry() throws {
        #expect(try Self.radians.evaluate("sin(30)").get().description == "-0.988031624093")
        #expect(try Self.radians.evaluate("tan(90)").get().description == "-1.99520041221")
    }
}
