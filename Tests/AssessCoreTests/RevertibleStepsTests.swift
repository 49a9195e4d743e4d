import AssessCore
import AssessTestSupport
import Synchronization
import Testing

/// Records what the steps did, in order.
private final class Journal: Sendable {
    private let entries = Mutex<[String]>([])
    func note(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

private func step(
    _ name: String, _ journal: Journal, fails: Bool = false, undoFails: Bool = false,
    undoable: Bool = true
) -> LockStep {
    let undo: @Sendable () async throws -> Void = {
        if undoFails { throw FakeFailure("undo \(name) failed") }
        journal.note("undo \(name)")
    }
    return LockStep(
        name,
        perform: {
            if fails { throw FakeFailure("\(name) failed") }
            journal.note("do \(name)")
        },
        undo: undoable ? undo : nil)
}

@Suite("Revertible steps")
struct RevertibleStepsTests {
    @Test func runsEveryStepInOrderWhenNoneFails() async {
        let journal = Journal()
        let outcome = await RevertibleSteps.run([step("a", journal), step("b", journal), step("c", journal)])
        #expect(outcome.failure == nil)
        #expect(journal.all == ["do a", "do b", "do c"])
    }

    @Test func revertsCompletedStepsWhenALaterStepFails() async {
        let journal = Journal()
        let outcome = await RevertibleSteps.run([
            step("a", journal), step("b", journal), step("c", journal, fails: true),
        ])
        #expect(outcome.failure?.step == "c")
        #expect(journal.all == ["do a", "do b", "undo b", "undo a"])
        #expect(outcome.reverted == ["b", "a"])
    }

    @Test func keepsRevertingAfterAnUndoFails() async {
        let journal = Journal()
        let outcome = await RevertibleSteps.run([
            step("a", journal), step("b", journal, undoFails: true), step("c", journal),
            step("d", journal, fails: true),
        ])
        #expect(journal.all == ["do a", "do b", "do c", "undo c", "undo a"])
        #expect(outcome.reverted == ["c", "a"])
        #expect(outcome.undoFailures.map(\.step) == ["b"])
    }

    @Test func revertsOnlyTheStepsItPerformed() async {
        let journal = Journal()
        let outcome = await RevertibleSteps.run([
            step("a", journal), step("b", journal, fails: true), step("c", journal), step("d", journal),
        ])
        #expect(journal.all == ["do a", "undo a"])
        #expect(outcome.reverted == ["a"])
    }

    @Test func skipsStepsThatHaveNothingToUndo() async {
        let journal = Journal()
        let outcome = await RevertibleSteps.run([
            step("a", journal), step("b", journal, undoable: false),
            step("c", journal, fails: true),
        ])
        #expect(journal.all == ["do a", "do b", "undo a"])
        #expect(outcome.reverted == ["a"])
    }
}
