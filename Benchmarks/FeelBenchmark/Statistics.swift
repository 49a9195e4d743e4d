/// A set of measurements of one quantity, summarised the way the report prints them.
struct Samples {
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func append(_ value: Double) {
        values.append(value)
    }

    mutating func append(contentsOf other: Samples) {
        values += other.values
    }

    var isEmpty: Bool { values.isEmpty }
    var count: Int { values.count }

    /// The middle value (the mean of the two middle ones for an even count).
    var median: Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The 99th percentile by nearest rank: the smallest value that at least 99% of the
    /// samples do not exceed (the maximum when there are fewer than 100 samples).
    var p99: Double? { percentile(99) }

    var maximum: Double? { values.max() }

    var sum: Double { values.reduce(0, +) }

    func percentile(_ percent: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
