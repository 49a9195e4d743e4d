import Foundation

/// How a student's typed number is read. Accepted: an optional sign (`+`, `-` or `−`),
/// digits with at most one decimal separator (`.` or `,`, so `1.5` and `1,5` are the
/// same), surrounding spaces, and the question's unit after the number (`12 km`). Not
/// accepted: thousands separators (`1,000.5`), exponents, or anything else, because
/// guessing would mark some students wrongly.
public enum NumericInput {
    /// The number in `text`, or `nil` when it is not a number in the accepted form.
    public static func value(of text: String, unit: String? = nil) -> Double? {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let unit, !unit.isEmpty, body.lowercased().hasSuffix(unit.lowercased()) {
            body = String(body.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
        }
        var sign = ""
        if let first = body.first, "+-−".contains(first) {
            sign = first == "+" ? "" : "-"
            body.removeFirst()
        }
        let separators = body.filter { $0 == "." || $0 == "," }
        let digits = body.filter { $0 != "." && $0 != "," }
        guard separators.count <= 1, !digits.isEmpty,
            digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return Double(sign + body.replacingOccurrences(of: ",", with: "."))
    }
}
