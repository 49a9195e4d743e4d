/// The table the benchmark prints: one row per measure, `assess` beside a reference
/// program measured in the same run, the ratio between them, and the budget.
struct Report {
    private var rows: [[String]] = []
    private var notes: [String] = []

    /// Adds a row. `holds` is `nil` for rows without a budget.
    mutating func add(
        _ measure: String, assess: String, reference: String, ratio: Double?,
        budget: String = "", holds: Bool? = nil
    ) {
        let verdict = holds.map { $0 ? "holds" : "**missed**" } ?? ""
        rows.append([measure, assess, reference, ratio.map { Self.format($0, digits: 2) + "×" } ?? "", budget, verdict])
    }

    /// Adds a line printed under the table.
    mutating func note(_ text: String) {
        notes.append(text)
    }

    /// The table in Markdown, ready for docs/performance.md, and the notes.
    var text: String {
        let header = ["measure", "assess", "reference (same run)", "ratio", "budget", ""]
        var lines = [
            "| " + header.joined(separator: " | ") + " |",
            "|" + header.map { _ in "---" }.joined(separator: "|") + "|",
        ]
        lines += rows.map { "| " + $0.joined(separator: " | ") + " |" }
        if !notes.isEmpty { lines += [""] + notes }
        return lines.joined(separator: "\n")
    }

    /// `value` with `digits` decimals.
    static func format(_ value: Double, digits: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
            if digits == 0 { text = String(text[..<dot]) }
        }
        return text
    }

    /// "median / p99 unit" for a set of samples, or "n/a".
    static func medianAndP99(_ samples: Samples, unit: String, scale: Double = 1) -> String {
        guard let median = samples.median, let p99 = samples.p99 else { return "n/a" }
        return "\(format(median / scale)) / \(format(p99 / scale)) \(unit)"
    }

    /// The largest sample in megabytes, or "n/a".
    static func megabytes(_ samples: Samples) -> String {
        samples.maximum.map { "\(format($0 / 1_048_576)) MB" } ?? "n/a"
    }
}
