import ArgumentParser
import AssessCore
import AssessExam

/// `--language`, shared by `take`, `launch` and `resume`: the language of the student's
/// screens when the exam's own `language` is not one the interface speaks.
struct LanguageOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Student screens' language where not the exam's: en, ja, ko, vi, pt-BR.",
        valueName: "code"))
    var language: InterfaceLanguage?

    /// The student's strings for `exam`: its language, else this option's, else the
    /// locale's in `environment`.
    func catalogue(for exam: Exam, environment: [String: String]) -> Catalogue {
        Catalogue.of(InterfaceLanguage.choose(examLanguage: exam.language, requested: language, environment: environment))
    }
}

extension InterfaceLanguage: ExpressibleByArgument {
    /// The option's help names the values itself, keeping it to one line (`launch --help`
    /// must fit a 30-row terminal with its usage line); completion still offers them.
    public static var allValueStrings: [String] { [] }
    public static var defaultCompletionKind: CompletionKind { .list(allCases.map(\.rawValue)) }
}
