import AssessCore
import AssessTestSupport
import Foundation
import Testing

/// The typing journal's file: what it writes, what a crash leaves of it, compaction, and
/// the replay on top of the store's texts.
struct TypingJournalTests {
    private static func checkpoint(_ question: String, _ text: String, mark: UInt64, kind: TypedAnswerKind = .essay)
        -> TypingRecord
    {
        .checkpoint(question: question, kind: kind, digest: TypingJournal.digest(of: text), mark: mark)
    }

    private static func typed(_ question: String, at start: Int, _ text: String, removing removed: Int = 0)
        -> TypingRecord
    {
        .edit(question: question, TextEdit(start: start, removed: removed, inserted: text))
    }

    /// "Dear " in the store, then "Sir" typed, "r" deleted, "ñ" and "日本" typed.
    private static let essay: [TypingRecord] = [
        checkpoint("q1", "Dear ", mark: 0),
        typed("q1", at: 5, "S"), typed("q1", at: 6, "i"), typed("q1", at: 7, "r"),
        typed("q1", at: 7, "", removing: 1), typed("q1", at: 7, "ñ"), typed("q1", at: 9, "日本"),
    ]

    @Test func theEditsAfterTheStoresTextAreMadeOnItAndTheFileIsTheExamAccountsOnly() throws {
        let scratch = try TemporaryDirectory("assess-typing-journal")
        let folder = scratch.file("data/journal")
        let journal = TypingJournal(directory: folder, attempt: "attempt/1")
        try journal.start()
        try journal.append(Array(Self.essay.prefix(3)))
        try journal.append(Array(Self.essay.dropFirst(3)))
        #expect((journal.path as NSString).lastPathComponent == "typing-attempt%2F1.jsonl")

        let records = TypingJournal.records(at: journal.path)
        #expect(records == Self.essay)
        let newest = TypingJournal.newestTexts(records) { $0 == "q1" ? "Dear " : nil }
        #expect(newest.mapValues(\.text) == ["q1": "Dear Siñ日本"])
        #expect(newest["q1"]?.kind == .essay)

        let file = try FileManager.default.attributesOfItem(atPath: journal.path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: folder)
        #expect((directory[.posixPermissions] as? Int) == 0o700)
        journal.remove()
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }

