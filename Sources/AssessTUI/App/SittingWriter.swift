import AssessCore
import AssessExam
import Foundation

/// Carries out the flow's effects that touch the disk or the engine — the lock, the
/// attempt, answers, progress, the event log, submission — one at a time in the order
/// they were asked, on a task of its own, so that no keystroke waits for a save. Each
/// result goes back to the run loop through the inbox as a ``FlowEvent``.
final class SittingWriter: Sendable {
    private let queue: AsyncStream<FlowEffect>.Continuation
    private let worker: Task<Void, Never>

    /// What the writer needs; everything it touches is here.
    struct Context: Sendable {
        let session: AssessmentSession
        let recorder: any SittingRecorder
        let clock: any Clock
        let exam: Exam
        let candidate: String
        let practice: Bool
        /// The proctor's settings the attempt starts with, unless the launch screen hands over others.
        let settings: LaunchSettings
        let startEvents: [SessionEvent]
        let inbox: ProgramInbox<FlowEvent>
        /// Where the proctor's commands are acknowledged, when the monitor can send them.
        let commands: (any SeatCommandLink)?
        /// The typing journal, when the sitting keeps one.
        let journal: SittingJournal?
        /// The interface language, whose form the receipt's time takes.
        let language: InterfaceLanguage
    }

    init(_ context: Context) {
        let (stream, queue) = AsyncStream.makeStream(of: FlowEffect.self, bufferingPolicy: .unbounded)
        self.queue = queue
        // On the engine's own thread: the writer never waits for Swift's shared pool.
        worker = Task(executorPreference: context.session.executor) {
            var state = WriterState(context: context)
            for await effect in stream {
                await state.perform(effect)
            }
        }
    }

    /// Queues `effect` behind the ones before it; returns at once.
    func enqueue(_ effect: FlowEffect) {
        queue.yield(effect)
    }

    /// Waits until every queued effect is done. Nothing may be queued after.
    func drain() async {
        queue.finish()
        await worker.value
    }
}

/// The writer's side: what it has learnt (the attempt's id) and how each effect is done.
private struct WriterState {
    let context: Context
    private var attemptID: String?
    private var settings: LaunchSettings
    private var startEvents: [SessionEvent]
    /// Whether the flow was last told that writes wait on this terminal.
    private var toldWaiting = false

    typealias Context = SittingWriter.Context

    init(context: Context) {
        self.context = context
        settings = context.settings
        startEvents = context.startEvents
    }

    private var session: AssessmentSession { context.session }
    private var recorder: any SittingRecorder { context.recorder }

    mutating func perform(_ effect: FlowEffect) async {
        await carryOut(effect)
        reportDelivery()
    }

    /// Tells the flow when writes begin or stop waiting on this terminal for the server.
    private mutating func reportDelivery() {
        guard let recorder = recorder as? any DeliveringRecorder else { return }
        let waiting = recorder.waitingForServer() > 0
        guard waiting != toldWaiting else { return }
        toldWaiting = waiting
        context.inbox.post(.savedOnThisTerminal(waiting))
    }

    private mutating func carryOut(_ effect: FlowEffect) async {
        switch effect {
        case .handOver(let chosen, let log):
            settings = chosen
            startEvents += log
            await session.proctorTurnsOff(chosen.disabledSuggestions)
        case .begin:
            await begin()
        case .save(let batch):
            await save(batch)
        case .log(let event):
            await session.record(event)
        case .setSuggestion(let feature, let on):
            await session.requestSuggestion(feature, on: on)
            context.inbox.post(.suggestionsChanged(await session.suggestions))
        case .submit(let reason, let saving, let responses):
            await submit(reason, saving: saving, responses: responses)
        case .allowedTimeChanged(let seconds):
            guard let attemptID else { return }
            do {
                try recorder.updateSecondsAllowed(attemptID: attemptID, seconds: seconds)
            } catch {
                context.inbox.post(.allowedTimeNotStored(String(describing: error)))
            }
        case .interrupt(let reason, let saving):
            await save(saving)
            await session.record(.sessionInterrupted(reason: reason))
            _ = await session.requestLock(false)
            context.inbox.post(.released(abortStored: false))
        case .abort(let reason, let saving):
            await save(saving)
            await session.record(.proctor(.aborted(attemptID: attemptID ?? "none", reason: reason)))
            var stored = attemptID == nil
            if let attemptID {
                stored =
                    (try? recorder.finish(attemptID: attemptID, as: .aborted, receipt: nil, at: context.clock.now))
                    != nil
            }
            if stored { context.journal?.remove() }
            _ = await session.requestLock(false)
            context.inbox.post(.released(abortStored: stored))
        case .deliver:
            _ = (recorder as? any DeliveringRecorder)?.deliverToServer()
        case .acknowledgeCommand(let id):
            // A failed acknowledgement leaves it pending on the monitor; this sitting
            // does not carry it out twice (the poller posts each command once).
            try? context.commands?.acknowledge(id)
        case .consent, .verifyPassword, .checkStartCode, .runSamples, .exit:
            // The run loop answers these itself; they never reach the writer.
            break
        }
    }

