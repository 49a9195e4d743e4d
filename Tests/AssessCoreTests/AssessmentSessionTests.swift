import AssessCore
import AssessTestSupport
import Foundation
import Testing

@Suite("Assessment session: the lock")
struct AssessmentSessionTests {
    @Test func grantsTheLockAfterEveryStep() async {
        let harness = SessionHarness()
        let result = await harness.session.requestLock(true)
        guard case .locked(let record) = result else {
            Issue.record("expected a lock, got \(result)")
            return
        }
        #expect(record.examID == "geo")
        #expect(record.candidate == "c-17")
        #expect(record.pid == 4242)
        #expect(record.expiresAt.timeIntervalSince(record.startedAt) == 8 * 3600)
        #expect(harness.lock.heldRecord == record)
        #expect(harness.clipboards[0].clearCount == 1)
        #expect(harness.pasteGuard.isOn)
        #expect(await harness.session.suggestions.enabled.isEmpty)
        #expect(await harness.session.lockState == .locked(record))
        #expect(
            harness.log.kinds == [
                "lock.requested", "clipboard.cleared", "suggestions.changed", "paste.rejection-changed", "lock.granted",
            ])
    }

    @Test func secondLockRequestFailsWithAlreadyLockedAndLeavesTheLockInPlace() async {
        let harness = SessionHarness()
        guard case .locked(let record) = await harness.session.requestLock(true) else {
            Issue.record("first request should lock")
            return
        }
        let second = await harness.session.requestLock(true)
        #expect(second == .failed(.alreadyLocked))
        #expect(harness.lock.heldRecord == record)
        #expect(await harness.session.lockState == .locked(record))
        #expect(harness.consent.timesAsked == 1)
        #expect(harness.log.kinds.last == "lock.refused")
    }

    @Test func unlockClearsClipboardsRestoresSuggestionsAndReleases() async {
        let harness = SessionHarness()
        _ = await harness.session.requestLock(true)
        let result = await harness.session.requestLock(false)
        #expect(result == .unlocked)
        #expect(harness.lock.heldRecord == nil)
        #expect(harness.clipboards[0].clearCount == 2)
        #expect(!harness.pasteGuard.isOn)
        #expect(await harness.session.suggestions == .practice)
        #expect(
            harness.log.kinds.suffix(4) == [
                "clipboard.cleared", "suggestions.changed", "paste.rejection-changed", "lock.released",
            ])
    }

    @Test func unlockingTwiceIsHarmless() async {
        let harness = SessionHarness()
        _ = await harness.session.requestLock(true)
        _ = await harness.session.requestLock(false)
        let eventsAfterFirstUnlock = harness.log.events.count
        #expect(await harness.session.requestLock(false) == .unlocked)
        #expect(harness.lock.releaseCount == 1)
        #expect(harness.clipboards[0].clearCount == 2)
        #expect(harness.log.events.count == eventsAfterFirstUnlock)
    }

    @Test func decliningConsentFailsWithDeclinedAndTakesNoLock() async {
        let harness = SessionHarness(consents: false)
        #expect(await harness.session.requestLock(true) == .failed(.declined))
        #expect(harness.lock.heldRecord == nil)
        #expect(harness.clipboards[0].clearCount == 0)
        #expect(harness.log.kinds == ["lock.requested", "lock.declined"])
    }

    @Test func policyThatDoesNotListTheExamRefusesBeforeAskingConsent() async {
        let harness = SessionHarness(policy: Policy(allowedExams: ["other-exam"]))
        let result = await harness.session.requestLock(true)
        guard case .failed(.notPermitted(let why)) = result else {
            Issue.record("expected notPermitted, got \(result)")
            return
        }
        #expect(why.contains("geo"))
        #expect(harness.consent.timesAsked == 0)
    }

    @Test func liveHolderRefusesWithItsRecord() async {
        let harness = SessionHarness()
        let holder = LockRecord(
            pid: 99, bootID: "boot-a", user: "other", tty: nil, examID: "geo", examKey: "k",
            candidate: "c-1", startedAt: Date(), expiresAt: Date())
        harness.lock.place(.live(holder))
        #expect(await harness.session.requestLock(true) == .failed(.heldByAnother(holder)))
        #expect(harness.pasteGuard.isOn == false)
    }

    @Test func staleLockRefusesAndIsLogged() async {
        let harness = SessionHarness()
        let holder = LockRecord(
            pid: 98, bootID: "boot-a", user: "other", tty: nil, examID: "geo", examKey: "k",
            candidate: "c-2", startedAt: Date(), expiresAt: Date())
        harness.lock.place(.stale(holder))
        #expect(await harness.session.requestLock(true) == .failed(.staleLock(holder)))
        #expect(harness.log.kinds.contains("lock.stale-found"))
    }

    @Test func lockFromAnEarlierBootIsLoggedAsEndedAndDoesNotBlock() async {
        let harness = SessionHarness()
        let old = LockRecord(
            pid: 97, bootID: "boot-z", user: "other", tty: nil, examID: "geo", examKey: "k",
            candidate: "c-3", startedAt: Date(), expiresAt: Date())
        harness.lock.place(.fromPreviousBoot(old))
        guard case .locked = await harness.session.requestLock(true) else {
            Issue.record("a lock from an earlier boot must not block")
            return
        }
        #expect(harness.log.kinds.contains("lock.ended-by-reboot"))
    }

    @Test func failedPasteRejectionRevertsSuggestionsAndTheLockFile() async {
        let harness = SessionHarness(pasteGuard: RecordingPasteGuard(failEnable: true))
        let result = await harness.session.requestLock(true)
        guard case .failed(.pasteRejectionUnavailable) = result else {
            Issue.record("expected pasteRejectionUnavailable, got \(result)")
            return
        }
        #expect(harness.lock.heldRecord == nil)
        #expect(await harness.session.suggestions == .practice)
        #expect(await harness.session.lockState == .unlocked)
        let reverted = harness.log.events.compactMap { event -> String? in
            if case .stepReverted(let step) = event { return step }
            return nil
        }
        #expect(reverted == ["suggestions", "lock-file"])
    }

    @Test func failedUndoIsLoggedAndRevertingGoesOn() async {
        let harness = SessionHarness(pasteGuard: RecordingPasteGuard(failEnable: true))
        harness.lock.setReleaseFails(true)
        _ = await harness.session.requestLock(true)
        #expect(harness.log.kinds.contains("lock.undo-failed"))
        #expect(await harness.session.suggestions == .practice)
    }

    @Test func strictPolicyRefusesWhenAClipboardCannotBeCleared() async {
        let harness = SessionHarness(
            policy: Policy(strictClipboards: true),
            clipboards: [
                RecordingClipboard(name: "internal"),
                RecordingClipboard(name: "x11-clipboard", failing: true),
            ])
        let result = await harness.session.requestLock(true)
        guard case .failed(.clipboardNotCleared(let why)) = result else {
            Issue.record("expected clipboardNotCleared, got \(result)")
            return
        }
        #expect(why.contains("x11-clipboard"))
        #expect(harness.lock.heldRecord == nil)
        #expect(harness.log.kinds.contains("clipboard.clear-failed"))
    }

    @Test func defaultPolicyLogsAnUnclearableClipboardAndGoesOn() async {
        let harness = SessionHarness(clipboards: [RecordingClipboard(name: "x11-clipboard", failing: true)])
        guard case .locked = await harness.session.requestLock(true) else {
            Issue.record("the default policy should lock anyway")
            return
        }
        #expect(harness.log.kinds.contains("clipboard.clear-failed"))
    }

    @Test func suggestionsTheExamAllowsStayOnWhileLocked() async {
        var exam = SessionHarness.exam
        exam.allowedSuggestions = [.spellCheck, .wordCompletion]
        exam.proctorDisabledSuggestions = [.wordCompletion]
        let harness = SessionHarness(exam: exam)
        _ = await harness.session.requestLock(true)
        #expect(await harness.session.suggestions.enabled == [.spellCheck])
    }

    @Test func lockExpiresAfterTheMaximumDurationAndCanBeRequestedAgain() async {
        let harness = SessionHarness(policy: Policy(maximumLockSeconds: 3600))
        _ = await harness.session.requestLock(true)
        harness.clock.advance(by: 3599)
        #expect(await harness.session.checkExpiry() == false)
        harness.clock.advance(by: 1)
        #expect(await harness.session.checkExpiry() == true)
        #expect(await harness.session.lockState == .unlocked)
        #expect(harness.lock.heldRecord == nil)
        #expect(harness.log.kinds.last == "lock.expired")
        guard case .locked = await harness.session.requestLock(true) else {
            Issue.record("the lock can be requested again after expiry")
            return
        }
    }

    @Test func unwritableEventLogRefusesTheLock() async {
        let harness = SessionHarness()
        harness.log.setFailing(true)
        guard case .failed(.eventLogUnavailable) = await harness.session.requestLock(true) else {
            Issue.record("an exam must not lock without its log")
            return
        }
        #expect(harness.consent.timesAsked == 0)
    }
}

