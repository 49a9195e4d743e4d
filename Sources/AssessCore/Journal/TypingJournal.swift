import Crypto
import Foundation
import Glibc

/// One change to an answer's text: its UTF-8 bytes `start ..< start + removed` became `inserted`.
public struct TextEdit: Hashable, Sendable, Codable {
    /// Where the change begins, in UTF-8 bytes from the start of the text.
    public var start: Int
    /// How many UTF-8 bytes it replaced.
    public var removed: Int
    /// What it put there.
    public var inserted: String

    /// Each field as given.
    public init(start: Int, removed: Int, inserted: String) {
        self.start = start
        self.removed = removed
        self.inserted = inserted
    }

    /// `text` with this change made, or `nil` when its bytes are not in `text` or do not
    /// fall between characters' scalars.
    public func applied(to text: String) -> String? {
        var bytes = Array(text.utf8)
        guard start >= 0, removed >= 0, start + removed <= bytes.count else { return nil }
        bytes.replaceSubrange(start..<start + removed, with: Array(inserted.utf8))
        return String(validating: bytes, as: UTF8.self)
    }
}

/// What kind of answer a journaled text is, for the store to keep it as.
public enum TypedAnswerKind: String, Sendable, Codable {
    case shortText = "short-text"
    case numeric
    case essay
    /// A code question's program.
    case code
}

/// One line of a ``TypingJournal``.
public enum TypingRecord: Hashable, Sendable {
    /// The text of `question` at this point of the journal has this digest
    /// (``TypingJournal/digest(of:)``). Written before the first edit of a question in a
    /// sitting, and before each save of it to the store (`mark` then names that save).
    case checkpoint(question: String, kind: TypedAnswerKind, digest: String, mark: UInt64)
    /// `question`'s text changed.
    case edit(question: String, TextEdit)

    /// The question the record is about.
    public var question: String {
        switch self {
        case .checkpoint(let question, _, _, _), .edit(let question, _): return question
        }
    }
}

extension TypingRecord: Decodable {
    private enum Key: String, CodingKey {
        case checkpoint = "c"
        case edit = "e"
        case kind = "k"
        case digest = "d"
        case mark = "m"
        case start = "s"
        case removed = "r"
        case inserted = "t"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let question = try container.decodeIfPresent(String.self, forKey: .checkpoint) {
            self = .checkpoint(
                question: question, kind: try container.decode(TypedAnswerKind.self, forKey: .kind),
                digest: try container.decode(String.self, forKey: .digest),
                mark: try container.decode(UInt64.self, forKey: .mark))
        } else {
            self = .edit(
                question: try container.decode(String.self, forKey: .edit),
                TextEdit(
                    start: try container.decode(Int.self, forKey: .start),
                    removed: try container.decode(Int.self, forKey: .removed),
                    inserted: try container.decode(String.self, forKey: .inserted)))
        }
    }
}

/// The typing of one attempt since its answers were last saved to the store: an
/// append-only file of edits in the `journal` folder of the exam account's data directory
/// (the folder mode 0700, the file 0600), one JSON object a line, so that a crash loses
/// only what was typed in the last moment, not the second before the next save.
///
/// The edits are relative, so the journal alone cannot say what a text was; checkpoints
/// tie it to the store: each names the digest of the text at that point. After a crash,
/// ``newestTexts(_:stored:)`` starts each question from the store's text at the last
/// checkpoint with that text's digest and makes the edits after it; a question whose
/// stored text matches no checkpoint keeps the store's text. Each save writes its
/// checkpoint here before the store is given the text, so the store never holds a text
/// the journal cannot place.
///
/// Only the last line can be torn (a crash in the middle of a write): reading stops at the
/// first line that is not a whole record. Not thread-safe: one worker writes it.
public final class TypingJournal {
    /// The journal file.
    public let path: String
    private var descriptor: Int32 = -1
    /// The records in the file, in order (what compaction rewrites).
    private(set) var records: [TypingRecord] = []
    private var bytes = 0
    private var unsynced = false

    /// Compaction rewrites the file once it holds this many bytes and a save made some of
    /// them useless; below it, rewriting would cost more than it frees.
    public static let compactAbove = 16 * 1024

