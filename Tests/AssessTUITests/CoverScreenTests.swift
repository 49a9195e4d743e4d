import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Synchronization
import Testing

@testable import AssessTUI

/// A published exam's cover before its sitting opens: what it shows, the keys it takes, and
/// its watcher's thread, which asks the store whenever news may have come and ends the wait
/// once the questions arrived.
@Suite("A published exam's cover")
struct CoverScreenTests {
    static let cover = ExamCover(
        title: "Capitals", durationSeconds: 600, instructions: "Answer every question.", questionCount: 4)

    private func model() -> CoverModel {
        CoverModel(
            cover: Self.cover, deliveryKey: "0123456789abcdef", candidate: "c-1", language: .english,
            accessibility: AccessibilitySettings())
    }

    /// The cover drawn at 80×24, a line per row without its trailing spaces.
    private func screen(_ model: CoverModel) -> [String] {
        var model = model
        var grid = CellGrid(size: TerminalSize(columns: 80, rows: 24))
        model.render(now: 0, into: &grid)
        return grid.lines().map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func theCoverShowsTheExamsFactsAndThatItWaits() {
        let lines = screen(model())
        #expect(lines[2] == "  Capitals")
        #expect(lines[4].hasPrefix("  Candidate  c-1"))
        #expect(lines[5].hasPrefix("  Time       10 minutes"))
        #expect(lines[6].hasPrefix("  Questions  4"))
        #expect(lines[7].hasPrefix("  Exam key   0123-4567"))
        #expect(lines[9].hasPrefix("  Waiting for the proctor to open the sitting."))
        #expect(lines.contains { $0.hasPrefix("  Answer every question.") })
        #expect(lines[23].hasPrefix(" Esc quit"))
    }

    @Test func f1ShowsTheKeysEscGoesBackThenLeaves() {
        var cover = model()
        #expect(cover.update(.key(.function(1)), now: 0).isEmpty)
        #expect(screen(cover)[2] == "  Keys on this screen")
        #expect(cover.update(.key(.escape), now: 0).isEmpty)
        #expect(screen(cover)[2] == "  Capitals")
        #expect(cover.update(.key(.character("q")), now: 0).isEmpty)
        #expect(cover.update(.key(.enter), now: 0).isEmpty)
        #expect(cover.update(.key(.escape), now: 0) == [.left])
        var other = model()
        #expect(other.update(.key(.control("c")), now: 0) == [.left])
    }

    @Test func aStoreThatCannotBeReadIsSaidOnTheNoticeLineUntilItAnswers() {
        var cover = model()
        _ = cover.update(.readFailed("no server"), now: 0)
        #expect(screen(cover)[21].contains("The exam store cannot be reached now (no server); still trying."))
        _ = cover.update(.readAgain, now: 0)
        #expect(!screen(cover)[21].contains("cannot be reached"))
    }

    @Test func theOpeningAndAStopEndTheWait() {
        var cover = model()
        #expect(cover.update(.opened, now: 0) == [.opened])
        #expect(cover.event(for: .stop(signal: "SIGTERM")).map { cover.update($0, now: 0) } == [.stopped])
        #expect(cover.event(for: .hangup).map { cover.update($0, now: 0) } == [.stopped])
    }

    @Test func theWatcherAsksAfterEachWordOfNewsAndTheLoopEndsWhenTheQuestionsCame() throws {
        let clock = ManualClock()
        let watch = CountingWatch(opensAtAsk: 3)
        let terminal = ScriptedTerminal(
            size: TerminalSize(columns: 80, rows: 24), clock: clock,
            steps: [.screen("Waiting for the proctor"), .until("the third ask") { watch.asks >= 3 }])
        let outcome = CoverApp(
            cover: Self.cover, deliveryKey: "0123456789abcdef", candidate: "c-1", language: .english,
            accessibility: AccessibilitySettings(), terminal: terminal, watch: watch, clock: clock
        ).run()
        #expect(terminal.failure == nil)
        #expect(outcome == .opened)
        #expect(watch.asks == 3)
        #expect(watch.waits == 2)
    }

    @Test func leavingInterruptsTheWatchersWait() throws {
        let clock = ManualClock()
        let watch = CountingWatch(opensAtAsk: nil)
        let terminal = ScriptedTerminal(
            size: TerminalSize(columns: 80, rows: 24), clock: clock,
            steps: [.screen("Waiting for the proctor"), .key(.escape)])
        let started = ContinuousClock.now
        let outcome = CoverApp(
            cover: Self.cover, deliveryKey: "0123456789abcdef", candidate: "c-1", language: .english,
            accessibility: AccessibilitySettings(), terminal: terminal, watch: watch, clock: clock
        ).run()
        #expect(outcome == .left)
        // The watcher's one-second wait was cut short: run returns at once.
        #expect(ContinuousClock.now - started < .milliseconds(900))
        #expect(watch.interrupted)
    }
}

/// A store whose sitting opens at the `opensAtAsk`th question (never when nil); its waits
/// for news last up to the time asked unless interrupted.
private final class CountingWatch: OpeningWatch, Sendable {
    private let state = Mutex((asks: 0, waits: 0, interrupted: false))
    private let opensAtAsk: Int?
    private let wake = DispatchSemaphore(value: 0)

    init(opensAtAsk: Int?) { self.opensAtAsk = opensAtAsk }

    var asks: Int { state.withLock { $0.asks } }
    var waits: Int { state.withLock { $0.waits } }
    var interrupted: Bool { state.withLock { $0.interrupted } }

    func questionsArrived() throws -> Bool {
        let asks = state.withLock { state in
            state.asks += 1
            return state.asks
        }
        return asks == opensAtAsk
    }

    func waitForNews(milliseconds: Int) -> Bool {
        state.withLock { $0.waits += 1 }
        // News comes at once while the sitting is about to open; otherwise the wait runs its time.
        if opensAtAsk != nil { return true }
        return wake.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
    }

    func interrupt() {
        state.withLock { $0.interrupted = true }
        wake.signal()
    }
}
