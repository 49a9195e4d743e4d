import AssessCore
import AssessExam
import AssessStore
import Foundation

/// Where a sitting's exam comes from: an exam file, as always, or the delivery form of an
/// exam published in the store (`assess publish`), which holds no answer.
package enum SealedExamSource {
    /// The exam `argument` names for `candidate`'s sitting. With `byID` (`--exam ID`), or
    /// when `argument` is no file and looks like no path, the delivery form of the
    /// published exam of that id, read from the store; otherwise the exam file.
    ///
    /// An exam with a roster gives its form only once the proctor opened the sitting; with
    /// `waitForOpening` this waits for it (saying so once), otherwise it refuses.
    package static func exam(
        _ argument: String, byID: Bool, candidate: String, runtime: Runtime,
        waitForOpening: Bool
    ) throws -> Exam {
        if !byID && (FileManager.default.fileExists(atPath: argument) || looksLikePath(argument)) {
            return try ExamFiles.load(argument)
        }
        let database = try runtime.database()
        guard let store = database.published else {
            if !byID { return try ExamFiles.load(argument) }
            throw CommandFailure(
                .notDone,
                "\(StoreError.unsupported("published exams")) (\(database.location)); sit an exam file instead")
        }
        var waiting = false
        while true {
            do {
                guard var (key, json) = try store.deliveryForm(exam: argument, candidate: candidate) else {
                    if !byID { return try ExamFiles.load(argument) }
                    throw CommandFailure(
                        .examMissing,
                        """
                        no exam \(argument) is published in the store \(database.location); \
                        a proctor publishes it with: assess publish EXAM.yaml
                        """)
                }
                if SealedDeliveryForm.isSealed(json) {
                    json = try unseal(json, exam: argument, deliveryKey: key, store: store, runtime: runtime)
                }
                // A form drawn for the candidate holds only their pools' questions: its own
                // key is not the exam's, which the server names beside it.
                guard let form = DeliveryForm(json: json), form.key == key || form.drawnFor == candidate else {
                    throw CommandFailure(
                        .examInvalid,
                        """
                        the delivery form of \(argument) in the store \(database.location) is not one this assess reads \
                        (delivery key \(ExamKey.short(key))); a proctor publishes it again with this version of assess
                        """)
                }
                var exam = form.exam
                if form.drawnFor != nil { exam.deliveredKey = key }
                return exam
            } catch let error as PublicationError {
                guard waitForOpening, case .notOpenYet = error else { throw CommandFailure(.notDone, "\(error)") }
                if !waiting {
                    printToStandardError("\(argument): \(error); waiting (Ctrl-C stops)")
                    waiting = true
                }
                Thread.sleep(forTimeInterval: 1)
            } catch let error as StoreError {
                throw CommandFailure(
                    .notDone, "cannot read the exam \(argument) from the store \(database.location): \(error)")
            }
        }
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
        let say = { (line: String) in FileHandle.standardOutput.write(Data(line.utf8)) }
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
