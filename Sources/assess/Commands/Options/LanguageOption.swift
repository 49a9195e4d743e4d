import ArgumentParser
import AssessApp
import AssessCore
import AssessExam

/// `--language`, shared by `take`, `launch` and `resume`: the language of the student's
/// screens when the exam's own `language` is not one the interface speaks.
struct LanguageOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Student screens' language where not the exam's: en, ja, ko, vi, pt-BR.",
            valueName: "code"))
    var language: InterfaceLanguage?

    /// What the help of `assess` and of the student's commands (`take`, `launch`, `resume`)
    /// says of its language: the help is English, the student's screens are not always.
    static let helpIsEnglish = """
        This help is in English only. The student's screens speak the exam's language when it is \
        English, Japanese, Korean, Vietnamese or Brazilian Portuguese, else the one `--language` \
        names, else the locale's (LC_ALL, LC_MESSAGES, LANG).
        """

    /// The student's strings for `exam`: its language, else this option's, else the
    /// locale's in `environment`.
    func catalogue(for exam: Exam, environment: [String: String]) -> Catalogue {
        Catalogue.of(
            InterfaceLanguage.choose(examLanguage: exam.language, requested: language, environment: environment))
    }
}

extension InterfaceLanguage: ExpressibleByArgument {
    /// The option's help names the values itself, keeping it to one line (`launch --help`
    /// must fit a 30-row terminal with its usage line); completion still offers them.
    public static var allValueStrings: [String] { [] }
    public static var defaultCompletionKind: CompletionKind { .list(allCases.map(\.rawValue)) }
}
