import AssessCore
import AssessStore
import Foundation

/// `assess open ID` and `publish --open`: the proctor opens an exam's sitting from the
/// command line, as the monitor's `o` does. The opening releases a published exam's
/// delivery form to the seats (with or without a roster) and starts every seat waiting at
/// a roster's welcome screen.
package enum SittingOpening {
    /// What an opening did.
    package struct Outcome: Equatable {
        /// The start code made for a roster's sitting that had none, to announce; nil otherwise.
        package var code: String?
        /// A start code made earlier (at a monitor) stays valid; only its hash is kept, so it
        /// cannot be shown.
        package var earlierCode: Bool
        /// The questions are sealed under the start code `publish --start-code` printed: no
        /// other code is made.
        package var sealed = false
        /// How many candidates the roster lists (0: no roster).
        package var rosterSize: Int
        /// Seconds since the sitting opened, when it was open already (nothing changed).
        package var openForSeconds: Double?
    }

    /// Opens the sitting of `exam` in `database` as `proctor`, and logs it.
    package static func open(exam: String, in database: any ExamStore, by proctor: String, clock: any Clock) throws
        -> Outcome
    {
        guard let rosters = database.roster else {
            throw CommandFailure(.notDone, "\(StoreError.unsupported("opening a sitting")) (\(database.location))")
        }
        do {
            let start = try rosters.sittingStarts(exams: [exam], at: clock.now).first
            let rosterSize = start?.rosterSize ?? 0
            let sealed = try (database as? SQLiteStore)?.formIsSealed(exam: exam) ?? false
            if let age = start?.secondsSinceOpening {
                return Outcome(
                    code: nil, earlierCode: start?.hasCode ?? false, sealed: sealed, rosterSize: rosterSize,
                    openForSeconds: age)
            }
            var code: String?
            // A sealed exam's code is the one its questions open with; a second would confuse.
            if rosterSize > 0 && !sealed && !(start?.hasCode ?? false) {
                let made = StartCode.make()
                try rosters.setStartCode(exam: exam, code: made, by: proctor, at: clock.now)
                code = made
            }
            try rosters.openSitting(exam: exam, by: proctor, at: clock.now)
            try EventStore(database: database).append(
                .proctor(
                    .sittingOpened(examID: exam, by: proctor, startCode: code != nil || (start?.hasCode ?? false))),
                at: EventTime(clock))
            return Outcome(
                code: code, earlierCode: start?.hasCode ?? false, sealed: sealed, rosterSize: rosterSize,
                openForSeconds: nil)
        } catch let error as StoreError {
            throw CommandFailure(
                .notDone, "\(error); opening a sitting is a proctor's: run this as an account with a proctor role")
        }
    }

    /// What `open` prints of `outcome` for `exam`.
    package static func report(_ outcome: Outcome, exam: String) -> String {
        var lines: [String] = []
        if let age = outcome.openForSeconds {
            lines.append("\(exam): open already (for \(DurationText.minutesAndSeconds(Int(age)))); nothing changed")
        } else {
            let roster =
                outcome.rosterSize > 0
                ? "; the \(outcome.rosterSize) on the roster start now" : ""
            lines.append("\(exam): open; the seats get their questions now\(roster)")
        }
        if outcome.sealed {
            lines.append(
                "start code: the one publish printed, or the newest a monitor made (the questions open with it; "
                    + "announce it now)")
        } else if let code = outcome.code {
            lines.append("start code: \(code) (announce it: a student who types it at the welcome screen starts)")
        } else if outcome.earlierCode {
            lines.append("start code: the one made earlier stays valid (the store keeps only its hash)")
        }
        return lines.joined(separator: "\n")
    }
}
