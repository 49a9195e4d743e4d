import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Synchronization
import Testing

@testable import AssessTUI

/// The monitor and the marking desk on the shared program loop: their store calls run off
/// the key thread, so a store that takes 250 ms a call never holds back a key's echo.
@Suite struct ProgramLoopTests {
    /// The frame after each of the keys at `indices` came within half the store's delay,
    /// so a loaded machine's scheduling does not decide the test.
    static func expectEachKeyEchoedPromptly(_ terminal: ScriptedTerminal, keys indices: Range<Int>) {
        #expect(terminal.keyTimes.count >= indices.upperBound)
        for key in terminal.keyTimes[indices.clamped(to: terminal.keyTimes.indices)] {
            let frame = terminal.frameTimes.first { $0 > key }
            #expect(
                frame.map { $0 - key < .milliseconds(125) } == true,
                "a frame came \(frame.map { $0 - key } ?? .zero) after a key")
        }
    }

    @Test func aSlowStoreNeverDelaysTheMonitorsEcho() {
        let clock = ManualClock()
        let source = SlowMonitorSource(seats: MonitorTests.room(12), delay: 0.25)
        // The room changes all the time: a read is always due, and each takes 250 ms.
        let terminal = ScriptedTerminal(
            clock: clock,
            steps: [
                .screen("c-011"), .key(.character("/")), .type("c-01"), .screen("find: c-01"), .key(.enter),
                .key(.character("q")),
            ])
        let model = MonitorModel(exams: ["algebra"], lostAfter: 30, questionCounts: ["algebra": 12])
        MonitorApp(model: model, terminal: terminal, source: source, clock: clock).run()
        #expect(terminal.failure == nil)
        Self.expectEachKeyEchoedPromptly(terminal, keys: 0..<5)
        #expect(source.reads.withLock { $0 } >= 1)
    }

    @Test func aSlowStoreNeverDelaysTheMarkingDesksEcho() {
        let clock = ManualClock()
        // Enter sends the mark to a store that takes 250 ms; the keys after it are drawn at once.
        let terminal = ScriptedTerminal(
            clock: clock,
            steps: [
                .type("3"), .key(.enter), .key(.tab), .key(.tab), .key(.tab),
                .screen("Saved: 3 points."), .key(.escape),
            ])
        let stored = Mutex<[String]>([])
        let left = MarkingScreen.run(
            MarkingDesk(
                exam: MarkingScreenTests.exam, items: MarkingScreenTests.items(),
                order: .byQuestion), on: terminal, clock: clock
        ) { item, mark in
            Thread.sleep(forTimeInterval: 0.25)
            stored.withLock { $0.append("\(item.attemptID)/\(item.question.id)=\(MarkRules.number(mark.points))") }
        }
        #expect(terminal.failure == nil)
        Self.expectEachKeyEchoedPromptly(terminal, keys: 2..<5)
        #expect(stored.withLock { $0 } == ["a-1/story=3"])
        #expect(left.items.filter { $0.handMark != nil }.count == 1)
    }

    @Test func anEscapeThatCameWithAKeyIsEscapeThenTheKeyAtTheMonitor() {
        let clock = ManualClock()
        // Esc leaves the find field; the `q` that came in the same read quits.
        let terminal = ScriptedTerminal(
            clock: clock,
            steps: [
                .screen("c-011"), .key(.character("/")), .type("c-01"), .screen("find: c-01"),
                .key(.alt(.character("q"))),
            ])
        let source = SlowMonitorSource(seats: MonitorTests.room(12), delay: 0)
        let model = MonitorModel(exams: ["algebra"], lostAfter: 30, questionCounts: ["algebra": 12])
        MonitorApp(model: model, terminal: terminal, source: source, clock: clock).run()
        #expect(terminal.failure == nil)
    }

    @Test func aWorkerRunsJobsInOrderAndAWaitingJobWithTheSameKeyIsReplaced() {
        let worker = SerialWorker(name: "assess test")
        let done = Mutex<[String]>([])
        let gate = DispatchSemaphore(value: 0)
        worker.enqueue { gate.wait() }
        worker.enqueue(key: "read") { done.withLock { $0.append("read 1") } }
        worker.enqueue { done.withLock { $0.append("send") } }
        worker.enqueue(key: "read") { done.withLock { $0.append("read 2") } }
        gate.signal()
        worker.finish()
        #expect(done.withLock { $0 } == ["read 2", "send"])
    }
}

/// A room whose every read takes `delay` seconds and which always says it changed.
final class SlowMonitorSource: MonitorSource {
    let room: [SeatView]
    let delay: TimeInterval
    let reads = Mutex(0)

    init(seats: [SeatView], delay: TimeInterval) {
        room = seats
        self.delay = delay
    }

    func seats() throws -> [SeatView] {
        Thread.sleep(forTimeInterval: delay)
        reads.withLock { $0 += 1 }
        return room
    }

    func timeline(of seat: SeatView) throws -> [MonitorModel.TimelineEntry] { [] }
    func send(_ command: SeatCommandDraft, to seat: MonitorModel.SeatKey) throws {}
    func waitForChange(milliseconds: Int) -> Bool {
        Thread.sleep(forTimeInterval: 0.05)
        return true
    }
    func starts() throws -> [SittingStart] { [] }
    func makeStartCode(exam: String) throws -> String { "ABCD-EFGH-JKLM" }
    func open(exam: String) throws {}
    func reportIncident(_ category: IncidentCategory, note: String, at seat: SeatView) throws {}
}
