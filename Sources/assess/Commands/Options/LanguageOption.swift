import ArgumentParser
import AssessApp
import AssessCore
import AssessExam

/// `--language`, shared by `take`, `launch` and `resume`: the language of the student's
/// screens (the questions stay in the exam's).
struct LanguageOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Student screens' language, whatever the exam's (its questions stay in it): en, ja, ko, vi, pt-BR.",
            valueName: "code"),
        transform: LanguageOption.language(named:))
    var language: InterfaceLanguage?

    /// What the help of `assess` and of the student's commands (`take`, `launch`, `resume`)
    /// says of its language: the help is English, the student's screens are not always.
    static let helpIsEnglish = """
        This help is in English only. The student's screens speak the language `--language` \
        names, else the exam's when it is English, Japanese, Korean, Vietnamese or Brazilian \
        Portuguese, else the locale's (LC_ALL, LC_MESSAGES, LANG); the questions stay in the exam's.
        """

    /// The interface language of a `--language` code, or an error that lists the codes there are.
    static func language(named code: String) throws -> InterfaceLanguage {
        guard let language = InterfaceLanguage(rawValue: code) else {
            let known = InterfaceLanguage.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("the interface has no language \"\(code)\"; it speaks \(known)")
        }
        return language
    }

    /// The student's strings for `exam`: this option's language, else the exam's, else the
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
