import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import Foundation

/// `assess kiosk-text KEY [NAME=VALUE...] [--exam EXAM] [--language CODE]`: prints one
/// of the kiosk login shell's sentences (`Kiosk/assess-kiosk-shell`) in the student's
/// language, so that the shell's prompts come from the same catalogues as the screens.
/// Not listed in `assess --help`: it is the shell's, not a person's.
struct KioskTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk-text",
        abstract: "Print one of the kiosk login shell's sentences in the student's language.",
        discussion: """
            For Kiosk/assess-kiosk-shell. KEY is one of the catalogues' kiosk.* keys \
            (\(keys.joined(separator: ", "))); each NAME=VALUE fills the placeholder {NAME}. \
            The language is chosen as for `take`: --language, else the exam's (--exam), else \
            the locale's (LC_ALL, LC_MESSAGES, LANG). An exam file that does not load is left \
            for `take` to report: its language is then not used.
            """,
        shouldDisplay: false)

    /// The keys the shell may print: the catalogues' `kiosk.` section.
    static var keys: [String] {
        Catalogue.english.entries.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    private static let prefix = "kiosk."

    @Argument(help: ArgumentHelp("The sentence's key, e.g. kiosk.candidate-prompt.", valueName: "key"))
    var key: String

    @Argument(help: ArgumentHelp("Values for the sentence's placeholders, e.g. status=75.", valueName: "name=value"))
    var values: [String] = []

    @Option(help: ArgumentHelp("The exam file whose language is used when --language is not given.", valueName: "exam"))
    var exam: String?

    @OptionGroup var language: LanguageOption

    func validate() throws {
        guard key.hasPrefix(Self.prefix), let english = Catalogue.english.entries[key] else {
            throw ValidationError(
                "\(key) is not one of the kiosk's sentences\(DidYouMean.hint(for: key, in: Self.keys)); known: \(Self.keys.joined(separator: ", "))"
            )
        }
        let placeholders = Catalogue.placeholders(in: english)
        for value in values {
            guard let name = value.split(separator: "=", maxSplits: 1).first.map(String.init), value.contains("=")
            else {
                throw ValidationError("\(value) is not NAME=VALUE; write e.g. status=75")
            }
            guard placeholders.contains(name) else {
                let known =
                    placeholders.isEmpty ? "it has none" : "it has " + placeholders.sorted().joined(separator: ", ")
                throw ValidationError("\(key) has no placeholder {\(name)}; \(known)")
            }
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let examLanguage = exam.flatMap { try? ExamLoader.load(fileAt: $0) }?.language ?? ""
        let text = Catalogue.of(
            InterfaceLanguage.choose(
                examLanguage: examLanguage, requested: language.language,
                environment: environment))
        var arguments: [String: any Sendable] = [:]
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            arguments[String(parts[0])] = String(parts[1])
        }
        print(text(key, arguments))
    }
}