    /// Takes the lock (the engine asks consent through the flow) or starts practice,
    /// then the attempt.
    private mutating func begin() async {
        if !context.practice, case .failed(let reason) = await session.requestLock(true) {
            context.inbox.post(.lockRefused(reason))
            return
        }
        do {
            let id = try recorder.startAttempt(practice: context.practice, settings: settings)
            attemptID = id
            // Before the flow hears of the attempt, and so before any key's edits.
            context.journal?.start(attempt: id)
            await session.record(.examStarted(attemptID: id, examID: context.exam.id, candidate: context.candidate))
            for event in startEvents {
                await session.record(event)
            }
            context.inbox.post(.suggestionsChanged(await session.suggestions))
            context.inbox.post(.attemptStarted(id: id))
        } catch {
            _ = await session.requestLock(false)
            context.inbox.post(.attemptNotStored(String(describing: error)))
        }
    }

    /// Saves each answer of `batch` and logs it; failures go back to the flow to be tried again.
    private func save(_ batch: SaveBatch) async {
        guard let attemptID, !batch.isEmpty else { return }
        var failed: [String] = []
        var problem = ""
        var saved: Set<String> = []
        // The journal holds this save's checkpoint before the store holds its texts.
        if batch.journalMark != nil { context.journal?.flush() }
        for answer in batch.answers {
            do {
                try recorder.save(
                    attemptID: attemptID, questionID: answer.questionID, response: answer.response,
                    flagged: answer.flagged, annotations: answer.annotations)
                saved.insert(answer.questionID)
                await session.record(
                    .answerSaved(
                        questionID: answer.questionID,
                        characters: Self.characterCount(answer.response)))
            } catch {
                failed.append(answer.questionID)
                problem = String(describing: error)
            }
        }
        if let mark = batch.journalMark { context.journal?.saved(mark: mark, questions: saved) }
        if !failed.isEmpty { context.inbox.post(.saveFailed(questionIDs: failed, problem: problem)) }
        if let closing = batch.closesSection {
            // After the section's last answers: the server refuses answers to it from here.
            // The seat has closed it already; a store that refuses only keeps it open there.
            try? recorder.closeSection(
                attemptID: attemptID, section: closing.section, secondsUsed: closing.secondsUsed)
        }
        if let progress = batch.progress {
            // A failure here costs at most a few seconds of accounting after a crash; the
            // next save tries again.
            try? recorder.updateProgress(
                attemptID: attemptID, secondsUsed: progress.secondsUsed,
                currentQuestion: progress.currentQuestion, breaksTaken: progress.breaksTaken)
        }
    }

    private static func characterCount(_ response: Response?) -> Int {
        switch response {
        case .shortText(let text), .numeric(let text), .essay(let text): return text.count
        case nil: return 0
        default: return 1
        }
    }

    private mutating func submit(_ reason: SubmissionReason, saving: SaveBatch, responses: [String: Response]) async {
        // The engine ends an expired lock itself, and logs why.
        if reason == .lockExpired { _ = await session.checkExpiry() }
        await save(saving)
        // Whole seconds: the receipt is computed from them, and the store keeps
        // milliseconds rounded to the nearest, which could otherwise cross a second.
        let submittedAt = Date(timeIntervalSince1970: context.clock.now.timeIntervalSince1970.rounded(.down))
        let id = attemptID ?? "none"
        // Every record so far is on disk (the engine logs before it returns): the receipt
        // covers the log up to its newest record.
        let chainHead = try? recorder.chainHead()
        let code = Receipt.code(
            examKey: context.exam.examKey, attemptID: id, responses: responses, submittedAt: submittedAt,
            chainHead: chainHead ?? nil)
        var problem: String?
        do {
            try recorder.finish(attemptID: id, as: reason.end, receipt: code, at: submittedAt)
            // Every answer is in the store and the attempt is over: nothing left to replay.
            context.journal?.remove()
        } catch {
            problem = String(describing: error)
        }
        await session.record(.examSubmitted(attemptID: id, receipt: code, reason: reason, chainHead: chainHead ?? nil))
        _ = await session.requestLock(false)
        // The receipt says whether the submission waits on this terminal.
        reportDelivery()
        context.inbox.post(
            .submitted(
                ReceiptInfo(
                    code: code, submittedAt: ReceiptTime.text(submittedAt, in: context.language), reason: reason),
                problem: problem))
    }
}
