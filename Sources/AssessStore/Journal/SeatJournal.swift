import AssessCore
import Foundation

/// What a seat wrote while its store's server was away, waiting to be sent in order: one
/// file in the `journal` folder of the exam account's data directory (which a reboot keeps),
/// one JSON object a line, each line on disk (`fsync`) before the write it stands for returns.
///
/// A sidecar file (`….delivered`) counts the entries the server already has, so that a
/// seat killed while sending them resends at most the one it was sending. A torn last line
/// (a crash in the middle of a write) was never acknowledged and is ignored.
public final class SeatJournal: @unchecked Sendable {
    /// The journal file.
    public let path: String
    private var deliveredPath: String { path + ".delivered" }

    /// The journal of `exam` and `candidate` in `directory` (created, mode 0700, when
    /// first written). One per (exam, candidate): `assess resume` at the seat finds the
    /// journal a killed sitting left.
    public init(directory: String, exam examID: String, candidate: String) {
        path = (directory as NSString).appendingPathComponent(
            "journal-\(SafeFileName.encoded(examID))-\(SafeFileName.encoded(candidate)).jsonl")
    }

    /// A journal at `path` (as `SeatJournal.waiting(in:)` finds them).
    public init(path: String) {
        self.path = path
    }

    /// The journals in `directory` that still hold entries the server has not had.
    public static func waiting(in directory: String) -> [SeatJournal] {
        journals(in: directory).filter { ((try? $0.pending().count) ?? 0) > 0 }
    }

    /// Every journal in `directory`, by name.
    static func journals(in directory: String) -> [SeatJournal] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("journal-") && $0.hasSuffix(".jsonl") }.sorted()
            .map { SeatJournal(path: (directory as NSString).appendingPathComponent($0)) }
    }

    /// Moves every journal in `former` (where journals lived before: the runtime
    /// directory, which a reboot empties) into `directory`, with the count of what the
    /// server has and what it refused, each file on disk in `directory` before it leaves
    /// `former`. A journal whose name `directory` already holds with other entries stays
    /// in `former` (the caller delivers it from there). Returns the journals left in
    /// `former`.
    @discardableResult
    public static func move(from former: String, to directory: String) throws -> [SeatJournal] {
        let standardized = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        guard standardized(former) != standardized(directory) else { return [] }
        var left: [SeatJournal] = []
        for old in journals(in: former) {
            let new = SeatJournal(
                path: (directory as NSString).appendingPathComponent((old.path as NSString).lastPathComponent))
            guard !FileManager.default.fileExists(atPath: new.path) || contents(old.path) == contents(new.path) else {
                left.append(old)
                continue
            }
            try makeDirectory(directory)
            // The journal last: until it is in `directory`, its count and its refusals there
            // stand for nothing.
            try moveFile(old.path + ".refused", to: new.path + ".refused", appending: true)
            try moveFile(old.deliveredPath, to: new.deliveredPath, appending: false)
            try moveFile(old.path, to: new.path, appending: false)
        }
        return left
    }

    private static func contents(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// Creates `directory` (mode 0700, its missing parents too) when it is missing; 2770
    /// inside a folder shared by a group (a protected store's, see `SQLiteStore.isGroupFolder`).
    private static func makeDirectory(_ directory: String) throws {
        guard !FileManager.default.fileExists(atPath: directory) else { return }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory { try makeDirectory(parent) }
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
            throw JournalError(path: directory, action: "create", errno: errno)
        }
        // Whatever the umask: only the exam account (or the store's group) reads its journals.
        chmod(directory, SQLiteStore.isGroupFolder(parent) ? 0o2770 : 0o700)
    }

    /// Gives a file just made in `folder` its mode whatever the umask: 0600, or 0660 in a
    /// folder shared by a group, so that the next sitting of another exam account there can
    /// send it.
    private static func setMode(_ descriptor: Int32, in folder: String) {
        fchmod(descriptor, SQLiteStore.isGroupFolder(folder) ? 0o660 : 0o600)
    }

    /// Writes the file at `old` to `new` (0600, `fsync`ed, its folder too), then removes
    /// `old`. A `new` that already holds the same bytes is kept, one that holds others is
    /// left as it is and so is `old`; with `appending`, `old`'s bytes are added to it.
    private static func moveFile(_ old: String, to new: String, appending: Bool) throws {
        guard let data = contents(old) else { return }
        let existing = contents(new)
        if existing != data {
            guard existing == nil || appending else { return }
            // A new file whole or not at all: written beside, then renamed.
            let target = existing == nil ? new + ".moving" : new
            let flags = existing == nil ? O_WRONLY | O_CREAT | O_TRUNC : O_WRONLY | O_APPEND
            let descriptor = open(target, flags | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw JournalError(path: target, action: "open", errno: errno) }
            setMode(descriptor, in: (new as NSString).deletingLastPathComponent)
            let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == data.count, fsync(descriptor) == 0 else {
                let problem = errno
                close(descriptor)
                throw JournalError(path: target, action: "write", errno: problem)
            }
            close(descriptor)
            if target != new, rename(target, new) != 0 {
                throw JournalError(path: new, action: "rename", errno: errno)
            }
            let folder = open((new as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                fsync(folder)
                close(folder)
            }
        }
        unlink(old)
    }

    /// Appends `entry` and returns once it is on disk.
    func append(_ entry: JournalEntry) throws {
        var line = try JSONEncoder().encode(entry)
        line.append(UInt8(ascii: "\n"))
        try Self.makeDirectory((path as NSString).deletingLastPathComponent)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw JournalError(path: path, action: "open", errno: errno) }
        defer { close(descriptor) }
        Self.setMode(descriptor, in: (path as NSString).deletingLastPathComponent)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else { throw JournalError(path: path, action: "write", errno: errno) }
        guard fsync(descriptor) == 0 else { throw JournalError(path: path, action: "fsync", errno: errno) }
    }

    /// Every whole entry, in the order written.
    func entries() throws -> [JournalEntry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        var entries: [JournalEntry] = []
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            // Only the last line can be torn: no write after it was acknowledged.
            guard let entry = try? decoder.decode(JournalEntry.self, from: Data(line)) else { break }
            entries.append(entry)
        }
        return entries
    }

    /// The entries the server has not had yet, in order.
    public func pending() throws -> [JournalEntry] {
        Array(try entries().dropFirst(deliveredCount()))
    }

    /// How many entries, from the first, the server has.
    func deliveredCount() -> Int {
        guard let text = try? String(contentsOfFile: deliveredPath, encoding: .utf8) else { return 0 }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Records that the server has the first `count` entries.
    func markDelivered(_ count: Int) throws {
        let descriptor = open(deliveredPath, O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw JournalError(path: deliveredPath, action: "open", errno: errno) }
        defer { close(descriptor) }
        Self.setMode(descriptor, in: (deliveredPath as NSString).deletingLastPathComponent)
        let text = Array("\(count)\n".utf8)
        guard write(descriptor, text, text.count) == text.count, fsync(descriptor) == 0 else {
            throw JournalError(path: deliveredPath, action: "write", errno: errno)
        }
    }

    /// Removes the journal once the server has every entry.
    func remove() {
        unlink(path)
        unlink(deliveredPath)
    }
}

