import Foundation

/// How long the changes the seats made took to show on the room's monitor: from the key
/// that made each change, and from the moment the store kept it, to the first line of
/// `assess monitor --json` that shows it. The changes are the ones the benchmark's seats
/// make while typing: the essay answered (the first letter's save moves the answered
/// count) and F2 flagging or unflagging it (the flagged count).
struct MonitorLag {
    /// From the key to the monitor's line, in milliseconds.
    var fromKey = Samples()
    /// Keys whose change no line showed (before the seat changed it back, or at all).
    var keysNotShown = 0
    /// From the store's own time of the answer row that made the change to the monitor's
    /// line, in milliseconds; empty when the store keeps no such time.
    var fromStore = Samples()
    /// Changes kept in the store that no line showed.
    var storedNotShown = 0

    /// A seat's answered and flagged counts, as the monitor shows them.
    struct Counts: Equatable {
        var answered: Int
        var flagged: Int
    }

    /// A change of a seat's counts in the store, and the store's time of it.
    struct StoredChange {
        var counts: Counts
        var at: Date
    }

    /// Times each key's change by the first line after it that shows it. Session `s`
    /// (candidate `candidates[s]`) sent its first letter at `sentAt[s][0]` (answered 0 → 1)
    /// and F2 at each of `flaggedAt[s]` (flagged 0 → 1 → 0 …). A flag line is taken as the
    /// press's only before the press after next, which would set the same value again.
    mutating func timeKeys(
        candidates: [String], sentAt: [[Date]], flaggedAt: [[Date]], sightings: [RoomMonitor.Sighting]
    ) {
        let seen = Dictionary(grouping: sightings, by: \.candidate)
        for (session, candidate) in candidates.enumerated() {
            let lines = seen[candidate] ?? []
            if let first = sentAt[session].first {
                if let shown = lines.first(where: { $0.at > first && $0.answered > 0 }) {
                    fromKey.append(shown.at.timeIntervalSince(first) * 1000)
                } else {
                    keysNotShown += 1
                }
            }
            let presses = flaggedAt[session]
            var cursor = 0
            for (index, pressed) in presses.enumerated() {
                let value = (index + 1) % 2
                let before = index + 2 < presses.count ? presses[index + 2] : .distantFuture
                guard let found = lines[cursor...].firstIndex(where: { $0.at > pressed && $0.flagged == value }),
                    lines[found].at < before
                else {
                    keysNotShown += 1
                    continue
                }
                fromKey.append(lines[found].at.timeIntervalSince(pressed) * 1000)
                cursor = found + 1
            }
        }
    }

    /// Times each change the store kept by the first line that shows the seat's new
    /// counts. `changes[candidate]` are the seat's changes in the order the store kept them.
    /// A change the seat made again before the monitor showed it (flagged and unflagged
    /// between two of the monitor's reads) counts as not shown.
    mutating func timeStored(changes: [String: [StoredChange]], sightings: [RoomMonitor.Sighting]) {
        let seen = Dictionary(grouping: sightings, by: \.candidate)
        for (candidate, stored) in changes {
            var cursor = 0
            var shown = Counts(answered: 0, flagged: 0)
            for line in seen[candidate] ?? [] {
                let counts = Counts(answered: line.answered, flagged: line.flagged)
                guard counts != shown else { continue }
                shown = counts
                guard let found = stored[cursor...].firstIndex(where: { $0.counts == counts && $0.at <= line.at })
                else { continue }
                storedNotShown += found - cursor
                fromStore.append(line.at.timeIntervalSince(stored[found].at) * 1000)
                cursor = found + 1
            }
            storedNotShown += stored.count - cursor
        }
    }

    /// Every change of each seat's counts, from the answer rows the store kept, in order:
    /// `(candidate, question, answered, flagged, time)` for each row, a save of one question.
    static func storedChanges(rows: [(candidate: String, question: String, answered: Bool, flagged: Bool, at: Date)])
        -> [String: [StoredChange]]
    {
        var questions: [String: [String: (answered: Bool, flagged: Bool)]] = [:]
        var changes: [String: [StoredChange]] = [:]
        for row in rows {
            let before = Self.counts(questions[row.candidate] ?? [:])
            questions[row.candidate, default: [:]][row.question] = (row.answered, row.flagged)
            let after = Self.counts(questions[row.candidate] ?? [:])
            if after != before { changes[row.candidate, default: []].append(StoredChange(counts: after, at: row.at)) }
        }
        return changes
    }

    private static func counts(_ questions: [String: (answered: Bool, flagged: Bool)]) -> Counts {
        Counts(answered: questions.values.filter(\.answered).count, flagged: questions.values.filter(\.flagged).count)
    }
}
