import Foundation

/// Evaluates what a student types into the calculator's one-line field. Pure: the same
/// text, kind, angle unit, memory and previous result give the same answer.
///
/// Numbers are decimal (Foundation's `Decimal`, 38 significant digits), so `0.1 + 0.2` is
/// `0.3` and `1 / 3 × 3` shows `1`. Addition, subtraction, multiplication, division, `%`
/// and whole powers are exact to those digits; roots, trigonometry, logarithms and other
/// powers are computed in binary floating point and rounded to 15 significant digits (and
/// sines, cosines and tangents to 15 decimal places), so `sin(30)` in degrees is `0.5`
/// and `sin(180)` is `0`.
///
/// What it reads:
/// - numbers with `.` or `,` as the decimal point (`2.5`, `2,5`, `.5`);
/// - `+`, `-` (or `−`), `*` (or `×`, `x`), `/` (or `÷`), `%` after a number (hundredths:
///   `200 * 15%` is 30), brackets, and a number or bracket before a bracket, function or
///   constant multiplies (`2(3 + 4)`, `2pi`);
/// - `M`, the memory, and `ans`, the previous result;
/// - on the scientific calculator, `^` (right to left: `2^3^2` is 512, and `-2^2` is -4),
///   `sqrt`, `cbrt` (or `√`, `∛`), `sin`, `cos`, `tan`, `asin`, `acos`, `atan` in the
///   chosen ``AngleUnit``, `log` (base 10), `ln`, `pi` (or `π`) and `e`. A function takes
///   the bracket after it (`sin(30)^2` squares the sine) or, without one, the power after
///   it (`sqrt 2^2` is 2).
public struct Calculator: Sendable, Equatable {
    /// The functions and constants the calculator has.
    public let kind: CalculatorKind
    /// How trigonometric functions read and give angles.
    public var angleUnit: AngleUnit
    /// The memory, `M` in an expression.
    public var memory: Decimal
    /// The previous result, `ans` in an expression.
    public var previous: Decimal?

    /// A calculator of `kind`, in degrees, with an empty memory and no previous result.
    public init(kind: CalculatorKind, angleUnit: AngleUnit = .degrees, memory: Decimal = 0, previous: Decimal? = nil) {
        self.kind = kind
        self.angleUnit = angleUnit
        self.memory = memory
        self.previous = previous
    }

    /// The result of `expression`, or why it has none.
    public func evaluate(_ expression: String) -> Result<CalculatorNumber, CalculationError> {
        do {
            var parser = Parser(tokens: try Tokenizer.tokens(of: expression), calculator: self)
            guard !parser.atEnd else { return .failure(.empty) }
            let value = try parser.expression()
            if let token = parser.next {
                throw token == .close ? CalculationError.bracketNotOpened : CalculationError.unexpected(token.text)
            }
            return .success(CalculatorNumber(try Self.checked(value)))
        } catch let error as CalculationError {
            return .failure(error)
        } catch {
            return .failure(.empty)
        }
    }

    /// The largest magnitude a result may have.
    static let limit = Decimal(sign: .plus, exponent: 100, significand: 1)

    /// `value`, or ``CalculationError/tooLarge`` when it overflowed or passed ``limit``.
    static func checked(_ value: Decimal) throws(CalculationError) -> Decimal {
        guard !value.isNaN, value.magnitude < limit else { throw .tooLarge }
        return value
    }
}

/// A piece of an expression.
enum Token: Equatable {
    case number(Decimal, String)
    case name(String)
    case plus, minus, times, divide, percent, power, open, close

    /// The token as the student typed it, for a message.
    var text: String {
        switch self {
        case .number(_, let text): return text
        case .name(let name): return name
        case .plus: return "+"
        case .minus: return "−"
        case .times: return "×"
        case .divide: return "÷"
        case .percent: return "%"
        case .power: return "^"
        case .open: return "("
        case .close: return ")"
        }
    }
}

/// Splits an expression into tokens.
enum Tokenizer {
    static func tokens(of text: String) throws(CalculationError) -> [Token] {
        var tokens: [Token] = []
        var characters = Substring(text)
        while let character = characters.first {
            if character.isWhitespace {
                characters.removeFirst()
            } else if character.isASCII && character.isNumber || character == "." || character == "," {
                let run = characters.prefix { $0.isASCII && $0.isNumber || $0 == "." || $0 == "," }
                characters.removeFirst(run.count)
                tokens.append(try number(String(run)))
            } else if character.isLetter && character != "×" || "√∛π".contains(character) {
                let run = characters.prefix { $0.isLetter && $0 != "×" || "√∛π".contains($0) }
                characters.removeFirst(run.count)
                tokens += names(in: String(run))
            } else if let symbol = symbols[character] {
                characters.removeFirst()
                tokens.append(symbol)
            } else {
                throw .unknownCharacter(String(character))
            }
        }
        return tokens
    }

