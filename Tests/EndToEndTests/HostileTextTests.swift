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
        let result = try SubprocessCommandRunner().run(
            "env",
            [
                "LANG=C.UTF-8", "ASSESS_DATA_DIR=\(scratch.file("data"))", "ASSESS_LOCK_DIR=\(scratch.file("lock"))",
                "ASSESS_POLICY=\(scratch.file("policy.yaml"))", try BuiltProducts.path(of: "assess"),
            ] + arguments, timeoutSeconds: 30)
        return (result.standardOutput + result.standardError, result.exitStatus)
    }

    /// True when `text` holds no control character but line breaks and tabs.
    func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }
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
        let finished = try database.startAttempt(
            examID: examID, examKey: exam.examKey, candidate: "c-1",
            secondsAllowed: 300, at: submittedAt)
        let receipt = Receipt.code(
            examKey: exam.examKey, attemptID: finished.id, responses: [:], submittedAt: submittedAt,
            chainHead: nil)
        _ = try database.finishAttempt(id: finished.id, status: .submitted, receipt: receipt, at: submittedAt)
        _ = try database.startAttempt(
            examID: examID, examKey: exam.examKey, candidate: "c-2", secondsAllowed: 300, at: Date())
        let events = EventStore(database: database)
        try events.append(
            .sessionInterrupted(reason: Self.hostile), at: EventTime(wall: Date(), monotonicNanoseconds: 1))

        for arguments in [
            ["status"], ["log"], ["results", examPath], ["results", examPath, "--csv"], ["verify", receipt],
            ["verify", "\u{1B}[2J"], ["log", "--attempt", "\u{1B}]52;c;aGk=\u{07}"],
        ] {
            let result = try assess(arguments)
            #expect(result.status != 78, "\(result.output)")
            #expect(isInert(result.output), "assess \(arguments): \(result.output.debugDescription)")
        }
        #expect(try assess(["status"]).output.contains("exam evil^[[2J"))
        #expect(try assess(["log"]).output.contains("reason=" + Self.shown))
        #expect(try assess(["verify", receipt]).output.contains("evil^[[2J"))
    }

    /// True when `text` holds no bidirectional control (see `VisibleText.bidiControls`).
    func hasNoBidiControl(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: VisibleText.isBidiControl)
    }

    /// An exam whose title, prompt and choices carry right-to-left overrides and isolates:
    /// "fdp.exe" after U+202E reads as "exe.pdf".
    func writeBidiExam() throws -> String {
        let path = scratch.file("bidi.yaml")
        try """
        id: bidi
        title: "Quiz \\u202Efdp.exe"
        duration: 5m
        questions:
          - {id: q1, type: essay, prompt: "Open \\u2067the\\u2069 file\\u200F"}
          - {id: q2, type: single-choice, prompt: "Pick \\u202Bone", choices: ["a\\u202Db", "c\\u061Cd"], answer: "c\\u061Cd"}

        """.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func validateShowsBidirectionalControlsVisibly() throws {
        let path = try writeBidiExam()
        let result = try assess(["validate", path])
        #expect(result.status == 0, "\(result.output)")
        #expect(hasNoBidiControl(result.output), "\(result.output.debugDescription)")
        #expect(result.output.contains("Quiz \\u202Efdp.exe"), "\(result.output)")
    }

    @Test func resultsShowBidirectionalControlsVisiblyInEveryFormat() throws {
        let path = try writeBidiExam()
        let database = try SQLiteStore(dataDirectory: URL(fileURLWithPath: scratch.file("data")))
        let exam = try ExamLoader.load(fileAt: path)
        let started = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let attempt = try database.startAttempt(
            examID: "bidi", examKey: exam.examKey, candidate: "c-1", secondsAllowed: 300,
            at: started)
        try database.saveResponse(
            attempt: attempt.id, question: "q1", value: Response.essay("mine\u{202E}txt.exe").json,
            flagged: false, at: started)
        let receipt = Receipt.code(
            examKey: exam.examKey, attemptID: attempt.id, responses: [:], submittedAt: started, chainHead: nil)
        _ = try database.finishAttempt(id: attempt.id, status: .submitted, receipt: receipt, at: started)

        for arguments in [
            ["results", path], ["results", path, "--csv", "--with-answers"],
            ["results", path, "--json", "--with-answers"],
            ["results", path, "--candidate", "c-1"], ["results", path, "--candidate", "c-1", "--format", "html"],
        ] {
            let result = try assess(arguments)
            #expect(result.status == 0, "assess \(arguments): \(result.output)")
            #expect(hasNoBidiControl(result.output), "assess \(arguments): \(result.output.debugDescription)")
            #expect(isInert(result.output), "assess \(arguments): \(result.output.debugDescription)")
        }
        let report = try assess(["results", path, "--candidate", "c-1"]).output
        #expect(report.contains("Quiz \\u202Efdp.exe"), "\(report)")
        #expect(report.contains("mine\\u202Etxt.exe"), "\(report)")
        #expect(
            try assess(["results", path, "--candidate", "c-1", "--format", "html"]).output.contains(
                "Open \\u2067the\\u2069"))
        // The JSON stays JSON: the escape is JSON's own, and reads back as the character.
        let json = try assess(["results", path, "--json", "--with-answers"]).output
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect("\(decoded)".contains("mine"))
    }

    @Test func importDropsBidirectionalControlsFromTheExamAndItsSummary() throws {
        let bank = scratch.file("bidi.gift")
        let exam = scratch.file("imported.yaml")
        try
            "::Q\u{202E}1:: Which file is safe\u{2067}? {=report\u{202E}fdp.exe ~other}\n\n::Q2:: Sure? {#abc\u{202E}}\n"
            .write(toFile: bank, atomically: false, encoding: .utf8)
        let result = try assess(["import", bank, "-o", exam, "--keep-going"])
        #expect(result.status == 0, "\(result.output)")
        #expect(hasNoBidiControl(result.output), "\(result.output.debugDescription)")
        #expect(result.output.contains("removed 2 control characters"), "\(result.output)")
        // The rejected numerical answer is quoted with its override shown, not sent.
        #expect(result.output.contains("abc\\u202E"), "\(result.output)")
        let yaml = try String(contentsOfFile: exam, encoding: .utf8)
        #expect(hasNoBidiControl(yaml), "\(yaml.debugDescription)")
        #expect(!yaml.contains("202E") && !yaml.contains("2067"), "\(yaml)")
        #expect(yaml.contains("reportfdp.exe"))
    }

    @Test func aCandidateIDOutsideTheDocumentedCharactersIsRefused() throws {
        let result = try assess(["take", examPath, "--candidate", "c\u{1B}[2J"])
        #expect(result.status == 64)
        #expect(isInert(result.output), "\(result.output.debugDescription)")
        #expect(result.output.contains("letters A-Z and a-z, digits, dot, dash and underscore"))
    }
}
