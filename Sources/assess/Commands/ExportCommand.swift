import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import AssessInterchange
import Foundation

/// `assess export EXAM`: writes an exam as GIFT or as a QTI 2.1 content package.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an exam as GIFT (for Moodle) or as a QTI 2.1 content package (for TAO and others).",
        discussion: """
            GIFT goes to standard output unless -o names a file; a QTI package is a zip and \
            goes to EXAM-ID.zip unless -o names a file. What the format cannot carry (an \
            ordering question in GIFT, a unit, a word limit) is listed on standard error.
            """)

    /// The formats `export` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case gift, qti
    }

    @Argument(
        help: ArgumentHelp(
            "The exam file (YAML) to export, or the id of an exam published in the store (its newest scoring key; a proctor's).",
            valueName: "exam"))
    var exam: String

    @Option(help: "gift or qti.")
    var format: Format = .gift

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The file to write.", valueName: "file"))
    var output: String?

    @Option(
        name: .customLong("start-code"),
        help: ArgumentHelp(
            "For a published exam whose delivery form is sealed under its sitting's start code (SQLite, publish --start-code): the code, which opens the form for the pictures a QTI package carries.",
            valueName: "code"))
    var startCode: String?

    func run() throws {
        let runtime = Runtime()
        let (file, sealed) = try PublishedScoring.examOrPublished(
            exam, runtime: runtime, doing: "export the exams published in it")
        var loaded = file
        // A published exam's scoring key keeps its pictures' digests; a QTI package needs
        // their bytes, which the delivery form published with it holds.
        if let sealed, format == .qti, let store = try runtime.database().published {
            loaded = try PublishedPictures.filled(
                sealed.exam, deliveryKey: sealed.deliveryKey, from: store, startCode: startCode)
        }
        try? FileHandle.standardError.write(
            contentsOf: Data(
                "note: the exam's own settings (duration, navigation, shuffling, lock, suggestions, restrictions) have no place in \(format.rawValue) and are not exported\n"
                    .utf8))
        let data: Data
        let path: String?
        switch format {
        case .gift:
            let (text, losses) = GIFTWriter.write(loaded)
            for loss in losses { printToStandardError("note: \(loss)") }
            data = Data(text.utf8)
            path = output
        case .qti:
            do {
                data = try QTIWriter.package(for: loaded)
            } catch {
                throw CommandFailure(.notDone, "cannot make the QTI package: \(error)")
            }
            path = output ?? "\(loaded.id).zip"
        }
        guard let path else {
            do {
                try FileHandle.standardOutput.write(contentsOf: data)
            } catch {
                throw CommandFailure(
                    .cannotWrite,
                    "cannot write the \(format.rawValue) to standard output: \(error.localizedDescription)")
            }
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure(.cannotWrite, "cannot write \(path): \(error.localizedDescription)")
        }
        print("\(path): \(Counted.english(loaded.questions.count, "question")) from \(exam) as \(format.rawValue)")
    }
}