    private static let symbols: [Character: Token] = [
        "+": .plus, "-": .minus, "−": .minus, "*": .times, "×": .times, "·": .times, "/": .divide,
        "÷": .divide, "%": .percent, "^": .power, "(": .open, ")": .close,
    ]

    private static func number(_ text: String) throws(CalculationError) -> Token {
        let point = text.filter { $0 == "." || $0 == "," }
        guard point.count <= 1, text.contains(where: \.isNumber),
            let value = Decimal(string: text.replacingOccurrences(of: ",", with: "."), locale: Locale(identifier: "en"))
        else { throw .badNumber(text) }
        return .number(value, text)
    }

    /// A run of letters as names: `√`, `∛` and `π` stand alone, and a lone `x` is a times
    /// sign (`2x3`).
    private static func names(in run: String) -> [Token] {
        var tokens: [Token] = []
        var word = ""
        for character in run {
            if "√∛π".contains(character) {
                if !word.isEmpty { tokens.append(name(word)) }
                word = ""
                tokens.append(.name(String(character)))
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { tokens.append(name(word)) }
        return tokens
    }

    private static func name(_ word: String) -> Token {
        word.lowercased() == "x" ? .times : .name(word)
    }
}

/// Reads tokens by recursive descent and computes as it goes.
struct Parser {
    let tokens: [Token]
    let calculator: Calculator
    var position = 0

    init(tokens: [Token], calculator: Calculator) {
        self.tokens = tokens
        self.calculator = calculator
    }

    var atEnd: Bool { position >= tokens.count }
    var next: Token? { atEnd ? nil : tokens[position] }

    mutating func take() -> Token? {
        defer { position += 1 }
        return next
    }

    /// sum := product (('+' | '-') product)*
    mutating func expression() throws(CalculationError) -> Decimal {
        var value = try product()
        while let token = next, token == .plus || token == .minus {
            position += 1
            let right = try product()
            value = try Calculator.checked(token == .plus ? value + right : value - right)
        }
        return value
    }

    /// product := signed (('*' | '/') signed | a bracket, name or function right after)*
    mutating func product() throws(CalculationError) -> Decimal {
        var value = try signed()
        while let token = next {
            switch token {
            case .times:
                position += 1
                value = try Calculator.checked(value * signed())
            case .divide:
                position += 1
                let divisor = try signed()
                guard !divisor.isZero else { throw .divisionByZero }
                value = try Calculator.checked(value / divisor)
            case .open, .name:
                value = try Calculator.checked(value * signed())
            default:
                return value
            }
        }
        return value
    }

    /// signed := ('+' | '-') signed | power
    mutating func signed() throws(CalculationError) -> Decimal {
        switch next {
        case .minus?:
            position += 1
            return -(try signed())
        case .plus?:
            position += 1
            return try signed()
        default:
            return try power()
        }
    }

    /// power := postfix ('^' signed)?
    mutating func power() throws(CalculationError) -> Decimal {
        let base = try postfix()
        guard next == .power else { return base }
        guard calculator.kind == .scientific else { throw .scientificOnly("^") }
        position += 1
        return try Functions.power(base, try signed())
    }

    /// postfix := primary '%'*
    mutating func postfix() throws(CalculationError) -> Decimal {
        var value = try primary()
        while next == .percent {
            position += 1
            value /= 100
        }
        return value
    }

    /// primary := number | '(' sum ')' | constant | function (bracket | power)
    mutating func primary() throws(CalculationError) -> Decimal {
        guard let token = take() else { throw .numberMissing }
        switch token {
        case .number(let value, _): return value
        case .open: return try bracket()
        case .name(let name): return try named(name)
        case .close:
            position -= 1
            throw position == 0 ? .bracketNotOpened : .numberMissing
        default: throw .numberMissing
        }
    }

    /// The inside of a bracket whose `(` was just read, and its `)`.
    mutating func bracket() throws(CalculationError) -> Decimal {
        let value = try expression()
        guard take() == .close else { throw .bracketNotClosed }
        return value
    }

    mutating func named(_ name: String) throws(CalculationError) -> Decimal {
        let word = name.lowercased()
        if word == "m" || word == "mem" { return calculator.memory }
        if word == "ans" {
            guard let previous = calculator.previous else { throw .noPreviousResult }
            return previous
        }
        if let constant = Functions.constants[word] {
            guard calculator.kind == .scientific else { throw .scientificOnly(name) }
            return constant
        }
        guard let function = Functions.Function(word) else { throw .unknownName(name) }
        guard calculator.kind == .scientific else { throw .scientificOnly(name) }
        let argument: Decimal
        if next == .open {
            position += 1
            argument = try bracket()
        } else {
            argument = try signed()
        }
        return try function.apply(to: argument, in: calculator.angleUnit)
    }
}
