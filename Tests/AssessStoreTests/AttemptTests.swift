import AssessCore
import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// Attempts and responses as the exam-taking flow uses them, the same for every backend.
@Suite struct AttemptTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Starts an attempt of the algebra exam for candidate c-17.
    private func startAlgebra(in database: any ExamStore, candidate: String = "c-17", practice: Bool = false) throws
        -> Attempt
    {
        try database.startAttempt(
            examID: "algebra", examKey: "key-1", candidate: candidate,
            secondsAllowed: 3600, isPractice: practice, at: start)
    }

    @Test(arguments: StoreBackend.allCases)
    func startedAttemptIsInProgressWithARandomIDAndNoTimeUsed(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        #expect(UUID(uuidString: attempt.id) != nil)
        #expect(attempt.status == .inProgress)
        #expect(attempt.examID == "algebra")
        #expect(attempt.examKey == "key-1")
        #expect(attempt.candidate == "c-17")
        #expect(attempt.secondsAllowed == 3600)
        #expect(attempt.secondsUsed == 0)
        #expect(attempt.endedAt == nil)
        #expect(attempt.receipt == nil)
        #expect(attempt.isPractice == false)
        #expect(try database.attempt(attempt.id) == attempt)
        #expect(try startAlgebra(in: database, candidate: "c-18").id != attempt.id)
    }

    @Test(arguments: StoreBackend.allCases)
    func secondAttemptIsRefusedWhileOneIsInProgress(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let first = try startAlgebra(in: database)
        #expect(throws: StoreError.attemptAlreadyInProgress(id: first.id)) { try startAlgebra(in: database) }
        try database.finishAttempt(id: first.id, status: .submitted, receipt: "R-1", at: start)
        try database.allowNewAttempt(exam: "algebra", candidate: "c-17")
        #expect(try startAlgebra(in: database).id != first.id)
    }

    /// On one machine the store itself refuses a candidate's second attempt (practice
    /// aside) until a proctor allows one, and each allowance starts one attempt; on a
    /// lab's server the same rule is the server's for a seat's role (`ServerDecidesTests`).
    @Test(arguments: [StoreBackend.sqlite, .sqliteFile])
    func anAttemptThatEndedBlocksAnotherUntilAProctorAllowsOne(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let first = try startAlgebra(in: database)
        try database.finishAttempt(id: first.id, status: .interrupted, receipt: nil, at: start)
        #expect(throws: StoreError.earlierAttempt(id: first.id, status: .interrupted)) {
            try startAlgebra(in: database)
        }
        // Practice and other candidates are not held back.
        let practice = try startAlgebra(in: database, practice: true)
        try database.finishAttempt(id: practice.id, status: .aborted, receipt: nil, at: start)
        _ = try startAlgebra(in: database, candidate: "c-18")

        try database.allowNewAttempt(exam: "algebra", candidate: "c-17")
        let second = try startAlgebra(in: database)
        try database.finishAttempt(id: second.id, status: .submitted, receipt: "R-2", at: start)
        #expect(throws: StoreError.earlierAttempt(id: second.id, status: .submitted)) {
            try startAlgebra(in: database)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func inProgressAttemptIsFoundForResuming(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        #expect(try database.inProgressAttempt(exam: "algebra", candidate: "c-17") == nil)
        let attempt = try startAlgebra(in: database)
        #expect(try database.inProgressAttempt(exam: "algebra", candidate: "c-17") == attempt)
        #expect(try database.inProgressAttempt(exam: "algebra", candidate: "c-99") == nil)
    }

    @Test(arguments: StoreBackend.allCases)
    func savedResponseReadsBackWithItsFlag(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        let saved = try database.saveResponse(
            attempt: attempt.id, question: "q2", value: #"{"choice":"b"}"#, flagged: true, at: start)
        try database.saveResponse(
            attempt: attempt.id, question: "q1", value: #"{"text":"x = 3"}"#, flagged: false, at: start)
        let responses = try database.responses(for: attempt.id)
        #expect(responses.map(\.questionID) == ["q1", "q2"])
        #expect(responses[1] == saved)
        #expect(saved.value == #"{"choice":"b"}"#)
        #expect(saved.flagged)
    }

    @Test(arguments: StoreBackend.allCases)
    func annotationsReadBackWithTheResponseAndTheNextSaveStatesThemAgain(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        let saved = try database.saveResponse(
            attempt: attempt.id, question: "q2", value: "null", flagged: false, annotations: #"{"struck":[0,2]}"#,
            at: start)
        #expect(saved.annotations == #"{"struck":[0,2]}"#)
        #expect(try database.responses(for: attempt.id) == [saved])
        // Each save carries the whole state: one without annotations leaves none.
        try database.saveResponse(
            attempt: attempt.id, question: "q2", value: "null", flagged: false, at: start.addingTimeInterval(1))
        #expect(try database.responses(for: attempt.id).map(\.annotations) == [nil])
    }

    @Test(arguments: StoreBackend.allCases)
    func savingAgainReplacesTheResponseAndKeepsAVersionEveryHalfMinute(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        for (index, text) in ["x", "x =", "x = 3"].enumerated() {
            try database.saveResponse(
                attempt: attempt.id, question: "q1", value: #"{"text":"\#(text)"}"#, flagged: false,
                at: start.addingTimeInterval(Double(index) * ResponseHistory.interval))
        }
        try database.saveResponse(attempt: attempt.id, question: "q2", value: "null", flagged: true, at: start)

        #expect(try database.responses(for: attempt.id).map(\.value) == [#"{"text":"x = 3"}"#, "null"])
        let history = try database.responseHistory(for: attempt.id, question: "q1")
        #expect(history.map(\.value) == [#"{"text":"x"}"#, #"{"text":"x ="}"#, #"{"text":"x = 3"}"#])
        #expect(history.map(\.savedAt) == history.map(\.savedAt).sorted())
        #expect(try database.responseHistory(for: attempt.id).count == 4)
    }

    @Test(arguments: StoreBackend.allCases)
    func responsesOfOneAttemptStayApartFromAnother(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let first = try startAlgebra(in: database, candidate: "c-1")
        let second = try startAlgebra(in: database, candidate: "c-2")
        try database.saveResponse(attempt: first.id, question: "q1", value: "1", flagged: false, at: start)
        try database.saveResponse(attempt: second.id, question: "q1", value: "2", flagged: false, at: start)
        #expect(try database.responses(for: first.id).map(\.value) == ["1"])
        #expect(try database.responses(for: second.id).map(\.value) == ["2"])
    }

    @Test(arguments: StoreBackend.allCases)
    func savingToAnUnknownAttemptIsRefused(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        #expect(throws: StoreError.unknownAttempt("nope")) {
            try database.saveResponse(attempt: "nope", question: "q1", value: "1", flagged: false, at: start)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func finishedAttemptAcceptsNoMoreResponsesOrTime(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        try database.saveResponse(attempt: attempt.id, question: "q1", value: "1", flagged: false, at: start)
        try database.finishAttempt(id: attempt.id, status: .timedOut, receipt: nil, at: start)
        let refusal = StoreError.attemptNotInProgress(id: attempt.id, status: .timedOut)
        #expect(throws: refusal) {
            try database.saveResponse(attempt: attempt.id, question: "q1", value: "2", flagged: false, at: start)
        }
        #expect(throws: refusal) {
            try database.updateProgress(
                attempt: attempt.id, secondsUsed: 10, currentQuestion: 0, breaksTaken: 0, at: start)
        }
        #expect(throws: refusal) { try database.updateSecondsAllowed(attempt: attempt.id, seconds: 10) }
        #expect(throws: refusal) {
            try database.finishAttempt(id: attempt.id, status: .submitted, receipt: "R", at: start)
        }
        #expect(try database.responses(for: attempt.id).map(\.value) == ["1"])
    }

    @Test(arguments: StoreBackend.allCases)
    func finishingRecordsStatusReceiptAndEndTime(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        let end = start.addingTimeInterval(1800)
        let finished = try database.finishAttempt(id: attempt.id, status: .submitted, receipt: "R-7F3A", at: end)
        #expect(finished.status == .submitted)
        #expect(finished.receipt == "R-7F3A")
        #expect(finished.endedAt.map { abs($0.timeIntervalSince(end)) < 0.001 } == true)
        #expect(try database.attempt(attempt.id) == finished)
    }

    @Test(arguments: StoreBackend.allCases)
    func finishingAsInProgressIsRefused(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        #expect(throws: StoreError.notAFinishingStatus(.inProgress)) {
            try database.finishAttempt(id: attempt.id, status: .inProgress, receipt: nil, at: start)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func progressAndResponsesSurviveReopeningTheDatabase(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        try database.saveResponse(attempt: attempt.id, question: "q1", value: "42", flagged: true, at: start)
        let alive = start.addingTimeInterval(754)
        try database.updateProgress(
            attempt: attempt.id, secondsUsed: 754, currentQuestion: 3, breaksTaken: 1, at: alive)
        try database.updateSecondsAllowed(attempt: attempt.id, seconds: 5400)

        let reopened = try opened.reopen()
        let resumed = try #require(try reopened.inProgressAttempt(exam: "algebra", candidate: "c-17"))
        #expect(resumed.secondsUsed == 754)
        #expect(resumed.currentQuestion == 3)
        #expect(resumed.breaksTaken == 1)
        #expect(resumed.secondsAllowed == 5400)
        #expect(resumed.lastActiveAt.map { abs($0.timeIntervalSince(alive)) < 0.001 } == true)
        #expect(try reopened.responses(for: resumed.id).map(\.value) == ["42"])
    }

    @Test(arguments: StoreBackend.allCases)
    func attemptsAreListedOldestFirstAndNarrowedByExamCandidateAndStatus(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let first = try database.startAttempt(
            examID: "algebra", examKey: "k", candidate: "c-1", secondsAllowed: nil, at: start)
        let second = try database.startAttempt(
            examID: "algebra", examKey: "k", candidate: "c-2", secondsAllowed: nil, isPractice: true,
            at: start.addingTimeInterval(60))
        let third = try database.startAttempt(
            examID: "physics", examKey: "k", candidate: "c-1", secondsAllowed: 600, at: start.addingTimeInterval(120))
        try database.finishAttempt(id: second.id, status: .aborted, receipt: nil, at: start)

        #expect(try database.attempts().map(\.id) == [first.id, second.id, third.id])
        #expect(try database.attempts(exam: "algebra").map(\.id) == [first.id, second.id])
        #expect(try database.attempts(candidate: "c-1").map(\.id) == [first.id, third.id])
        #expect(try database.attempts(status: .inProgress).map(\.id) == [first.id, third.id])
        #expect(try database.attempts(exam: "algebra", status: .aborted).map(\.isPractice) == [true])
    }

    @Test(arguments: StoreBackend.allCases)
    func savingAResponseWritesNothingToTheEventLog(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let log = EventStore(database: database)
        let attempt = try startAlgebra(in: database)
        log.currentAttempt = attempt.id
        try log.append(
            .answerSaved(questionID: "q1", characters: 19), at: EventTime(wall: start, monotonicNanoseconds: 1))
        try database.saveResponse(
            attempt: attempt.id, question: "q1", value: #"{"text":"secret answer text"}"#, flagged: false, at: start)

        let events = try log.events()
        #expect(events.count == 1)
        #expect(!events.contains { $0.event.details.values.contains { $0.contains("secret") } })
    }

    @Test(arguments: StoreBackend.allCases)
    func saveResponseTakesAFewMillisecondsWithFsync(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        var durations: [Duration] = []
        let clock = ContinuousClock()
        for index in 1...100 {
            durations.append(
                try clock.measure {
                    try database.saveResponse(
                        attempt: attempt.id, question: "q\(index % 10)", value: #"{"text":"draft \#(index)"}"#,
                        flagged: false, at: start)
                })
        }
        let median = durations.sorted()[durations.count / 2]
        print("\(backend) saveResponse median over \(durations.count) saves: \(median)")
        #expect(try database.responseHistory(for: attempt.id).count == 10)
    }

    @Test(arguments: StoreBackend.allCases)
    func savesWithinHalfAMinuteReplaceTheLastVersionAndTheNewestIsAlwaysKept(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        for second in 0..<65 {
            try database.saveResponse(
                attempt: attempt.id, question: "essay", value: #"{"text":"\#(second)"}"#,
                flagged: false, at: start.addingTimeInterval(Double(second)))
        }
        let history = try database.responseHistory(for: attempt.id, question: "essay")
        // Versions begun at 0, 30 and 60 s, each holding the last text saved before the next began.
        #expect(history.map(\.value) == [#"{"text":"29"}"#, #"{"text":"59"}"#, #"{"text":"64"}"#])
        #expect(history.map { $0.savedAt.timeIntervalSince(start).rounded() } == [0, 30, 60])
        #expect(try database.responses(for: attempt.id).first?.value == #"{"text":"64"}"#)
    }

    @Test(arguments: StoreBackend.allCases)
    func startingAnAttemptRecordsTheCandidateOnceAndKeepsTheSettings(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let first = try database.startAttempt(
            examID: "algebra", examKey: "k", candidate: "c-17", secondsAllowed: 60,
            settings: #"{"extraTime":"x"}"#, at: start)
        try database.finishAttempt(id: first.id, status: .submitted, receipt: "R", at: start)
        try database.allowNewAttempt(exam: "algebra", candidate: "c-17")
        _ = try database.startAttempt(examID: "algebra", examKey: "k", candidate: "c-17", secondsAllowed: 60, at: start)
        _ = try database.startAttempt(examID: "algebra", examKey: "k", candidate: "b-02", secondsAllowed: 60, at: start)
        #expect(try database.candidates() == ["b-02", "c-17"])
        #expect(try database.attempt(first.id)?.settings == #"{"extraTime":"x"}"#)
        #expect(try database.attempt(withReceipt: "R")?.id == first.id)
        #expect(try database.attempt(withReceipt: "nope") == nil)
    }

    /// The launch settings kept with an attempt carry the language it started in (for
    /// `resume`), read back alike from every store; a row stored before they did still loads.
    @Test(arguments: StoreBackend.allCases)
    func theLanguageKeptWithTheSettingsReadsBackAndAnOldRowWithoutItStillLoads(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let kept = LaunchSettings(extraTime: .minutes(15), language: .japanese)
        let new = try database.startAttempt(
            examID: "algebra", examKey: "k", candidate: "c-17", secondsAllowed: 60,
            settings: kept.json, at: start)
        let old = try database.startAttempt(
            examID: "algebra", examKey: "k", candidate: "c-18", secondsAllowed: 60,
            settings: LaunchSettings(extraTime: .minutes(15)).json, at: start)
        let newSettings = try #require(try database.attempt(new.id)).settings
        let oldSettings = try #require(try database.attempt(old.id)).settings
        #expect(LaunchSettings(json: newSettings) == kept)
        #expect(!oldSettings.contains("language"))
        #expect(LaunchSettings(json: oldSettings) == LaunchSettings(extraTime: .minutes(15)))
    }

    @Test(arguments: StoreBackend.allCases)
    func resultsAreKeptPerAttemptAndReplacedWhenScoredAgain(backend: StoreBackend) throws {
        let opened = try backend.open()
        let database = opened.store
        let attempt = try startAlgebra(in: database)
        let result = StoredResult(
            attemptID: attempt.id, examKey: "k", awarded: 3, maximum: 5,
            awaitingManualMarking: 1, computedAt: start)
        try database.saveResult(result)
        var again = result
        again.awarded = 4
        try database.saveResult(again)
        #expect(try database.result(for: attempt.id)?.awarded == 4)
        #expect(throws: StoreError.unknownAttempt("missing")) {
            try database.saveResult(
                StoredResult(
                    attemptID: "missing", examKey: "k", awarded: 0, maximum: 1,
                    awaitingManualMarking: 0, computedAt: start))
        }
    }
}
