import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// One sitting run by the real loop and writer, with a scripted terminal, the engine on
/// fakes, an in-memory recorder and the manual clock: no terminal, no sleeping.
private struct Sitting {
    let harness: SessionHarness
    let terminal: ScriptedTerminal
    let recorder: InMemorySittingRecorder
    let app: ExamApp

    init(
        _ exam: Exam = ExamFixtures.capitals, practice: Bool = false, secondsAllowed: Int? = nil,
        studentMaySwitch: Set<AccessibilityOption> = [], launchedByTheProctor: Bool = false,
        recorder: InMemorySittingRecorder = InMemorySittingRecorder(), timeout: Duration = .seconds(10),
        commands: InMemoryCommandLink? = nil, acknowledgedBeforeResume: [SeatCommand] = [],
        typingJournal: String? = nil, steps: [ScriptedTerminal.Step]
    ) {
        let consent = FlowConsentPrompt()
        harness = SessionHarness(
            exam: ExamDescriptor(
                examID: exam.id, examKey: exam.examKey, title: exam.title,
                candidate: "c-1", allowedSuggestions: exam.suggestions),
            prompt: consent)
        terminal = ScriptedTerminal(clock: harness.clock, steps: steps, timeout: timeout)
        self.recorder = recorder
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: practice, maximumLockHours: 8,
            secondsAllowed: secondsAllowed, studentMaySwitch: studentMaySwitch,
            launch: launchedByTheProctor ? LaunchSetup(exam: exam, candidate: "c-1", settings: LaunchSettings()) : nil)
        flow.restoreCommands(acknowledged: acknowledgedBeforeResume)
        app = ExamApp(
            flow: flow, terminal: terminal, session: harness.session, consent: consent, recorder: recorder,
            clock: harness.clock, proctorPassword: nil, commands: commands, typingJournal: typingJournal)
    }

    /// Runs the sitting to its end; fails the test when the script could not go on.
    func run() async -> SittingOutcome {
        let outcome = await app.run()
        if let failure = terminal.failure { Issue.record("\(failure)") }
        return outcome
    }
}

/// Welcome, consent, the banner: the steps to the first question of a locked exam.
private let toTheFirstQuestion: [ScriptedTerminal.Step] = [
    .screen("Exam key"), .key(.enter), .screen("Lock this terminal"), .key(.character("y")),
    .screen("locked"), .key(.enter), .screen("Question 1 of"),
]