    /// Every text a student could type (quotes, backslashes, every control character, the
    /// line and paragraph separators, any plane of Unicode) and every question id comes back
    /// from the file as it was written, one record a line.
    @Test func anyTextComesBackFromTheFileAsItWasTyped() throws {
        let scratch = try TemporaryDirectory("assess-typing-journal")
        let journal = TypingJournal(directory: scratch.file("journal"), attempt: "a1")
        try journal.start()
        var random = SplitMix(state: 2026)
        let alphabet: [Unicode.Scalar] =
            (0..<0x20).compactMap(Unicode.Scalar.init) + ["\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "a", " "]
            + ["é", "日", "😀", "\u{10FFFF}", "\u{FEFF}"]
        var written: [TypingRecord] = []
        for index in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.unicodeScalars.append(alphabet.randomElement(using: &random)!)
            }
            let question = index % 3 == 0 ? "q\"\\\(index)" : "q\(index)"
            written.append(
                index % 7 == 0
                    ? .checkpoint(
                        question: question, kind: [.essay, .shortText, .numeric][index % 3],
                        digest: TypingJournal.digest(of: text), mark: UInt64.max - UInt64(index))
                    : .edit(
                        question: question,
                        TextEdit(start: Int.random(in: 0...Int.max, using: &random), removed: index, inserted: text)))
        }
        try journal.append(written)
        // Reading stops at the first line that does not read: a count short names it.
        let read = TypingJournal.records(at: journal.path)
        #expect(read.count == written.count, "read back \(read.count) of \(written.count) records")
        if let first = read.indices.first(where: { read[$0] != written[$0] }) {
            Issue.record("record \(first) read back as \(read[first]), written as \(written[first])")
        }
        let lines = try String(contentsOfFile: journal.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == written.count)
    }

    @Test func aTornLastRecordIsLeftOutAndEverythingBeforeItIsKept() throws {
        let scratch = try TemporaryDirectory("assess-typing-journal")
        let journal = TypingJournal(directory: scratch.path, attempt: "a")
        try journal.start()
        try journal.append(Self.essay)
        let whole = try #require(FileManager.default.contents(atPath: journal.path))
        // Cut at every byte of the last line: the first six records stay, the last never shows.
        let lastLine = whole.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
        for cut in lastLine..<whole.count - 1 {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: journal.path))
            #expect(TypingJournal.records(at: journal.path) == Array(Self.essay.dropLast()), "cut at \(cut)")
        }
        // A power cut can leave zeros where the last write was.
        try (whole.prefix(lastLine) + Data(repeating: 0, count: 40)).write(to: URL(fileURLWithPath: journal.path))
        let records = TypingJournal.records(at: journal.path)
        #expect(records == Array(Self.essay.dropLast()))
        #expect(TypingJournal.newestTexts(records) { _ in "Dear " }.mapValues(\.text) == ["q1": "Dear Siñ"])
    }

    @Test func compactionDropsWhatTheStoreHasAndTheReplayStillEndsAtTheNewestText() throws {
        let scratch = try TemporaryDirectory("assess-typing-journal")
        let journal = TypingJournal(directory: scratch.path, attempt: "a")
        try journal.start()
        try journal.append(Self.essay)
        // A second answer, and the save of both (mark 1) while "日本" was not yet typed.
        try journal.append([
            Self.checkpoint("q2", "", mark: 0, kind: .shortText), Self.typed("q2", at: 0, "42"),
            Self.checkpoint("q1", "Dear Siñ日本", mark: 1), Self.checkpoint("q2", "42", mark: 1, kind: .shortText),
            Self.typed("q1", at: 15, "!"),
        ])
        let before = TypingJournal.records(at: journal.path)

        // Small: the store has q1's text, but rewriting would not pay yet.
        try journal.saved(mark: 1, questions: ["q1"])
        #expect(TypingJournal.records(at: journal.path) == before)

        try journal.saved(mark: 1, questions: ["q1"], always: true)
        let compacted = TypingJournal.records(at: journal.path)
        #expect(
            compacted == [
                Self.checkpoint("q2", "", mark: 0, kind: .shortText), Self.typed("q2", at: 0, "42"),
                Self.checkpoint("q1", "Dear Siñ日本", mark: 1), Self.checkpoint("q2", "42", mark: 1, kind: .shortText),
                Self.typed("q1", at: 15, "!"),
            ])
        // Appending goes on in the new file.
        try journal.append([Self.typed("q1", at: 16, "?")])
        let records = TypingJournal.records(at: journal.path)
        #expect(records.count == compacted.count + 1)
        let stored = ["q1": "Dear Siñ日本", "q2": "42"]
        #expect(TypingJournal.newestTexts(records) { stored[$0] }.mapValues(\.text) == ["q1": "Dear Siñ日本!?"])
        // Nothing was in the store yet for q2: its typing comes back from its first checkpoint.
        #expect(TypingJournal.newestTexts(records) { _ in nil }["q2"]?.text == "42")
        #expect(TypingJournal.newestTexts(records) { _ in nil }["q2"]?.kind == .shortText)
        #expect(!FileManager.default.fileExists(atPath: journal.path + ".new"))
    }

    @Test func theReplayStartsAtTheCheckpointOfTheStoresTextWhicheverSaveItWas() {
        // Typed "ab" (saved, mark 1), then "c" (saved, mark 2, not compacted), then "d".
        let records = [
            Self.checkpoint("q", "", mark: 0), Self.typed("q", at: 0, "ab"), Self.checkpoint("q", "ab", mark: 1),
            Self.typed("q", at: 2, "c"), Self.checkpoint("q", "abc", mark: 2), Self.typed("q", at: 3, "d"),
        ]
        for stored in [nil, "ab", "abc"] {
            #expect(
                TypingJournal.newestTexts(records) { _ in stored }["q"]?.text == "abcd", "store: \(stored ?? "none")")
        }
        // The store already has the newest text: nothing to replay.
        #expect(TypingJournal.newestTexts(records) { _ in "abcd" }.isEmpty)
        // A text the journal cannot place (another seat's save) stays as the store has it.
        #expect(TypingJournal.newestTexts(records) { _ in "xyz" }.isEmpty)
        // An edit past the end of the text, or a checkpoint that does not match, stops the replay.
        let broken = [Self.checkpoint("q", "", mark: 0), Self.typed("q", at: 5, "x")]
        #expect(TypingJournal.newestTexts(broken) { _ in nil }.isEmpty)
        let mismatch = [
            Self.checkpoint("q", "", mark: 0), Self.typed("q", at: 0, "a"), Self.checkpoint("q", "b", mark: 1),
        ]
        #expect(TypingJournal.newestTexts(mismatch) { _ in nil }.isEmpty)
    }

    @Test func aDeletionToAnEarlierTextEndsAtTheShorterText() {
        // "ab" saved, "c" typed and deleted: the newest text is "ab" again, whichever matches.
        let records = [
            Self.checkpoint("q", "ab", mark: 0), Self.typed("q", at: 2, "c"), Self.typed("q", at: 2, "", removing: 1),
            Self.typed("q", at: 0, "", removing: 1),
        ]
        #expect(TypingJournal.newestTexts(records) { _ in "ab" }["q"]?.text == "b")
    }
}
