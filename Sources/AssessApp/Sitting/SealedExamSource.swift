import AssessCore
import AssessExam
import AssessStore
import Foundation

/// Where a sitting's exam comes from: an exam file, as always, or the delivery form of an
/// exam published in the store (`assess publish`), which holds no answer.
package enum SealedExamSource {
    /// What a seat may read of the exam it was asked to sit.
    package enum Reading {
        /// The exam, ready to sit: a file, or a published exam's form.
        case exam(Exam)
        /// A published exam whose sitting is not open yet: its cover, and where to ask again.
        case cover(ExamCover, deliveryKey: String, store: any PublishedExamStore, location: String)
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
    package static func read(_ argument: String, byID: Bool, candidate: String, runtime: Runtime) throws -> Reading {
        if !namesPublishedExam(argument, byID: byID) { return .exam(try ExamFiles.load(argument)) }
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

    /// The published exam `exam`'s delivery form for `candidate`, as an exam; `nil` when
    /// it is not published. Throws `PublicationError.notOpenYet` before the opening.
    package static func form(_ exam: String, candidate: String, store: any PublishedExamStore, location: String) throws
        -> Exam?
    {
        do {
            guard let (key, json) = try store.deliveryForm(exam: exam, candidate: candidate) else { return nil }
            // A form drawn for the candidate holds only their pools' questions: its own
            // key is not the exam's, which the server names beside it.
            guard let form = DeliveryForm(json: json), form.key == key || form.drawnFor == candidate else {
                throw CommandFailure(
                    .examInvalid,
                    """
                    the delivery form of \(exam) in the store \(location) is not one this assess reads \
                    (delivery key \(ExamKey.short(key))); a proctor publishes it again with this version of assess
                    """)
            }
            var sat = form.exam
            if form.drawnFor != nil { sat.deliveredKey = key }
            return sat
        } catch let error as PublicationError {
            guard case .notOpenYet = error else { throw CommandFailure(.notDone, "\(error)") }
            throw error
        } catch let error as StoreError {
            throw CommandFailure(.notDone, "cannot read the exam \(exam) from the store \(location): \(error)")
        }
    }

    /// True when `argument` names a published exam rather than an exam file: `--exam ID`,
    /// or no file of that name and nothing that looks like a path.
    package static func namesPublishedExam(_ argument: String, byID: Bool) -> Bool {
        byID || !(FileManager.default.fileExists(atPath: argument) || looksLikePath(argument))
    }

    /// True for an argument that names a file (a folder in it, or a YAML name), never an id.
    package static func looksLikePath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml")
    }
}