    /// The journal of attempt `attempt` in `directory`.
    public init(directory: String, attempt: String) {
        path = (directory as NSString).appendingPathComponent("typing-\(SafeFileName.encoded(attempt)).jsonl")
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The digest a checkpoint names `text` by (SHA-256 of its UTF-8, in hex).
    public static func digest(of text: String) -> String {
        Hex.lowercase(SHA256.hash(data: Data(text.utf8)))
    }

    // MARK: Writing

    /// Starts the journal empty (whatever a sitting before left), its folder made mode 0700.
    public func start() throws {
        try Self.makeDirectory((path as NSString).deletingLastPathComponent)
        if descriptor >= 0 { close(descriptor) }
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw JournalFileError(path: path, action: "create", errno: errno) }
        fchmod(descriptor, Self.fileMode(in: (path as NSString).deletingLastPathComponent))
        records = []
        bytes = 0
    }

    /// Appends `newRecords` in one write. On return the kernel has them: a killed process
    /// loses none (``sync()`` puts them on the disk).
    public func append(_ newRecords: [TypingRecord]) throws {
        guard !newRecords.isEmpty else { return }
        guard descriptor >= 0 else { throw JournalFileError(path: path, action: "write", errno: EBADF) }
        let data = Self.lines(newRecords)
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw JournalFileError(path: path, action: "write", errno: errno) }
        records += newRecords
        bytes += data.count
        unsynced = true
    }

    /// Puts what was appended on the disk, so that a power cut cannot leave the store with
    /// a text whose checkpoint the journal lost.
    public func sync() throws {
        guard unsynced, descriptor >= 0 else { return }
        guard fdatasync(descriptor) == 0 else { throw JournalFileError(path: path, action: "sync", errno: errno) }
        unsynced = false
    }

    /// The store has the texts `mark` checkpointed for `questions`: their records before
    /// that checkpoint are of no more use. Rewrites the file without them once it holds
    /// ``compactAbove`` bytes (or `always`); a crash in between leaves the old file whole.
    public func saved(mark: UInt64, questions: Set<String>, always: Bool = false) throws {
        let kept = Self.compacted(records, saved: mark, questions: questions)
        guard kept.count < records.count, always || bytes >= Self.compactAbove else { return }
        let data = Self.lines(kept)
        let temporary = path + ".new"
        let new = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard new >= 0 else { throw JournalFileError(path: temporary, action: "create", errno: errno) }
        fchmod(new, Self.fileMode(in: (path as NSString).deletingLastPathComponent))
        let written = data.withUnsafeBytes { write(new, $0.baseAddress, $0.count) }
        guard written == data.count, fdatasync(new) == 0, rename(temporary, path) == 0 else {
            let problem = errno
            close(new)
            unlink(temporary)
            throw JournalFileError(path: path, action: "compact", errno: problem)
        }
        Self.syncFolder(of: path)
        close(descriptor)
        descriptor = new
        records = kept
        bytes = data.count
        unsynced = false
    }

    /// Removes the journal: the attempt ended, or its typing is in the store.
    public func remove() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
        unlink(path + ".new")
        Self.syncFolder(of: path)
        records = []
        bytes = 0
    }

    /// `records` without those of `questions` that come before their checkpoint `mark`.
    static func compacted(_ records: [TypingRecord], saved mark: UInt64, questions: Set<String>) -> [TypingRecord] {
        var from: [String: Int] = [:]
        for (index, record) in records.enumerated() {
            if case .checkpoint(let question, _, _, mark) = record, questions.contains(question) {
                from[question] = index
            }
        }
        return records.enumerated().compactMap { index, record in
            guard let first = from[record.question], index < first else { return record }
            return nil
        }
    }

    /// `records` as the file's lines. Written by hand, not by `JSONEncoder`: a line goes out
    /// with every keystroke of every sitting, and the encoder's generic containers cost
    /// several times the write itself. `JSONDecoder` reads them back (``records(at:)``).
    static func lines(_ records: [TypingRecord]) -> Data {
        var bytes: [UInt8] = []
        for record in records {
            switch record {
            case .checkpoint(let question, let kind, let digest, let mark):
                field("c", question, into: &bytes, first: true)
                field("k", kind.rawValue, into: &bytes)
                field("d", digest, into: &bytes)
                number("m", String(mark), into: &bytes)
            case .edit(let question, let edit):
                field("e", question, into: &bytes, first: true)
                number("s", String(edit.start), into: &bytes)
                number("r", String(edit.removed), into: &bytes)
                field("t", edit.inserted, into: &bytes)
            }
            bytes.append(contentsOf: "}\n".utf8)
        }
        return Data(bytes)
    }

    /// `"key":` after `{` or `,`.
    private static func key(_ key: String, into bytes: inout [UInt8], first: Bool) {
        bytes.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: "\":".utf8)
    }

    private static func number(_ name: String, _ digits: String, into bytes: inout [UInt8]) {
        key(name, into: &bytes, first: false)
        bytes.append(contentsOf: digits.utf8)
    }

    /// A string member: `"name":` and the value as a JSON string.
    private static func field(_ name: String, _ value: String, into bytes: inout [UInt8], first: Bool = false) {
        key(name, into: &bytes, first: first)
        HandWrittenJSON.appendString(value, to: &bytes)
    }

    private static func makeDirectory(_ directory: String) throws {
        guard !FileManager.default.fileExists(atPath: directory) else { return }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory { try makeDirectory(parent) }
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
            throw JournalFileError(path: directory, action: "create", errno: errno)
        }
        // Whatever the umask: only the exam account reads what was typed, or, in a store
        // folder a group shares (the protected store of one machine), that group.
        chmod(directory, isGroupFolder(parent) ? 0o2770 : 0o700)
    }

    /// True for a folder whose new files take its group (set-group-ID), as a store folder
    /// that a group shares is.
    private static func isGroupFolder(_ folder: String) -> Bool {
        var status = stat()
        return stat(folder, &status) == 0 && status.st_mode & S_ISGID != 0
    }

    /// A journal file's mode in `folder`: the group's too when the group shares the folder.
    private static func fileMode(in folder: String) -> mode_t {
        isGroupFolder(folder) ? 0o660 : 0o600
    }

    private static func syncFolder(of path: String) {
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }

    // MARK: Reading after a crash

    /// The whole records of the journal at `path`, in order; none when it is missing.
    public static func records(at path: String) -> [TypingRecord] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        var records: [TypingRecord] = []
        var start = data.startIndex
        while let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) {
            // Only the last line can be torn, and a torn line has no newline after it;
            // anything that does not read stops the journal there all the same.
            guard let record = try? decoder.decode(TypingRecord.self, from: data[start..<end]) else { break }
            records.append(record)
            start = end + 1
        }
        return records
    }

    /// The newest text of each question `records` changed from what the store holds:
    /// `stored` gives the store's text of a question (`nil` when it has none, read as
    /// empty). Questions left as the store has them are not returned.
    public static func newestTexts(_ records: [TypingRecord], stored: (String) -> String?) -> [String:
        (kind: TypedAnswerKind, text: String)]
    {
        var byQuestion: [String: [TypingRecord]] = [:]
        var order: [String] = []
        for record in records {
            if byQuestion[record.question] == nil { order.append(record.question) }
            byQuestion[record.question, default: []].append(record)
        }
        var newest: [String: (kind: TypedAnswerKind, text: String)] = [:]
        for question in order {
            let start = stored(question) ?? ""
            if let (kind, text) = replay(byQuestion[question] ?? [], from: start), text != start {
                newest[question] = (kind, text)
            }
        }
        return newest
    }

    /// One question's records made on `start`, from the last checkpoint with its digest;
    /// `nil` when no checkpoint has it, or an edit or a later checkpoint does not fit.
    private static func replay(_ records: [TypingRecord], from start: String) -> (TypedAnswerKind, String)? {
        let startDigest = digest(of: start)
        guard
            let anchor = records.lastIndex(where: {
                if case .checkpoint(_, _, startDigest, _) = $0 { return true }
                return false
            }), case .checkpoint(_, let kind, _, _) = records[anchor]
        else { return nil }
        var text = start
        for record in records[(anchor + 1)...] {
            switch record {
            case .checkpoint(_, _, let expected, _):
                guard digest(of: text) == expected else { return nil }
            case .edit(_, let edit):
                guard let next = edit.applied(to: text) else { return nil }
                text = next
            }
        }
        return (kind, text)
    }
}

/// The typing journal could not be written.
public struct JournalFileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var action: String
    public var errno: Int32

    public var description: String {
        "cannot \(action) the typing journal \(path): \(String(cString: strerror(errno)))"
    }
}
