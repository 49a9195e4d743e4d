import Foundation

/// What a seat wrote while its store's server was away, waiting to be sent in order: one
/// file in the seat's own runtime directory (where its terminal lock lives), one JSON
/// object a line, each line on disk (`fsync`) before the write it stands for returns.
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
        path = (directory as NSString).appendingPathComponent("journal-\(Self.safe(examID))-\(Self.safe(candidate)).jsonl")
    }

    /// A journal at `path` (as `SeatJournal.waiting(in:)` finds them).
    public init(path: String) {
        self.path = path
    }

    /// `name` with every byte but ASCII letters, digits, `_` and `-` as `%XX`, so that a
    /// file name is one name and two names never share one.
    private static func safe(_ name: String) -> String {
        var text = ""
        for byte in name.utf8 {
            let character = Character(UnicodeScalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || character == "_" || character == "-" {
                text.append(character)
            } else {
                text += String(format: "%%%02X", byte)
            }
        }
        return text
    }

    /// The journals in `directory` that still hold entries the server has not had.
    public static func waiting(in directory: String) -> [SeatJournal] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("journal-") && $0.hasSuffix(".jsonl") }.sorted()
            .map { SeatJournal(path: (directory as NSString).appendingPathComponent($0)) }
            .filter { ((try? $0.pending().count) ?? 0) > 0 }
    }

    /// Appends `entry` and returns once it is on disk.
    func append(_ entry: JournalEntry) throws {
        var line = try JSONEncoder().encode(entry)
        line.append(UInt8(ascii: "\n"))
        let directory = (path as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw JournalError(path: path, action: "open", errno: errno) }
        defer { close(descriptor) }
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
    case response(attempt: String, question: String, value: String, flagged: Bool, savedAtMilliseconds: Int64)
    /// `updateProgress`.
    case progress(attempt: String, secondsUsed: Int, currentQuestion: Int, breaksTaken: Int, atMilliseconds: Int64)
    /// `appendEvent`, its fields as the log chains them.
    case event(kind: String, details: [String: String], wallMilliseconds: Int64, monotonicNanoseconds: UInt64,
               attempt: String?)
    /// `finishAttempt`: a submission (or an end) that counts once the server has it.
    case finish(attempt: String, status: String, receipt: String?, atMilliseconds: Int64)

    /// When the seat made the write, by its own clock.
    public var time: Date {
        switch self {
        case .response(_, _, _, _, let milliseconds), .progress(_, _, _, _, let milliseconds),
             .event(_, _, let milliseconds, _, _), .finish(_, _, _, let milliseconds):
            return Date(milliseconds: milliseconds)
        }
    }

    /// The attempt the entry belongs to, if any.
    public var attempt: String? {
        switch self {
        case .response(let attempt, _, _, _, _), .progress(let attempt, _, _, _, _), .finish(let attempt, _, _, _):
            return attempt
        case .event(_, _, _, _, let attempt):
            return attempt
        }
    }
}
