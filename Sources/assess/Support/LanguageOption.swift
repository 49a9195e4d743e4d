import ArgumentParser
import AssessCore

/// `--language`, shared by `take`, `launch` and `resume`: the language of the student's
/// screens when the exam's own `language` is not one the interface speaks.
struct LanguageOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The language of the student's screens when the exam's own language is not one of them: en, ja, ko, vi or pt-BR (default: the locale's, from LC_ALL, LC_MESSAGES or LANG, else en). This help stays in English.",
        valueName: "code"))
    var language: InterfaceLanguage?
}

extension InterfaceLanguage: ExpressibleByArgument {}
