import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// Text from exam files, the store and the command line never reaches the proctor's
/// terminal as an escape sequence: every command prints control characters visibly.
@Suite("Control characters in what the commands print", .ownThread)
struct HostileTextTests {
    /// OSC 52 "set the clipboard to `hi`" and "clear the screen", as a title would carry them.
    static let hostile = "Quiz\u{1B}]52;c;aGk=\u{07}\u{1B}[2J"
    static let shown = "Quiz^[]52;c;aGk=^G^[[2J"

    /// A data directory and an exam whose id and title carry the escapes.
    let scratch: TemporaryDirectory
    let examPath: String
    let examID = "evil\u{1B}[2J"

    init() throws {
        scratch = try TemporaryDirectory("assess-e2e-hostile")
        examPath = scratch.file("hostile.yaml")
        try "# the built-in settings\n".write(toFile: scratch.file("policy.yaml"), atomically: false, encoding: .utf8)
        try """
            id: "evil\\e[2J"
            title: "Quiz\\e]52;c;aGk=\\a\\e[2J"
            duration: 5m
            questions: [{id: q1, type: true-false, prompt: P, answer: true}]

            """.write(toFile: examPath, atomically: false, encoding: .utf8)
    }

    /// Runs `assess ARGUMENTS` with this test's data directory; its output and status.
    func assess(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let result = try SubprocessCommandRunner().run("env", [
            "LANG=C.UTF-8", "ASSESS_DATA_DIR=\(scratch.file("data"))", "ASSESS_LOCK_DIR=\(scratch.file("lock"))",
            "ASSESS_POLICY=\(scratch.file("policy.yaml"))", try BuiltProducts.path(of: "assess"),
        ] + arguments, timeoutSeconds: 30)
        return (result.standardOutput + result.standardError, result.exitStatus)
    }

    /// True when `text` holds no control character but line breaks and tabs.
    func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func validateShowsTheTitleVisibly() throws {
        let result = try assess(["validate", examPath])
        #expect(result.status == 0)
        #expect(isInert(result.output), "\(result.output.debugDescription)")
        #expect(result.output.contains(Self.shown))
    }

    @Test func validateShowsAnUnknownKeyVisibly() throws {
        let path = scratch.file("broken.yaml")
        try "id: x\ntitle: X\nduration: 5m\n\"k\\e[2J\": 1\nquestions: [{id: a, type: essay, prompt: P}]\n"
            .write(toFile: path, atomically: false, encoding: .utf8)
        let result = try assess(["validate", path])
        #expect(result.status == 65)
        #expect(isInert(result.output), "\(result.output.debugDescription)")
        #expect(result.output.contains("unknown key \"k^[[2J\""))
    }

    @Test func statusLogResultsAndVerifyShowStoredTextVisibly() throws {
        let database = try SQLiteStore(dataDirectory: URL(fileURLWithPath: scratch.file("data")))
        let exam = try ExamLoader.load(fileAt: examPath)
        let submittedAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let finished = try database.startAttempt(examID: examID, examKey: exam.examKey, candidate: "c-1",
                                                 secondsAllowed: 300, at: submittedAt)
        let receipt = Receipt.code(examKey: exam.examKey, attemptID: finished.id, responses: [:], submittedAt: submittedAt,
                                   chainHead: nil)
        _ = try database.finishAttempt(id: finished.id, status: .submitted, receipt: receipt, at: submittedAt)
        _ = try database.startAttempt(examID: examID, examKey: exam.examKey, candidate: "c-2", secondsAllowed: 300, at: Date())
        let events = EventStore(database: database)
        try events.append(.sessionInterrupted(reason: Self.hostile), at: EventTime(wall: Date(), monotonicNanoseconds: 1))

        for arguments in [["status"], ["log"], ["results", examPath], ["results", examPath, "--csv"], ["verify", receipt],
                          ["verify", "\u{1B}[2J"], ["log", "--attempt", "\u{1B}]52;c;aGk=\u{07}"]] {
            let result = try assess(arguments)
            #expect(result.status != 78, "\(result.output)")
            #expect(isInert(result.output), "assess \(arguments): \(result.output.debugDescription)")
        }
        #expect(try assess(["status"]).output.contains("exam evil^[[2J"))
        #expect(try assess(["log"]).output.contains("reason=" + Self.shown))
        #expect(try assess(["verify", receipt]).output.contains("evil^[[2J"))
    }

    @Test func aCandidateIDOutsideTheDocumentedCharactersIsRefused() throws {
        let result = try assess(["take", examPath, "--candidate", "c\u{1B}[2J"])
        #expect(result.status == 64)
        #expect(isInert(result.output), "\(result.output.debugDescription)")
        #expect(result.output.contains("letters A-Z and a-z, digits, dot, dash and underscore"))
    }
}