@Suite("Assessment session: surroundings")
struct SurroundingsTests {
    @Test func refusesANonUTF8Locale() async {
        let harness = SessionHarness(environment: ["LANG": "C"])
        let result = await harness.session.requestLock(true)
        guard case .failed(.surroundings(let problems)) = result else {
            Issue.record("expected a surroundings failure, got \(result)")
            return
        }
        #expect(problems.contains { $0.description.contains("UTF-8") })
    }

    @Test func refusesATerminalSmallerThanThePolicyMinimum() async {
        let harness = SessionHarness(surroundings: FixedSurroundings(size: TerminalSize(columns: 60, rows: 20)))
        let problems = await harness.session.surroundingsProblems()
        #expect(problems.contains { $0.description.contains("60x20") })
    }

    @Test func refusesAnUnwritableDataDirectory() async {
        let harness = SessionHarness(surroundings: FixedSurroundings(dataProblem: "cannot write /data"))
        #expect(await harness.session.surroundingsProblems() == [.dataDirectory("cannot write /data")])
    }

    @Test func multiplexersAreAllowedByDefaultAndRefusedWhenThePolicySays() async {
        let environment = ["LANG": "C.UTF-8", "TMUX": "/tmp/tmux-0/default,1,0"]
        #expect(await SessionHarness(environment: environment).session.surroundingsProblems().isEmpty)
        let strict = SessionHarness(policy: Policy(allowMultiplexers: false), environment: environment)
        #expect(await strict.session.surroundingsProblems().contains(.multiplexer("tmux")))
    }
}
