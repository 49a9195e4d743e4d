import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTUI
import Foundation

extension PictureRequest: ExpressibleByArgument {}

/// `assess take EXAM`: the student's flow from welcome to receipt.
struct TakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "take",
        abstract: "Sit an exam: welcome, consent, lock, questions, review, submit, unlock, receipt.",
        discussion: """
            Refuses to start (exit 75) while any lock holds this terminal, live or stale. \
            The lock is released when the exam is submitted, when time runs out, or when the \
            program is stopped (SIGTERM, SIGHUP); every answer is saved within a second.
            """ + "\n\n" + LanguageOption.helpIsEnglish)

    @Argument(
        help: ArgumentHelp(
            "The exam file (YAML), e.g. Exams/geography.yaml, or the id of an exam published in the store.",
            valueName: "exam"))
    var examPath: String?

    @Option(
        name: .customLong("exam"),
        help: ArgumentHelp(
            "Sit the exam published in the store under this id (assess publish): no exam file is read.",
            valueName: "id"))
    var examID: String?

    @Option(help: "The candidate's id; defaults to the login name.")
    var candidate: String?

    @Flag(help: "Practice: no lock, suggestions on, nothing graded (when the policy allows).")
    var practice = false

    @Flag(
        help: ArgumentHelp(
            "A proctor allows this candidate one more attempt although they already have one (asks for the proctor password; logged).",
            discussion:
                "After a crash, continue the attempt with `assess resume` instead: it keeps the answers. The roster's accommodations apply to the new attempt as to the first."
        ))
    var newAttempt = false

    @OptionGroup(title: "Accessibility (those the policy's student-settings allows)")
    var accessibility: AccessibilityFlags

    @Option(
        help: ArgumentHelp(
            "How pictures are shown: auto (the picture itself where the terminal says it can draw one, else a mosaic of block symbols), mosaic, or text (the alt text alone).",
            valueName: "form"))
    var pictures: PictureRequest = .auto

    @OptionGroup var language: LanguageOption

    func validate() throws {
        try checkCandidate(candidate)
        if examPath == nil && examID == nil {
            throw ValidationError(
                "Missing expected argument '<exam>': an exam file, or --exam ID for an exam published in the store")
        }
        if examPath != nil && examID != nil {
            throw ValidationError("name the exam once: its file, or --exam ID for an exam published in the store")
        }
    }

    /// What the command line asks for.
    var request: TakeRequest {
        TakeRequest(
            examPath: examID ?? examPath ?? "", candidate: candidate, practice: practice,
            accessibility: accessibility.settings, language: language.language, byID: examID != nil,
            newAttempt: newAttempt, pictures: pictures)
    }

    func run() async throws {
        try await request.run()
    }
}
