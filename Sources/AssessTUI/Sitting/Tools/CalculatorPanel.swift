import AssessCalculator
import Foundation

/// The calculator's panel over the question: a one-line expression field, the results so
/// far, the memory and (on the scientific calculator) the angle unit. It lives for the
/// sitting, in memory only: closing and opening it again keeps the results and the memory.
public struct CalculatorPanel: Sendable, Equatable {
    /// One calculation: the expression as typed and its result.
    public struct Entry: Sendable, Equatable {
        public let expression: String
        public let result: CalculatorNumber
    }

    /// The evaluator with the memory, the previous result and the angle unit.
    public private(set) var calculator: Calculator
    /// The expression being typed.
    public private(set) var field = LineField(maximumLength: 120)
    /// The calculations so far, oldest first; at most ``historyLength``.
    public private(set) var history: [Entry] = []
    /// Why the last Enter gave no result; gone at the next change of the field.
    public private(set) var error: CalculationError?

    /// How many calculations the panel keeps.
    public static let historyLength = 20

    /// A panel for the calculator of `kind`.
    public init(kind: CalculatorKind) {
        calculator = Calculator(kind: kind)
    }

    /// The newest result, which the memory keys and the answer key take.
    public var lastResult: CalculatorNumber? { history.last?.result }

    /// What a key did in the panel.
    enum Outcome: Equatable {
        /// The panel stays open (it may have changed).
        case stay
        /// Esc: back to the question.
        case close
        /// The student asked for the newest result in the answer.
        case putInAnswer(CalculatorNumber)
        /// The key needs a result and there is none yet: the catalogue's sentence.
        case refused(String)
    }

    /// The key that puts the newest result into a numeric answer.
    static let putInAnswerKey = Key.control("p")

    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .close
        case .enter:
            calculate()
            return .stay
        case .tab where calculator.kind == .scientific:
            calculator.angleUnit = calculator.angleUnit == .degrees ? .radians : .degrees
            return .stay
        case Self.putInAnswerKey:
            guard let lastResult else { return .refused("calculator.no-result") }
            return .putInAnswer(lastResult)
        case .function(2), .function(3):
            guard let lastResult else { return .refused("calculator.no-result") }
            calculator.memory += key == .function(2) ? lastResult.value : -lastResult.value
            return .stay
        case .function(4):
            calculator.memory = 0
            return .stay
        default:
            if field.handle(key) == .changed { error = nil }
            return .stay
        }
    }

    /// Evaluates the field: a result joins the history and empties the field; an error
    /// stays with the field as typed, so the student can correct it.
    private mutating func calculate() {
        switch calculator.evaluate(field.text) {
        case .success(let result):
            history.append(Entry(expression: field.text.trimmingCharacters(in: .whitespaces), result: result))
            if history.count > Self.historyLength { history.removeFirst() }
            calculator.previous = result.value
            field = LineField(maximumLength: field.maximumLength)
            error = nil
        case .failure(let problem):
            error = problem
        }
    }
}