@Suite("The sitting's run loop, without a terminal")
struct ExamAppTests {
    @Test func aWholeSittingLocksSavesSubmitsAndUnlocks() async {
        let sitting = Sitting(
            steps: toTheFirstQuestion + [
                .key(.character("1")), .key(.tab), .key(.character("3")), .key(.function(4)), .screen("Review"),
                .key(.character("s")), .screen("This cannot be undone"), .key(.character("y")),
                .screen("no longer locked"), .key(.enter), .screen("Receipt"), .key(.character("q")),
            ])
        let outcome = await sitting.run()
        let record = sitting.recorder.record
        #expect(record.answers["canada"] == .some(.singleChoice(0)))
        #expect(record.answers["kenya"] == .some(.singleChoice(2)))
        #expect(record.end == .submitted)
        // The receipt goes with the outcome, for the shell to print after the screen.
        guard case .submitted(let printed?) = outcome else {
            Issue.record("not submitted with a receipt: \(outcome)")
            return
        }
        #expect(printed.receipt.code == record.receipt && printed.candidate == "c-1")
        #expect(record.receipt.map { sitting.terminal.frames.last!.lines().joined().contains($0) } == true)
        let kinds = sitting.harness.log.kinds
        #expect(kinds.first == "lock.requested")
        #expect(kinds.contains("lock.granted"))
        #expect(kinds.filter { $0 == "answer.saved" }.count == 2)
        // Submitted, then the lock ends as it began: clipboards cleared, suggestions and paste rejection back.
        #expect(
            Array(kinds.suffix(5))
                == [
                    "exam.submitted", "clipboard.cleared", "suggestions.changed", "paste.rejection-changed",
                    "lock.released",
                ])
        #expect(sitting.harness.lock.heldRecord == nil)
    }

    @Test func decliningTheConsentEndsTheSittingWithNothingStored() async {
        let sitting = Sitting(steps: [
            .screen("Exam key"), .key(.enter), .screen("Lock this terminal"),
            .key(.character("n")),
        ])
        #expect(await sitting.run() == .notStarted(.declined))
        #expect(sitting.recorder.record.attemptID == nil)
        #expect(sitting.harness.log.kinds.contains("lock.declined"))
    }

    @Test func anAnswerIsSavedAFewTenthsAfterTheLastKeyAndNotBefore() async {
        let recorder = InMemorySittingRecorder()
        let sitting = Sitting(
            recorder: recorder,
            steps: toTheFirstQuestion + [
                .key(.tab), .key(.tab), .type("Canb"), .wait(seconds: 0.2),
                .until("nothing saved 0.2 s after the last key") { recorder.record.saves.isEmpty },
                .wait(seconds: 0.2),
                .until("the answer saved 0.4 s after the last key") { recorder.record.saves == ["australia"] },
                .hangUp,
            ])
        // The script ends in a hang-up: the sitting is interrupted with every answer saved.
        #expect(await sitting.run() == .interrupted("hangup", attemptInProgress: true))
        #expect(recorder.record.answers["australia"] == .some(.shortText("Canb")))
        #expect(recorder.record.end == nil)
        let kinds = sitting.harness.log.kinds
        #expect(kinds.contains("session.interrupted"))
        #expect(kinds.last == "lock.released")
        #expect(!kinds.contains("exam.submitted"))
    }

    @Test func eachKeysTypingIsInTheJournalBeforeTheStoreHasItAndTheJournalGoesWithTheSubmission() async throws {
        let scratch = try TemporaryDirectory("assess-typing-journal")
        let recorder = InMemorySittingRecorder()
        let journal: @Sendable () -> String = {
            TypingJournal(directory: scratch.path, attempt: recorder.record.attemptID ?? "none").path
        }
        let journaled: @Sendable () -> String? = {
            TypingJournal.newestTexts(TypingJournal.records(at: journal())) { _ in nil }["australia"]?.text
        }
        let sitting = Sitting(
            recorder: recorder, typingJournal: scratch.path,
            steps: toTheFirstQuestion + [
                .key(.tab), .key(.tab), .type("Canb"),
                .until("the typing journaled, nothing saved yet") {
                    recorder.record.saves.isEmpty && journaled() == "Canb"
                },
                .wait(seconds: 0.4), .until("the answer saved") { recorder.record.saves == ["australia"] },
                .key(.backspace), .type("berra"),
                .until("the journal goes on from the save") { journaled() == "Canberra" },
                .key(.function(4)), .screen("Review"), .key(.character("s")), .screen("This cannot be undone"),
                .key(.character("y")), .screen("no longer locked"), .key(.enter), .screen("Receipt"),
                .key(.character("q")),
            ])
        #expect(await sitting.run().isSubmitted)
        #expect(recorder.record.answers["australia"] == .some(.shortText("Canberra")))
        #expect(!FileManager.default.fileExists(atPath: journal()))
    }

    @Test func theLaunchScreenIsTheFirstPhaseAndTheAttemptStartsWithWhatTheProctorHandsOver() async {
        var exam = ExamFixtures.capitals
        exam.suggestions = [.spellCheck]
        let rows = LaunchSetup(exam: exam, candidate: "c-1", settings: LaunchSettings()).rows
        let toSpellCheck = rows.firstIndex(of: .suggestion(.spellCheck)) ?? 0
        let recorder = InMemorySittingRecorder()
        let sitting = Sitting(
            exam, launchedByTheProctor: true, recorder: recorder,
            steps: [
                .screen("Proctor: before the hand-over"), .key(.right),
            ] + Array(repeating: .key(.down), count: toSpellCheck) + [
                .key(.character(" ")), .screen("off"), .key(.enter),
            ] + toTheFirstQuestion + [.hangUp])
        #expect(await sitting.run() == .interrupted("hangup", attemptInProgress: true))
        let chosen = LaunchSettings(extraTime: .multiplier(1.25), disabledSuggestions: [.spellCheck])
        #expect(recorder.record.settings == chosen)
        let events = sitting.harness.log.events
        #expect(
            events.contains(
                .proctor(
                    .accommodationsSet(
                        extraTime: chosen.extraTime.description,
                        secondsAllowed: exam.durationSeconds * 5 / 4, breaks: "none"))))
        #expect(events.contains(.proctor(.suggestionTurnedOff(.spellCheck))))
        // The lock turns on what the exam allows and the proctor left on: here nothing.
        #expect(events.contains(.suggestionsChanged(enabled: [])))
        #expect(!events.contains(.suggestionsChanged(enabled: [.spellCheck])))
    }

    @Test func cancellingAtTheLaunchScreenLocksNothing() async {
        let sitting = Sitting(
            launchedByTheProctor: true, steps: [.screen("Proctor: before the hand-over"), .key(.escape)])
        #expect(await sitting.run() == .launchCancelled)
        #expect(sitting.recorder.record.attemptID == nil)
        #expect(sitting.harness.log.events.isEmpty)
        #expect(sitting.harness.lock.heldRecord == nil)
    }

    @Test func aSlowStoreNeverDelaysAnEcho() async {
        // Every write takes 250 ms; a save falls due between each pair of keys. A save on
        // the key path would hold each key's frame back at least that long; the bound
        // below is half of it, so a loaded machine's scheduling does not decide the test.
        let recorder = InMemorySittingRecorder(delay: .milliseconds(250))
        var typing: [ScriptedTerminal.Step] = []
        for character in "Canberra" { typing += [.key(.character(character)), .wait(seconds: 0.4)] }
        let sitting = Sitting(
            recorder: recorder,
            steps: toTheFirstQuestion + [.key(.tab), .key(.tab)] + typing + [
                .until("every key's answer saved") { recorder.record.saves.count >= 8 }, .hangUp,
            ])
        _ = await sitting.run()
        // Each typed key is drawn as soon as it is handled, not after the save before it.
        let keys = sitting.terminal.keyTimes.suffix(8)
        for key in keys {
            let frame = sitting.terminal.frameTimes.first { $0 > key }
            #expect(
                frame.map { $0 - key < .milliseconds(125) } == true,
                "a frame came \(frame.map { $0 - key } ?? .zero) after a key")
        }
        #expect(recorder.record.answers["australia"] == .some(.shortText("Canberra")))
    }

    @Test func extraTimeRunsOutAtItsEndNotTheExamsAndSubmitsAsTimedOut() async {
        let recorder = InMemorySittingRecorder()
        let sitting = Sitting(
            secondsAllowed: 450, recorder: recorder,
            steps: toTheFirstQuestion + [
                .key(.character("1")), .wait(seconds: 301),
                .until("still in the exam past its own 5 minutes") { recorder.record.end == nil },
                .screen("Question 1 of"), .wait(seconds: 150),
                .screen("no longer locked"), .key(.enter), .screen("Time is up"), .key(.character("q")),
            ])
        #expect(await sitting.run().isSubmitted)
        #expect(recorder.record.end == .timedOut)
        #expect(recorder.record.answers["canada"] == .some(.singleChoice(0)))
        #expect(
            sitting.harness.log.events.contains(
                .examSubmitted(
                    attemptID: "attempt-1", receipt: recorder.record.receipt ?? "",
                    reason: .timeUp, chainHead: nil)))
    }

    @Test func anAttemptThatCannotBeStoredDoesNotStartAndUnlocks() async {
        let recorder = InMemorySittingRecorder()
        recorder.setFailing(true)
        let sitting = Sitting(
            recorder: recorder,
            steps: [
                .screen("Exam key"), .key(.enter), .screen("Lock this terminal"), .key(.character("y")),
                .screen("could not be stored"), .key(.enter),
            ])
        #expect(await sitting.run() == .notRecorded("disk full"))
        #expect(sitting.harness.lock.heldRecord == nil)
        #expect(sitting.terminal.screen.contains("The answers could not be stored: disk full"))
    }

    @Test func aSaveThatFailsIsTriedAgainAndTheStudentIsTold() async {
        let recorder = InMemorySittingRecorder()
        let sitting = Sitting(
            recorder: recorder,
            steps: toTheFirstQuestion + [
                .act { recorder.setFailing(true) }, .key(.character("2")), .wait(seconds: 1),
                .screen("could not be saved yet (disk full); it will be tried again"),
                .act { recorder.setFailing(false) }, .wait(seconds: 5),
                .until("the answer saved once the disk works") { recorder.record.saves == ["canada"] }, .hangUp,
            ])
        _ = await sitting.run()
        #expect(recorder.record.answers["canada"] == .some(.singleChoice(1)))
    }

    @Test func aSittingGoesOnWhileEverySharedThreadIsBusy() async {
        // Every thread of Swift's shared pool sleeps for 4 s; the engine and the writer
        // have a thread of their own, so the sitting locks, saves and submits meanwhile.
        let blockers = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { usleep(4_000_000) }
        }
        let recorder = InMemorySittingRecorder()
        let sitting = Sitting(
            recorder: recorder, timeout: .seconds(2),
            steps: toTheFirstQuestion + [
                .key(.character("1")), .key(.function(4)), .screen("Review"), .key(.character("s")),
                .screen("This cannot be undone"), .key(.character("y")), .screen("no longer locked"),
                .until("the answer submitted") { recorder.record.end == .submitted },
                .key(.enter), .screen("Receipt"), .key(.character("q")),
            ])
        #expect(await sitting.run().isSubmitted)
        #expect(recorder.record.answers["canada"] == .some(.singleChoice(0)))
        for blocker in blockers { await blocker.value }
    }

    @Test func aStudentSwitchesHighContrastWhereThePolicyAllowsItAndTheLogSaysSo() async {
        let sitting = Sitting(
            studentMaySwitch: [.highContrast],
            steps: toTheFirstQuestion + [
                .screen("F9 settings"), .key(.function(9)), .screen("High contrast            off"),
                .key(.character(" ")), .screen("High contrast            on"), .key(.escape), .screen("Question 1 of"),
                .hangUp,
            ])
        _ = await sitting.run()
        #expect(sitting.harness.log.events.contains(.accessibilityChanged(.highContrast, on: true)))
        #expect(sitting.terminal.frames.last?.palette == .highContrast)
        #expect(sitting.terminal.frames.first?.palette == .standard)
    }

    @Test func whereThePolicyAllowsNoSwitchTheKeyIsRefusedAndNothingChanges() async {
        let sitting = Sitting(
            steps: toTheFirstQuestion + [
                .key(.function(9)), .screen("Settings cannot be changed during this exam"), .hangUp,
            ])
        _ = await sitting.run()
        #expect(!sitting.harness.log.kinds.contains("accessibility.changed"))
        #expect(sitting.terminal.frames.allSatisfy { $0.palette == .standard && !$0.lines().joined().contains("F9") })
    }

    @Test func keysOnATooSmallTerminalDoNothingAndTheChangeIsLogged() {
        var flow = FlowFixtures.onFirstQuestion(
            of: ExamFixtures.capitals, speller: nil, settings: .practice,
            practice: false)
        #expect(
            flow.update(.resized(TerminalSize(columns: 60, rows: 20)), now: 0)
                == [.log(.terminalTooSmall(columns: 60, rows: 20))])
        _ = flow.update(.key(.character("2")), now: 0)
        #expect(flow.sitting.responses.isEmpty)
        #expect(
            flow.update(.resized(TerminalSize(columns: 100, rows: 30)), now: 0)
                == [.log(.terminalSizeRestored(columns: 100, rows: 30))])
        _ = flow.update(.key(.character("2")), now: 0)
        #expect(flow.sitting.responses["canada"] == .singleChoice(1))
    }

    // MARK: - Commands from the monitor, carried out once

    private static let addFive = SeatCommand(id: 7, action: .addTime, minutes: 5, reason: "late start", issuedBy: "pat")

    @Test func aCommandWhoseAcknowledgementWasLostComesAgainAndIsOnlyAcknowledged() async {
        let link = InMemoryCommandLink()
        link.failAcknowledgements(1)
        // The poller posts a command again at its next look after `repostAfter`: real seconds.
        let sitting = Sitting(
            secondsAllowed: 600, timeout: .seconds(20), commands: link,
            steps: toTheFirstQuestion + [
                .act { link.issue(Self.addFive) },
                .until("the command acknowledged") { link.acknowledged == [7] },
                .screen("15:00"),
                .hangUp,
            ])
        _ = await sitting.run()
        let kinds = sitting.harness.log.kinds
        #expect(kinds.filter { $0 == "proctor.command" }.count == 1)
        #expect(kinds.filter { $0 == "exam.time-added" }.count == 1)
        // The store adds the time when the command is acknowledged; the seat does not write it.
        #expect(sitting.recorder.record.secondsAllowed == nil)
    }

    @Test func anExtraBreakTheMonitorAllowedIsStillAllowedAfterAResume() async {
        let extraBreak = SeatCommand(id: 3, action: .extraBreak, reason: "unwell", issuedBy: "pat")
        let sitting = Sitting(
            acknowledgedBeforeResume: [extraBreak],
            steps: toTheFirstQuestion + [
                .key(.function(6)), .screen("Take a break now?"), .key(.character("y")), .screen("On a break"), .hangUp,
            ])
        _ = await sitting.run()
        #expect(sitting.harness.log.kinds.contains("break.started"))
    }
}

extension SittingOutcome {
    /// True for a submission, whatever its receipt.
    var isSubmitted: Bool {
        if case .submitted = self { return true }
        return false
    }
}
