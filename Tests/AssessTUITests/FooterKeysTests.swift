import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// At 80 columns the footer always names the key that answers the question on screen, in
/// every language and for every question type (and while an item of an ordering is held):
/// review & submit and the keys after it give way first. The raise-hand key (F12) comes
/// right after review & submit in an exam without tools, where the line has room for it.
@Suite("The answering key in the footer at 80 columns")
struct FooterKeysTests {
    typealias Walk = WholeScreenTests.Walk

    /// A question of every type of `ExamFixtures.everyType` by its number of Tabs from the
    /// first, the keys pressed there, and the footer's key and action that answer it.
    static let questions: [(name: String, tabs: Int, keys: [Key], key: String, action: String)] = [
        ("single choice", 0, [], "Space", "key.choose"),
        ("multiple response", 1, [], "Space", "key.choose"),
        ("true or false", 2, [], "Space", "key.choose"),
        ("short text", 3, [], "Tab", "key.next"),
        ("numeric", 4, [], "Tab", "key.next"),
        ("essay", 5, [], "Tab", "key.next"),
        ("matching", 6, [], "←→", "key.match"),
        ("ordering", 7, [], "Space", "key.pick-up"),
        ("ordering, an item held", 7, [.character(" ")], "Space", "key.put-down"),
    ]

    /// The last line of `question`'s screen of the every-type exam at 80×24 in `language`.
    static func footer(
        of question: (name: String, tabs: Int, keys: [Key], key: String, action: String),
        in language: InterfaceLanguage
    ) -> String {
        let walk = Walk(
            question.name, exam: ExamFixtures.everyType,
            TranslatedScreenTests.onEveryType(question.tabs, then: question.keys))
        let grid = WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24), language: language)
        return grid.lines().last ?? ""
    }

    @Test(arguments: InterfaceLanguage.allCases)
    func everyQuestionTypesFooterNamesItsAnsweringKey(_ language: InterfaceLanguage) {
        let text = Catalogue.of(language)
        for question in Self.questions {
            let footer = Self.footer(of: question, in: language)
            #expect(
                footer.contains(question.key + " " + text(question.action) + " "),
                "\(language.rawValue) \(question.name): \(footer)")
            #expect(footer.hasPrefix(" Tab " + text("key.next")), "\(language.rawValue) \(question.name): \(footer)")
        }
    }

    /// The languages whose footer at 80 columns names F12 on every question type; the others
    /// name it on the questions answered by typing (a choice question leaves no room after
    /// review & submit), and F1 help names it on every question in every language.
    static let handOnEveryType: Set<InterfaceLanguage> = [.english, .japanese, .korean]

    @Test(arguments: InterfaceLanguage.allCases)
    func theRaiseHandKeyFollowsReviewAndSubmitWhereTheFooterHasRoom(_ language: InterfaceLanguage) {
        let text = Catalogue.of(language)
        let hand = "F12 " + text("key.raise-hand") + " "
        for question in Self.questions {
            let footer = Self.footer(of: question, in: language)
            let context = "\(language.rawValue) \(question.name): \(footer)"
            // Review & submit stays; the hand comes right after it, or not at all.
            let review = "F4 " + text("key.review-submit") + "  "
            #expect(footer.contains(review), "\(context)")
            if footer.contains(hand) { #expect(footer.contains(review + hand), "\(context)") }
            let typed = ["short text", "numeric", "essay"].contains(question.name)
            if typed || Self.handOnEveryType.contains(language) { #expect(footer.contains(hand), "\(context)") }
            var flow = FlowFixtures.onFirstQuestion(of: ExamFixtures.everyType)
            flow.language = language
            #expect(HelpScreen.keys(of: .question, in: flow).contains { $0.0 == "F12" }, "\(context)")
        }
    }
}
