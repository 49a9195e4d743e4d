import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import Foundation

/// Where a sitting's exam comes from: an exam file, as always, or the delivery form of an
/// exam published in the store (`assess publish`), which holds no answer.
package enum SealedExamSource {
    /// What a seat may read of the exam it was asked to sit.
    package enum Reading {
        /// The exam, ready to sit: a file, or a published exam's form.
        case exam(Exam)
        /// A published exam's form read the quick way (SQLite, for `take`'s first frame),
        /// whose questions are not yet checked against its delivery key: the sitting may
        /// draw it, and must pass the ``KeyCheck`` before it opens the store.
        case unchecked(Exam, KeyCheck)
        /// A published exam whose sitting is not open yet: its cover, and where to ask again.
        case cover(ExamCover, deliveryKey: String, store: any PublishedExamStore, location: String)
        /// A published exam whose questions are sealed under its start code (SQLite,
        /// `publish --start-code`): the student types the code before the sitting's screen.
        case sealed(SealedForm, store: any PublishedExamStore, location: String)
    }

    /// The check that a published form's questions are the ones its delivery key names.
    /// Computing the key takes about a quarter of the form's reading, so `take` makes it
    /// after the welcome screen's first frame, before the sitting opens the store.
    package struct KeyCheck: Sendable {
        /// The form as read; `nil` for questions the server drew for the candidate, whose
        /// key is not the whole form's.
        fileprivate let form: Exam?
        fileprivate let deliveryKey: String
        fileprivate let unreadable: CommandFailure

        /// Throws when the form's questions are not the ones its delivery key names.
        package func verify() throws {
            guard let form else { return }
            guard ExamKey.key(of: form) == deliveryKey else { throw unreadable }
        }
    }

    /// A delivery form sealed under the sitting's start code, as the store gives it.
    package struct SealedForm: Error {
        package let exam: String
        package let candidate: String
        package let sealed: String
        package let deliveryKey: String
    }

    /// The exam `argument` names for `candidate`'s sitting. With `byID` (`--exam ID`), or
    /// when `argument` is no file and looks like no path, the delivery form of the
    /// published exam of that id, read from the store; otherwise the exam file.
    ///
    /// A published exam gives its form only once the proctor opened the sitting; with
    /// `waitForOpening` this waits for it (saying so once), otherwise it refuses.
    package static func exam(
        _ argument: String, byID: Bool, candidate: String, runtime: Runtime,
        waitForOpening: Bool
    ) throws -> Exam {
        var waiting = false
        while true {
            switch try read(argument, byID: byID, candidate: candidate, runtime: runtime) {
            case .exam(let exam):
                return exam
            case .unchecked(let exam, let check):
                try check.verify()
                return exam
            case .sealed(let form, let store, let location):
                return try unsealed(form, store: store, location: location, runtime: runtime)
            case .cover:
                let error = PublicationError.notOpenYet(exam: argument)
                guard waitForOpening else { throw CommandFailure(.notDone, "\(error)") }
                if !waiting {
                    printToStandardError("\(argument): \(error); waiting (Ctrl-C stops)")
                    waiting = true
                }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    /// The exam `argument` names for `candidate`'s sitting (as ``exam(_:byID:candidate:runtime:waitForOpening:)``
    /// finds it), or the cover of a published exam whose sitting is not open yet.
    ///
    /// With `ahead` (`take`), what ``readLocally(_:byID:candidate:dataDirectory:)`` read
    /// before the policy stands in for reading the file or the quick form here.
    package static func read(
        _ argument: String, byID: Bool, candidate: String, runtime: Runtime,
        ahead: LocalReading? = nil
    ) throws -> Reading {
        // The quick form only when the store in force is SQLite; a file whatever the store.
        if try !namesPublishedExam(argument, byID: byID) || runtime.storeURL() == nil {
            let local =
                ahead
                ?? readLocally(
                    argument, byID: byID, candidate: candidate,
                    dataDirectory: DataDirectory(environment: runtime.environment).path)
            switch local {
            case .file(let read): return .exam(try read.get())
            case .quickForm(let read): if let (quick, check) = try read.get() { return .unchecked(quick, check) }
            }
        }
        let database = try runtime.database()
        guard let store = database.published else {
            if !byID { return .exam(try ExamFiles.load(argument)) }
            throw CommandFailure(
                .notDone,
                "\(StoreError.unsupported("published exams")) (\(database.location)); sit an exam file instead")
        }
        do {
            guard let exam = try form(argument, candidate: candidate, store: store, location: database.location) else {
                if !byID { return .exam(try ExamFiles.load(argument)) }
                throw CommandFailure(
                    .examMissing,
                    """
                    no exam \(argument) is published in the store \(database.location); \
                    a proctor publishes it with: assess publish EXAM.yaml
                    """)
            }
            return .exam(exam)
        } catch let form as SealedForm {
            return .sealed(form, store: store, location: database.location)
        } catch PublicationError.notOpenYet {
            guard let cover = try store.cover(exam: argument) else {
                throw CommandFailure(.examMissing, "no exam \(argument) is published in the store \(database.location)")
            }
            return .cover(
                ExamCover(
                    title: cover.title, durationSeconds: cover.durationSeconds, instructions: cover.instructions,
                    questionCount: cover.questionCount),
                deliveryKey: cover.deliveryKey, store: store, location: database.location)
        }
    }

    /// What ``read(_:byID:candidate:runtime:ahead:)`` can read without the policy.
    package enum LocalReading: Sendable {
        /// An exam file, or why it could not be read.
        case file(Result<Exam, CommandFailure>)
        /// A published exam's form read the quick way with its key still to check (`nil`:
        /// the store itself must be asked), or why it could not be read; to be taken only
        /// when the store in force is SQLite.
        case quickForm(Result<(Exam, KeyCheck)?, any Error>)
    }

    /// `argument`'s exam file, or, when it names a published exam, its form for `candidate`
    /// read the quick way from the SQLite store in `dataDirectory`: nothing that needs the
    /// policy, so `take` reads it while another thread reads the policy.
    package static func readLocally(_ argument: String, byID: Bool, candidate: String, dataDirectory: String)
        -> LocalReading
    {
        guard namesPublishedExam(argument, byID: byID) else {
            return .file(Result { () throws(CommandFailure) -> Exam in try ExamFiles.load(argument) })
        }
        return .quickForm(Result { try quickForm(argument, candidate: candidate, dataDirectory: dataDirectory) })
    }

    /// The published exam `exam`'s form for `candidate` read the quick way (``SQLiteFormReader``)
    /// from the SQLite store in `directory`, when its sitting is open; `nil` whenever the
    /// store itself should be asked (not open yet, sealed under a start code, …).
    private static func quickForm(_ exam: String, candidate: String, dataDirectory directory: String) throws
        -> (Exam, KeyCheck)?
    {
        guard
            let (key, json) = SQLiteFormReader.deliveryForm(dataDirectory: directory, exam: exam, candidate: candidate),
            !SealedDeliveryForm.isSealed(json)
        else { return nil }
        let location = "SQLite " + (directory as NSString).appendingPathComponent(SQLiteStore.fileName)
        return try decodeUnchecked(json, deliveryKey: key, exam: exam, candidate: candidate, location: location)
    }

    /// The published exam `exam`'s delivery form for `candidate`, as an exam; `nil` when
    /// it is not published. Throws `PublicationError.notOpenYet` before the opening, and the
    /// ``SealedForm`` when its questions wait for the start code.
    package static func form(_ exam: String, candidate: String, store: any PublishedExamStore, location: String) throws
        -> Exam?
    {
        do {
            guard let (key, json) = try store.deliveryForm(exam: exam, candidate: candidate) else { return nil }
            if SealedDeliveryForm.isSealed(json) {
                throw SealedForm(exam: exam, candidate: candidate, sealed: json, deliveryKey: key)
            }
            return try decode(json, deliveryKey: key, exam: exam, candidate: candidate, location: location)
        } catch let error as PublicationError {
            guard case .notOpenYet = error else { throw CommandFailure(.notDone, "\(error)") }
            throw error
        } catch let error as StoreError {
            throw CommandFailure(.notDone, "cannot read the exam \(exam) from the store \(location): \(error)")
        }
    }

    /// The exam a sealed form holds, once the student typed its start code at the terminal
    /// (plain lines: the caller has no curses screen up).
    package static func unsealed(
        _ form: SealedForm, store: any PublishedExamStore, location: String, runtime: Runtime
    ) throws -> Exam {
        let json = try unseal(
            form.sealed, exam: form.exam, deliveryKey: form.deliveryKey, store: store, runtime: runtime)
        return try decode(
            json, deliveryKey: form.deliveryKey, exam: form.exam, candidate: form.candidate, location: location)
    }

    /// The exam a delivery form in JSON holds, checked against the key the store names.
    private static func decode(
        _ json: String, deliveryKey key: String, exam: String, candidate: String, location: String
    )
        throws -> Exam
    {
        let (sat, check) = try decodeUnchecked(
            json, deliveryKey: key, exam: exam, candidate: candidate, location: location)
        try check.verify()
        return sat
    }

    /// The exam a delivery form in JSON holds, and the check of its key, still to make.
    private static func decodeUnchecked(
        _ json: String, deliveryKey key: String, exam: String, candidate: String, location: String
    )
        throws -> (Exam, KeyCheck)
    {
        let unreadable = CommandFailure(
            .examInvalid,
            """
            the delivery form of \(exam) in the store \(location) is not one this assess reads \
            (delivery key \(ExamKey.short(key))); a proctor publishes it again with this version of assess
            """)
        guard let form = DeliveryForm(json: json) else { throw unreadable }
        var sat = form.exam
        // Its key is known: the sitting shows it without computing it again.
        sat.deliveredKey = key
        // A form drawn for the candidate holds only their pools' questions: its own
        // key is not the exam's, which the server names beside it.
        let check = KeyCheck(
            form: form.drawnFor == candidate ? nil : form.exam, deliveryKey: key, unreadable: unreadable)
        return (sat, check)
    }

    /// True when `argument` names a published exam rather than an exam file: `--exam ID`,
    /// or no file of that name and nothing that looks like a path.
    package static func namesPublishedExam(_ argument: String, byID: Bool) -> Bool {
        byID || !(FileManager.default.fileExists(atPath: argument) || looksLikePath(argument))
    }

    /// The form `sealed` holds, once the student types its start code at the terminal (a
    /// line, before the sitting's screen): asked again after a wrong code, refused at the end
    /// of input. Each try costs the seat a fifth of a second of scrypt, and whoever guesses
    /// offline the same.
    private static func unseal(
        _ sealed: String, exam: String, deliveryKey: String, store: any PublishedExamStore, runtime: Runtime
    ) throws -> String {
        let cover = try store.cover(exam: exam)
        let text = Catalogue.of(
            InterfaceLanguage.choose(examLanguage: "", requested: nil, environment: runtime.environment))
        // Unbuffered: the prompt shows before the read waits.
        let say = { (line: String) in try? FileHandle.standardOutput.write(contentsOf: Data(line.utf8)) }
        say(text("terminal.sealed-prompt", ["title": cover?.title ?? exam, "exam": exam]) + "\n")
        while true {
            say("> ")
            guard let typed = readLine() else {
                throw CommandFailure(.notDone, text("terminal.sealed-no-code"))
            }
            if StartCode.normalized(typed).isEmpty { continue }
            if let form = SealedDeliveryForm.open(sealed, code: typed, exam: exam, deliveryKey: deliveryKey) {
                return form
            }
            say(text("terminal.sealed-wrong", ["exam": exam]) + "\n")
        }
    }

    /// True for an argument that names a file (a folder in it, or a YAML name), never an id.
    package static func looksLikePath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml")
    }
}
