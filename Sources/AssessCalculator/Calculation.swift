import Foundation

/// Which calculator an exam gives its students (`calculator:` in the exam file).
public enum CalculatorKind: String, Sendable, Equatable, CaseIterable, Codable {
    /// + − × ÷ %, brackets and memory.
    case basic
    /// The basic keys, and powers, roots, trigonometry, logarithms, π and e.
    case scientific
}

/// How trigonometric functions read and give angles.
public enum AngleUnit: String, Sendable, Equatable, CaseIterable {
    case degrees
    case radians
}

/// Why an expression has no result, in words the calculator's panel turns into a sentence.
public enum CalculationError: Error, Sendable, Equatable {
    /// Nothing was typed.
    case empty
    /// A character that is no part of an expression, such as `#`.
    case unknownCharacter(String)
    /// A word that is not a function or constant, such as `foo`.
    case unknownName(String)
    /// A function or constant of the scientific calculator used on the basic one.
    case scientificOnly(String)
    /// Digits with two decimal points, such as `1.2.3`.
    case badNumber(String)
    /// An operator or function with nothing after it (`2 +`), or an operator where a number
    /// should start (`× 3`).
    case numberMissing
    /// Something after a complete expression that does not continue it (`2 3`, `(1) 4`).
    case unexpected(String)
    /// An opening bracket without its closing one.
    case bracketNotClosed
    /// A closing bracket without an opening one.
    case bracketNotOpened
    /// Division by zero.
    case divisionByZero
    /// A function given a number outside the numbers it takes, such as `sqrt(-1)`.
    case outsideDomain(function: String)
    /// `ans` before any result.
    case noPreviousResult
    /// A result too large for the calculator.
    case tooLarge
}

/// One expression's result: the exact decimal the calculator holds and the forms it shows.
public struct CalculatorNumber: Sendable, Equatable, CustomStringConvertible {
    /// The value, to 38 significant digits.
    public let value: Decimal

    /// Wraps `value`.
    public init(_ value: Decimal) {
        self.value = value
    }

    /// How many significant digits a result shows.
    public static let shownDigits = 12

    /// The value rounded to ``shownDigits`` significant digits, written without an exponent
    /// (`0.3`, `-12.5`, `150000000000000000000`): what a numeric answer takes.
    public var plain: String {
        Self.plainText(Self.rounded(value, digits: Self.shownDigits))
    }

    /// The value as the panel shows it: ``plain`` for numbers from 10⁻⁹ to below 10¹⁵, and
    /// `1.5 × 10^20` beyond.
    public var description: String {
        let shown = Self.rounded(value, digits: Self.shownDigits)
        guard !shown.isZero else { return "0" }
        let power = Self.decimalPower(of: shown)
        guard power >= 15 || power < -9 else { return Self.plainText(shown) }
        var mantissa = shown
        var scaled = Decimal()
        NSDecimalMultiplyByPowerOf10(&scaled, &mantissa, Int16(-power), .plain)
        return Self.plainText(scaled) + " × 10^" + String(power)
    }

    /// `value` rounded half away from zero to `digits` significant digits.
    static func rounded(_ value: Decimal, digits: Int) -> Decimal {
        guard !value.isZero, !value.isNaN else { return value }
        var source = value
        var result = Decimal()
        NSDecimalRound(&result, &source, digits - 1 - decimalPower(of: value), .plain)
        return result
    }

    /// `value` rounded half away from zero to `places` digits after the decimal point.
    static func rounded(_ value: Decimal, places: Int) -> Decimal {
        var source = value
        var result = Decimal()
        NSDecimalRound(&result, &source, places, .plain)
        return result
    }

    /// The power of ten of the first significant digit of a non-zero `value`: 2 for 123,
    /// -3 for 0.00123.
    static func decimalPower(of value: Decimal) -> Int {
        let digits = value.significand.magnitude.description.count
        return Int(value.exponent) + digits - 1
    }

    /// `value` written out without an exponent; never `-0`.
    private static func plainText(_ value: Decimal) -> String {
        value.isZero ? "0" : value.description
    }
}
