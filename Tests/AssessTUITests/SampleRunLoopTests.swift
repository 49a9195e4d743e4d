import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Synchronization
import Testing

@testable import AssessTUI

/// A sample run on the real loop: the run goes to a thread of its own, so the student's
/// keys are echoed at once while it runs, and its outcome comes back to the panel.
@Suite("Sample runs on the sitting's loop")
struct SampleRunLoopTests {
    /// Counts runs in memory, as the store would.
    final class Counter: SampleRunCounter {
        let taken = Mutex(0)
        func takeSampleRun(attemptID: String, questionID: String, codeHash: String, allowed: Int)
            throws(SampleRunRefusal) -> Int
        {
            try taken.withLock { (taken: inout Int) throws(SampleRunRefusal) -> Int in
                guard taken < allowed else { throw .noneLeft }
                taken += 1
                return taken
            }
        }
    }

    /// Takes `seconds` per run, like a sandbox that starts slowly, and passes every sample.
    final class SlowRunner: SampleRunner {
        let seconds: Double
        let finished = Mutex<ContinuousClock.Instant?>(nil)
        /// The nice value of the thread the run was made on.
        let nice = Mutex<Int32?>(nil)
        init(seconds: Double) { self.seconds = seconds }
        func runSamples(of question: CodeQuestion, code: String) throws -> [SampleOutcome] {
            nice.withLock { $0 = ThreadPriority.callingThreadNice }
            Thread.sleep(forTimeInterval: seconds)
            finished.withLock { $0 = .now }
            return question.samples.map { _ in SampleOutcome(verdict: .passed, output: "", seconds: seconds) }
        }
    }

    /// ... and the run is made below the loop's priority, so the programs it starts are too.
    @Test func keysAreEchoedAtOnceWhileARunIsUnderWay() async {
        let loopNice = ThreadPriority.callingThreadNice
        let exam = SampleRunTests.exam(runs: 2)
        let consent = FlowConsentPrompt()
        let harness = SessionHarness(
            exam: ExamDescriptor(
                examID: exam.id, examKey: exam.examKey, title: exam.title, candidate: "c-1",
                allowedSuggestions: exam.suggestions),
            prompt: consent)
        let runner = SlowRunner(seconds: 1.5)
        var typing: [ScriptedTerminal.Step] = []
        for character in "print(1)" { typing += [.key(.character(character)), .wait(seconds: 0.1)] }
        let terminal = ScriptedTerminal(
            clock: harness.clock,
            steps: [
                .screen("Exam key"), .key(.enter), .screen("Lock this terminal"), .key(.character("y")),
                .screen("locked"), .key(.enter), .screen("Question 1 of"), .key(.control("g")),
                .screen("Running your program"),
            ] + typing + [.screen("Run 1: 2 of 2 examples passed. Runs left: 1"), .hangUp],
            timeout: .seconds(10))
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        let flow = ExamFlow(sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8)
        let app = ExamApp(
            flow: flow, terminal: terminal, session: harness.session, consent: consent,
            recorder: InMemorySittingRecorder(), clock: harness.clock, proctorPassword: nil,
            sampleRuns: (Counter(), runner))
        _ = await app.run()
        if let failure = terminal.failure { Issue.record("\(failure)") }
        // Every key typed was drawn at once, and all of them before the run ended.
        let keys = terminal.keyTimes.suffix(8)
        #expect(keys.count == 8)
        // A third of the run's 1.5 s: a key that waited for the run fails it, while the whole
        // suite's load on two cores (frames seen 265 ms late) does not; echo itself is timed
        // by Benchmarks/run.
        for key in keys {
            let frame = terminal.frameTimes.first { $0 > key }
            #expect(
                frame.map { $0 - key < .milliseconds(500) } == true,
                "a frame came \(frame.map { $0 - key } ?? .zero) after a key")
        }
        #expect(runner.nice.withLock { $0 } == min(19, loopNice + ThreadPriority.besideTyping))
        let ended = runner.finished.withLock { $0 }
        #expect(ended.map { end in keys.allSatisfy { $0 < end } } == true)
    }
}
