import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import AssessInterchange
import Foundation

extension InterchangeFormat: ExpressibleByArgument {}

/// `assess import FILE...`: makes a native exam file from GIFT, Aiken, Moodle XML or QTI.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make an exam file from question banks in GIFT, Aiken, Moodle XML or QTI.",
        discussion: """
            Each file's format is told from its content unless --format names it. The exam file \
            written is checked with the same loader as `assess validate`. The summary lists the \
            questions by type, what each lost on the way (feedback, weights, units) and \
            everything not imported with its file and line. The exam shuffles choices unless a bank asks to \
            keep them in order (Moodle XML's shuffleanswers 0, QTI's shuffle="false"); a changed: line says \
            which. If anything cannot be imported, \
            nothing is written unless --keep-going. Exits 65 when a bank cannot be imported.
            """)

    @Argument(
        help: ArgumentHelp(
            "Question banks: .gift/.txt, Aiken .txt, Moodle .xml, QTI .xml, a QTI package .zip or its unpacked folder.",
            valueName: "file"))
    var files: [String]

    @Option(
        help: ArgumentHelp(
            "The banks' format: gift, aiken, moodle-xml or qti (default: told from each file).",
            valueName: "format"))
    var format: InterchangeFormat?

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "The exam file to write (default: the first bank's name with .yaml, here).", valueName: "exam"))
    var output: String?

    @Option(help: "The exam's title (default: from the exam file's name).")
    var title: String?

    @Option(help: ArgumentHelp("The time allowed, such as 45m or 1h30m (banks do not say).", valueName: "duration"))
    var duration = "1h"

    @Flag(help: "Import the questions that can be, and list the rest, instead of importing nothing.")
    var keepGoing = false

    /// The largest file `import` reads, so that a mistaken argument cannot fill the memory.
    static let largestBank = 256 << 20

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one question bank") }
        guard let seconds = PolicyParser.parseDuration(duration), seconds >= 1, seconds <= 24 * 3600,
            seconds == seconds.rounded()
        else {
            throw ValidationError(
                "--duration \"\(duration)\" is not a length of time from 1s to 24h such as 45m or 1h30m")
        }
    }

    func run() throws {
        let path = output ?? ((files[0] as NSString).lastPathComponent as NSString).deletingPathExtension + ".yaml"
        if FileManager.default.fileExists(atPath: path) {
            throw CommandFailure(.cannotWrite, "\(path) already exists; remove it or name another file with -o")
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let examID = Self.slug(name)
        let importer = BankImporter(
            examID: examID, title: title ?? name,
            durationSeconds: Int(PolicyParser.parseDuration(duration) ?? 3600))
        var banks: [ParsedBank] = []
        for file in files {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
                // An unpacked QTI package; a folder without a manifest is named as such.
                do {
                    banks.append(try importer.read(fileAt: file, format: format))
                } catch {
                    var bank = ParsedBank()
                    bank.rejections.append(Rejection(error.location, error.message))
                    banks.append(bank)
                }
                continue
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            if size > Self.largestBank {
                throw CommandFailure(
                    .examInvalid,
                    "\(file): \(size) bytes is more than a question bank may be (\(Self.largestBank >> 20) MiB); split it into smaller files"
                )
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure(
                    .examMissing,
                    FileManager.default.fileExists(atPath: file)
                        ? "\(file): cannot read this file; check its permissions"
                        : "\(file): no such file; check the path")
            }
            do {
                banks.append(try importer.read(data: data, path: file, format: format))
            } catch {
                var bank = ParsedBank()
                bank.rejections.append(Rejection(error.location, error.message))
                banks.append(bank)
            }
        }
        let outcome = importer.assemble(banks)
        for note in outcome.notes { print("changed: \(note)") }
        for rejection in outcome.rejections {
            printToStandardError("\(rejection): not imported")
        }
        let imported = outcome.exam?.questions.count ?? 0
        guard let exam = outcome.exam, let yaml = outcome.yaml else {
            throw CommandFailure(.examInvalid, "no question could be imported; nothing was written")
        }
        if !outcome.rejections.isEmpty && !keepGoing {
            throw CommandFailure(
                .examInvalid,
                "\(outcome.rejections.count) \(outcome.rejections.count == 1 ? "item" : "items") cannot be imported (listed above), so nothing was written; fix them, or add --keep-going to import the other \(imported)"
            )
        }
        // The pictures first, beside where the exam goes: the exam file names them.
        let folder = (path as NSString).deletingLastPathComponent
        for (name, data) in outcome.pictures.sorted(by: { $0.key < $1.key }) {
            let picture = (folder as NSString).appendingPathComponent(name)
            do {
                try FileManager.default.createDirectory(
                    atPath: (picture as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try data.write(to: URL(fileURLWithPath: picture), options: .withoutOverwriting)
            } catch {
                throw CommandFailure(.cannotWrite, "cannot write the picture \(picture): \(error.localizedDescription)")
            }
        }
        do {
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            throw CommandFailure(.cannotWrite, "cannot write \(path): \(error.localizedDescription)")
        }
        var counts: [String: Int] = [:]
        for question in exam.questions { counts[question.kind.typeName, default: 0] += 1 }
        let byType = QuestionKind.typeNames.compactMap { name in counts[name].map { "\($0) \(name)" } }.joined(
            separator: ", ")
        let skipped = outcome.rejections.isEmpty ? "" : "; \(outcome.rejections.count) not imported (listed above)"
        print(
            "\(path): \(imported) \(imported == 1 ? "question" : "questions") (\(byType)) in \(exam.sections.count) section(s)\(skipped); exam key \(exam.shortKey)"
        )
    }

    /// An exam id from a file name: lower-case letters, digits and `-`.
    static func slug(_ name: String) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "imported" : slug
    }
}
