import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// A raised hand (F12 at the seat, `h` at the monitor) and an irregularity report (`i` at
/// the monitor), without a terminal: what each side shows, sends and logs.
@Suite("A raised hand and an irregularity report")
struct RaisedHandTests {
    static let s: UInt64 = 1_000_000_000

    static func onQuestion(settings: Set<AccessibilityOption> = []) -> ExamFlow {
        FlowFixtures.onFirstQuestion(of: ExamFixtures.essays, settings: settings)
    }

    static func header(_ flow: ExamFlow, now: UInt64) -> String {
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: now, into: &grid)
        return grid.lines()[0]
    }

    /// The monitor's acknowledgement of the student's `raise`th raised hand.
    static func acknowledgement(_ id: Int64, raise: Int = 1) -> SeatCommand {
        SeatCommand(
            id: id, action: .acknowledgeHand, reason: SeatHand.acknowledgementReason(raise: raise), issuedBy: "pat")
    }

    // MARK: - The seat

    @Test func f12RaisesTheHandTheHeaderSaysSoAndTheLogHasIt() {
        var flow = Self.onQuestion()
        #expect(!Self.header(flow, now: Self.s).contains("hand raised"))
        let raised = flow.update(.key(ExamFlow.raiseHandKey), now: Self.s)
        #expect(raised.logged == [.handRaised(raised: true)])
        #expect(flow.hand == .raised)
        #expect(flow.notice?.text == "Hand raised: the proctor has been told. F12 lowers it.")
        #expect(Self.header(flow, now: Self.s).contains("hand raised  0/2 answered"))
        let lowered = flow.update(.key(ExamFlow.raiseHandKey), now: 2 * Self.s)
        #expect(lowered.logged == [.handRaised(raised: false)])
        #expect(flow.hand == .down && flow.notice?.text == "Hand lowered.")
        #expect(!Self.header(flow, now: 2 * Self.s).contains("hand"))
    }

    @Test func theProctorsAcknowledgementTellsTheStudentIsLoggedAndAcknowledged() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: Self.s)
        let effects = flow.update(.proctorCommand(Self.acknowledgement(4)), now: 3 * Self.s)
        #expect(
            effects == [
                .log(.handAcknowledged(command: 4, by: "pat")),
                .log(
                    .proctor(
                        .commandCarriedOut(
                            id: 4, action: "hand-acknowledged", by: "pat", reason: "raised hand 1", done: true))),
                .acknowledgeCommand(id: 4),
            ])
        #expect(flow.hand == .acknowledged)
        #expect(flow.notice?.text == "The proctor saw your raised hand and is coming.")
        #expect(Self.header(flow, now: 3 * Self.s).contains("proctor coming  0/2 answered"))
        // F12 lowers an acknowledged hand too.
        #expect(flow.update(.key(ExamFlow.raiseHandKey), now: 4 * Self.s).logged == [.handRaised(raised: false)])
        #expect(flow.hand == .down)
    }

    @Test func anAcknowledgementForAHandAlreadyLoweredIsRefusedAndChangesNothing() {
        var flow = Self.onQuestion()
        let effects = flow.update(.proctorCommand(Self.acknowledgement(5)), now: Self.s)
        #expect(
            effects == [
                .log(
                    .proctor(
                        .commandCarriedOut(
                            id: 5, action: "hand-acknowledged", by: "pat", reason: "raised hand 1", done: false))),
                .acknowledgeCommand(id: 5),
            ])
        #expect(flow.hand == .down && !Self.header(flow, now: Self.s).contains("proctor coming"))
    }

    @Test func anAcknowledgementOfAnEarlierRaiseAnswersNeitherALoweredHandNorALaterRaise() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: Self.s)
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: 2 * Self.s)
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: 3 * Self.s)
        #expect(flow.hand == .raised && flow.handsRaised == 2)
        // The proctor acknowledged the first raise; it reaches the seat during the second.
        let late = flow.update(.proctorCommand(Self.acknowledgement(7, raise: 1)), now: 4 * Self.s)
        #expect(late.logged.map(\.kind) == ["proctor.command-refused"])
        #expect(late.contains(.acknowledgeCommand(id: 7)))
        #expect(flow.hand == .raised && Self.header(flow, now: 4 * Self.s).contains("hand raised"))
        // The acknowledgement of the raise that is up is carried out.
        let current = flow.update(.proctorCommand(Self.acknowledgement(8, raise: 2)), now: 5 * Self.s)
        #expect(current.logged.first == .handAcknowledged(command: 8, by: "pat"))
        #expect(flow.hand == .acknowledged)
        // Lowered, the hand takes no acknowledgement, not even its own raise's.
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: 6 * Self.s)
        let lowered = flow.update(.proctorCommand(Self.acknowledgement(9, raise: 2)), now: 7 * Self.s)
        #expect(lowered.logged.map(\.kind) == ["proctor.command-refused"] && flow.hand == .down)
    }

    // MARK: - Resumed

    @Test func theHandIsReplayedFromTheLogsRecordsInOrder() {
        let (raised, lowered, acknowledged) = (SeatHand.raised, SeatHand.lowered, SeatHand.acknowledged)
        #expect(SeatHandLog(replaying: []) == SeatHandLog(replaying: ["answer.saved"]))
        #expect(SeatHandLog(replaying: []).last == nil && SeatHandLog(replaying: []).raises == 0)
        let up = SeatHandLog(replaying: ["exam.started", raised, "answer.saved", "tool.used"])
        #expect(up.last == raised && up.raises == 1)
        let seen = SeatHandLog(replaying: [raised, acknowledged, "answer.saved"])
        #expect(seen.last == acknowledged && seen.raises == 1)
        let again = SeatHandLog(replaying: [raised, acknowledged, lowered, raised])
        #expect(again.last == raised && again.raises == 2)
        let down = SeatHandLog(replaying: [raised, lowered, raised, acknowledged, lowered])
        #expect(down.last == lowered && down.raises == 2)
    }

    @Test func aResumedSittingShowsTheHandItsLogLeftRaisedAndCountsOn() {
        var flow = Self.onQuestion()
        flow.resumeHand(SeatHandLog(replaying: [SeatHand.raised, SeatHand.lowered, SeatHand.raised]))
        #expect(flow.hand == .raised && flow.handsRaised == 2)
        #expect(Self.header(flow, now: Self.s).contains("hand raised  0/2 answered"))
        #expect(HelpScreen.keys(of: .question, in: flow).contains { $0 == ("F12", "lower your hand") })
        // The proctor's acknowledgement of that raise, sent while the seat was down, answers it.
        _ = flow.update(.proctorCommand(Self.acknowledgement(3, raise: 2)), now: Self.s)
        #expect(flow.hand == .acknowledged)
        // Lowered and raised again: the third raise.
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: 2 * Self.s)
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: 3 * Self.s)
        #expect(flow.hand == .raised && flow.handsRaised == 3)

        var seen = Self.onQuestion()
        seen.resumeHand(SeatHandLog(replaying: [SeatHand.raised, SeatHand.acknowledged]))
        #expect(seen.hand == .acknowledged && Self.header(seen, now: Self.s).contains("proctor coming"))
        var down = Self.onQuestion()
        down.resumeHand(SeatHandLog(replaying: [SeatHand.raised, SeatHand.lowered]))
        #expect(down.hand == .down && down.handsRaised == 1 && !Self.header(down, now: Self.s).contains("hand"))
    }

    @Test func inTheScreenReadersLayoutTheStateLineSaysItInWords() {
        var flow = Self.onQuestion(settings: [.screenReader])
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: Self.s)
        #expect(Self.header(flow, now: Self.s).contains("Your hand is raised."))
        _ = flow.update(.proctorCommand(Self.acknowledgement(6)), now: 2 * Self.s)
        #expect(Self.header(flow, now: 2 * Self.s).contains("The proctor is coming."))
    }

    @Test func aPracticeSittingHasNoProctorToCallSoF12SaysSoAndLogsNothing() {
        var flow = FlowFixtures.onFirstQuestion(
            of: ExamFixtures.essays, speller: nil, settings: .practice, practice: true,
            size: TerminalSize(columns: 80, rows: 24))
        let effects = flow.update(.key(ExamFlow.raiseHandKey), now: Self.s)
        #expect(effects.logged.isEmpty && flow.hand == .down && flow.handsRaised == 0)
        #expect(flow.notice?.text == "No proctor watches a practice sitting: F12 raises a hand only in the exam.")
        #expect(!Self.header(flow, now: Self.s).contains("hand raised"))
        #expect(!HelpScreen.keys(of: .question, in: flow).contains { $0.0 == "F12" })
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: Self.s, into: &grid)
        #expect(!(grid.lines().last ?? "").contains("F12"))
    }

    @Test func theHelpListsF12AndSaysWhatItDoesNow() {
        var flow = Self.onQuestion()
        #expect(
            HelpScreen.keys(of: .question, in: flow).contains {
                $0 == ("F12", "raise your hand to ask for the proctor")
            })
        _ = flow.update(.key(ExamFlow.raiseHandKey), now: Self.s)
        #expect(HelpScreen.keys(of: .question, in: flow).contains { $0 == ("F12", "lower your hand") })
    }

    // MARK: - The monitor

    static func seats() -> [SeatView] {
        var seats = MonitorTests.room(5)
        seats[3].lastHand = SeatHand.raised
        seats[3].handsRaised = 2
        seats[4].lastHand = SeatHand.acknowledged
        seats[4].handsRaised = 1
        return seats
    }

    @Test func aWaitingHandComesFirstWithItsCountAndHAcknowledgesIt() {
        var model = MonitorTests.model(Self.seats())
        #expect(model.rows(now: 0).map(\.candidate) == ["c-003", "c-000", "c-001", "c-002", "c-004"])
        #expect(MonitorText.warnings(model.rows(now: 0)[0]) == "HAND2")
        #expect(MonitorText.warnings(model.rows(now: 0)[4]) == "hand✓1")
        let screen = MonitorTests.render(model).lines()
        #expect(screen[4].contains("c-003") && screen[4].contains(" HAND2"), "\(screen[4])")
        // The cursor is on the first row, the raised hand: `h` acknowledges it at once.
        #expect(model.cursor?.candidate == "c-003")
        let effects = model.update(.key(.character("h")), now: 0)
        #expect(
            effects == [
                .send(
                    SeatCommandDraft(
                        action: .acknowledgeHand, minutes: nil, message: nil, reason: "raised hand 2"),
                    to: [.init(exam: "algebra", candidate: "c-003")])
            ])
        _ = model.update(.sent(count: 1, action: .acknowledgeHand, failure: nil), now: 0)
        #expect(model.notice == "Acknowledged: the student's screen says you are coming.")
        // A seat whose hand is not waiting has nothing to acknowledge.
        _ = model.update(.key(.down), now: 0)
        #expect(model.update(.key(.character("h")), now: 0).isEmpty)
        #expect(model.notice == "c-000 has no raised hand waiting.")
    }

    @Test func theRowShowsOnlyTheCurrentRaiseAcknowledgedLoweredOrRaisedAgain() {
        var seats = MonitorTests.room(3)
        func read(_ last: String, raises: Int) -> SeatView {
            seats[2].lastHand = last
            seats[2].handsRaised = raises
            return seats[2]
        }
        var model = MonitorTests.model(seats)
        func row() -> (first: String, text: String) {
            let first = model.rows(now: 0)[0]
            let row = model.rows(now: 0).first { $0.candidate == "c-002" }!
            return (first.candidate, MonitorText.warnings(row))
        }
        _ = model.update(.read([seats[0], seats[1], read(SeatHand.raised, raises: 1)]), now: 0)
        #expect(row() == ("c-002", "HAND1"))
        _ = model.update(.read([seats[0], seats[1], read(SeatHand.acknowledged, raises: 1)]), now: 0)
        #expect(row() == ("c-000", "hand✓1"))
        // Lowered: no acknowledgement shown any more, the count kept.
        _ = model.update(.read([seats[0], seats[1], read(SeatHand.lowered, raises: 1)]), now: 0)
        #expect(row() == ("c-000", "hand1"))
        // Raised again: waiting, first, counted once more, and `h` names that raise.
        _ = model.update(.read([seats[0], seats[1], read(SeatHand.raised, raises: 2)]), now: 0)
        #expect(row() == ("c-002", "HAND2"))
        #expect(MonitorTests.render(model).lines()[4].contains(" HAND2"))
        _ = model.update(.key(.home), now: 0)
        #expect(model.cursor?.candidate == "c-002")
        #expect(
            model.update(.key(.character("h")), now: 0) == [
                .send(
                    SeatCommandDraft(
                        action: .acknowledgeHand, minutes: nil, message: nil, reason: "raised hand 2"),
                    to: [.init(exam: "algebra", candidate: "c-002")])
            ])
    }

    @Test func iWritesAnIncidentOnTheSeatsAttemptAfterANoteIsTyped() {
        var model = MonitorTests.model(Self.seats())
        _ = model.update(.key(.down), now: 0)
        #expect(model.cursor?.candidate == "c-000")
        #expect(model.update(.key(.character("i")), now: 0).isEmpty)
        guard case .incident(let seat, .disturbance) = model.mode else {
            Issue.record("no incident prompt: \(model.mode)")
            return
        }
        #expect(seat.candidate == "c-000")
        MonitorTests.golden.assertMatches(MonitorTests.render(model), named: "incident-80x24")
        #expect(model.update(.key(.enter), now: 0).isEmpty, "a note is required")
        #expect(model.notice == "Type what happened: it is written to the seat's log with your name.")
        for character in "phone out" { _ = model.update(.key(.character(character)), now: 0) }
        // ↓ chooses the next category, and stops at the last; ↑ goes back.
        _ = model.update(.key(.down), now: 0)
        #expect(model.mode == .incident(seat, category: .suspectedMisconduct))
        for _ in 0..<6 { _ = model.update(.key(.down), now: 0) }
        #expect(model.mode == .incident(seat, category: .other))
        for _ in 0..<3 { _ = model.update(.key(.up), now: 0) }
        #expect(
            model.update(.key(.enter), now: 0) == [.reportIncident(.suspectedMisconduct, note: "phone out", seat: seat)]
        )
        #expect(model.mode == .list)
        _ = model.update(.incidentWritten(candidate: "c-000", failure: nil), now: 0)
        #expect(model.notice == "Incident written to c-000's log.")
        // Esc writes nothing.
        _ = model.update(.key(.character("i")), now: 0)
        _ = model.update(.key(.character("x")), now: 0)
        #expect(model.update(.key(.escape), now: 0).isEmpty)
        #expect(model.mode == .list && model.notice == "No incident was written.")
    }

    @Test func aSeatWithoutAnAttemptHasNoLogForAnIncident() {
        // c-006 is at the welcome screen: no attempt yet.
        var model = MonitorTests.model(MonitorTests.room(7))
        _ = model.update(.key(.end), now: 0)
        #expect(model.cursor?.candidate == "c-006")
        #expect(model.update(.key(.character("i")), now: 0).isEmpty)
        #expect(model.mode == .list)
        #expect(model.notice == "c-006 has no attempt yet: an incident is written on an attempt's log.")
    }
}