/// The journal could not be written or read.
public struct JournalError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var action: String
    public var errno: Int32

    public var description: String {
        "cannot \(action) the journal \(path): \(String(cString: strerror(errno)))"
    }
}

/// One write the server has not had yet: what `ExamStore` was asked, with the seat's own
/// times (the server adds its own when it gets it).
public enum JournalEntry: Codable, Sendable, Equatable {
    /// `saveResponse`.
    case response(
        attempt: String, question: String, value: String, flagged: Bool, annotations: String? = nil,
        savedAtMilliseconds: Int64)
    /// `updateProgress`.
    case progress(attempt: String, secondsUsed: Int, currentQuestion: Int, breaksTaken: Int, atMilliseconds: Int64)
    /// `appendEvent`, its fields as the log chains them.
    case event(
        kind: String, details: [String: String], wallMilliseconds: Int64, monotonicNanoseconds: UInt64,
        attempt: String?)
    /// `finishAttempt`: a submission (or an end) that counts once the server has it.
    case finish(attempt: String, status: String, receipt: String?, atMilliseconds: Int64)
    /// `closeSection`.
    case sectionClosed(attempt: String, section: Int, secondsUsed: Int, atMilliseconds: Int64)

    /// When the seat made the write, by its own clock.
    public var time: Date {
        switch self {
        case .response(_, _, _, _, _, let milliseconds), .progress(_, _, _, _, let milliseconds),
            .event(_, _, let milliseconds, _, _), .finish(_, _, _, let milliseconds),
            .sectionClosed(_, _, _, let milliseconds):
            return Date(milliseconds: milliseconds)
        }
    }

    /// The attempt the entry belongs to, if any.
    public var attempt: String? {
        switch self {
        case .response(let attempt, _, _, _, _, _), .progress(let attempt, _, _, _, _), .finish(let attempt, _, _, _),
            .sectionClosed(let attempt, _, _, _):
            return attempt
        case .event(_, _, _, _, let attempt):
            return attempt
        }
    }
}
