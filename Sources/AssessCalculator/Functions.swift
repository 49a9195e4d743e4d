import Foundation

/// The scientific calculator's constants, functions and powers.
enum Functions {
    /// π and e to 38 significant digits.
    static let pi = Decimal(string: "3.1415926535897932384626433832795028842")!
    static let e = Decimal(string: "2.7182818284590452353602874713526624978")!

    static let constants: [String: Decimal] = ["pi": pi, "π": pi, "e": e]

    /// A function of one number.
    enum Function {
        case squareRoot, cubeRoot, sine, cosine, tangent, arcsine, arccosine, arctangent, log10, naturalLog

        init?(_ word: String) {
            switch word {
            case "sqrt", "√": self = .squareRoot
            case "cbrt", "∛": self = .cubeRoot
            case "sin": self = .sine
            case "cos": self = .cosine
            case "tan": self = .tangent
            case "asin", "arcsin": self = .arcsine
            case "acos", "arccos": self = .arccosine
            case "atan", "arctan": self = .arctangent
            case "log", "lg": self = .log10
            case "ln": self = .naturalLog
            default: return nil
            }
        }

        /// The name a message gives the function.
        var name: String {
            switch self {
            case .squareRoot: return "sqrt"
            case .cubeRoot: return "cbrt"
            case .sine: return "sin"
            case .cosine: return "cos"
            case .tangent: return "tan"
            case .arcsine: return "asin"
            case .arccosine: return "acos"
            case .arctangent: return "atan"
            case .log10: return "log"
            case .naturalLog: return "ln"
            }
        }

        func apply(to x: Decimal, in unit: AngleUnit) throws(CalculationError) -> Decimal {
            switch self {
            case .squareRoot:
                guard x >= 0 else { throw .outsideDomain(function: name) }
                return Functions.fromBinary(Foundation.sqrt(Functions.binary(x)))
            case .cubeRoot:
                return Functions.fromBinary(Foundation.cbrt(Functions.binary(x)))
            case .sine, .cosine, .tangent:
                return try trigonometric(x, in: unit)
            case .arcsine, .arccosine:
                guard x.magnitude <= 1 else { throw .outsideDomain(function: name) }
                let radians = self == .arcsine ? asin(Functions.binary(x)) : acos(Functions.binary(x))
                return Functions.angle(radians, in: unit)
            case .arctangent:
                return Functions.angle(atan(Functions.binary(x)), in: unit)
            case .log10:
                guard x > 0 else { throw .outsideDomain(function: name) }
                // A power of ten has an exact logarithm.
                let power = CalculatorNumber.decimalPower(of: x)
                if x == Decimal(sign: .plus, exponent: power, significand: 1) { return Decimal(power) }
                return Functions.fromBinary(Foundation.log10(Functions.binary(x)))
            case .naturalLog:
                guard x > 0 else { throw .outsideDomain(function: name) }
                return Functions.fromBinary(Foundation.log(Functions.binary(x)))
            }
        }

        /// A sine, cosine or tangent, to 15 decimal places. In degrees the angle is first
        /// brought into [0, 360) exactly, so that whole turns lose nothing and a tangent at
        /// 90° or 270° is refused rather than huge.
        private func trigonometric(_ x: Decimal, in unit: AngleUnit) throws(CalculationError) -> Decimal {
            let radians: Double
            switch unit {
            case .degrees:
                let turn = Decimal(360)
                var turns = x / turn
                var whole = Decimal()
                NSDecimalRound(&whole, &turns, 0, .down)
                var degrees = x - whole * turn
                if degrees < 0 { degrees += turn }
                if self == .tangent, degrees == 90 || degrees == 270 { throw .outsideDomain(function: name) }
                radians = Functions.binary(degrees) * Double.pi / 180
            case .radians:
                radians = Functions.binary(x)
            }
            let value: Double
            switch self {
            case .sine: value = sin(radians)
            case .cosine: value = cos(radians)
            default: value = tan(radians)
            }
            guard value.magnitude < 1e15 else { throw .outsideDomain(function: name) }
            return CalculatorNumber.rounded(Functions.fromBinary(value), places: 15)
        }
    }

    /// `base` to the power `exponent`: exact for a whole exponent up to 1,000 in size,
    /// through binary floating point otherwise.
    static func power(_ base: Decimal, _ exponent: Decimal) throws(CalculationError) -> Decimal {
        if exponent.isWhole, exponent.magnitude <= 1000 {
            let count = NSDecimalNumber(decimal: exponent).intValue
            if base.isZero {
                guard count >= 0 else { throw .divisionByZero }
                return count == 0 ? 1 : 0
            }
            // Whole powers multiply; a power past the limit is caught before it overflows.
            guard Double(count.magnitude) * log10(binary(base.magnitude)) < 100 else { throw .tooLarge }
            let raised = Foundation.pow(base, Int(count.magnitude))
            return try Calculator.checked(count < 0 ? 1 / raised : raised)
        }
        guard base >= 0 else { throw .outsideDomain(function: "^") }
        if base.isZero {
            guard exponent > 0 else { throw .divisionByZero }
            return 0
        }
        let result = Foundation.pow(binary(base), binary(exponent))
        guard result.isFinite, result < 1e100 else { throw .tooLarge }
        return fromBinary(result)
    }

    /// An angle in radians as `unit` gives it.
    static func angle(_ radians: Double, in unit: AngleUnit) -> Decimal {
        fromBinary(unit == .degrees ? radians * 180 / Double.pi : radians)
    }

    /// `value` as a binary floating-point number.
    static func binary(_ value: Decimal) -> Double {
        NSDecimalNumber(decimal: value).doubleValue
    }

    /// A binary floating-point result, rounded to the 15 significant digits it holds.
    static func fromBinary(_ value: Double) -> Decimal {
        guard value != 0 else { return 0 }
        let text = String(format: "%.15e", value)
        let decimal = Decimal(string: text, locale: Locale(identifier: "en")) ?? 0
        return CalculatorNumber.rounded(decimal, digits: 15)
    }
}

extension Decimal {
    /// True when the value has no fractional part.
    var isWhole: Bool {
        var source = self
        var whole = Decimal()
        NSDecimalRound(&whole, &source, 0, .down)
        return whole == self
    }
}
