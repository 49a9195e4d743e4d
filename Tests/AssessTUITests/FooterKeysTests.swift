import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// At 80 columns the footer always names the key that answers the question on screen, in
/// every language and for every question type (and while an item of an ordering is held):
/// the other keys give way first. The raise-hand key (F12), where the exam allows it, comes
/// right after review & submit in an exam without tools, and shows whatever the tools.
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

    /// The every-type exam that allows raising a hand (and the tools of time).
    static let everyTypeWithHand: Exam = {
        var exam = ExamFixtures.everyType
        exam.restrictions += ExamFixtures.timeAndHand
        return exam
    }()

    /// The last line of `question`'s screen of the every-type exam at 80×24 in `language`.
    static func footer(
        of question: (name: String, tabs: Int, keys: [Key], key: String, action: String),
        in language: InterfaceLanguage
    ) -> String {
        let walk = Walk(
            question.name, exam: Self.everyTypeWithHand,
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

    @Test(arguments: InterfaceLanguage.allCases)
    func theRaiseHandKeyFollowsReviewAndSubmit(_ language: InterfaceLanguage) {
        let text = Catalogue.of(language)
        let hand = "F12 " + text("key.raise-hand") + " "
        for question in Self.questions {
            let footer = Self.footer(of: question, in: language)
            let context = "\(language.rawValue) \(question.name): \(footer)"
            // In an exam without tools, the hand comes right after review & submit.
            let review = "F4 " + text("key.review-submit") + "  "
            #expect(footer.contains(review + hand), "\(context)")
            var flow = FlowFixtures.onFirstQuestion(of: Self.everyTypeWithHand)
            flow.language = language
            #expect(HelpScreen.keys(of: .question, in: flow).contains { $0.0 == "F12" }, "\(context)")
        }
    }

    /// The every-type exam allowing every tool and restriction, with breaks: the fullest footer.
    static let everyTool: Exam = {
        var exam = ExamFixtures.everyType
        let sheet = ReferenceSheet(title: "Formulas", text: "Area of a circle: π × r²")
        exam.calculator = .scientific
        exam.reference = sheet
        exam.restrictions =
            exam.restrictions.map { restriction in
                var restriction = restriction
                restriction.isOnByDefault = true
                return restriction
            } + [.calculator(.scientific), .reference(sheet)] + ExamFixtures.timeAndHand
            + ["flag-for-review", "question-palette", "strike-out", "highlight", "line-reader"].map {
                Restriction(id: $0, title: $0, detail: $0, isOnByDefault: true)
            }
        return exam
    }()

    /// Whatever the exam allows, at 80×24 in every language and layout, the footer of every
    /// question type names Tab, the keys that answer, review & submit, raising (or lowering) a
    /// hand, and help; the tools and the other keys take what room is left.
    @Test(
        arguments: InterfaceLanguage.allCases,
        [Set<AccessibilityOption>(), [.highContrast], [.screenReader]])
    func everyQuestionTypesFooterKeepsItsKeysWithEveryToolAllowed(
        _ language: InterfaceLanguage, _ layout: Set<AccessibilityOption>
    ) {
        let text = Catalogue.of(language)
        let linear = layout.contains(.screenReader)
        let reading = (
            name: "reading the prompt", tabs: 0, keys: [ExamFlow.readKey], key: "Esc",
            action: "key.back-to-answer"
        )
        for question in Self.questions + [reading] {
            for raised in [false, true] {
                let keys = question.keys + (raised ? [ExamFlow.raiseHandKey] : [])
                let walk = Walk(
                    question.name, exam: Self.everyTool, breaks: BreakAllowance(count: 2, minutes: 10),
                    accessibility: layout, TranslatedScreenTests.onEveryType(question.tabs, then: keys))
                let grid = WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24), language: language)
                let footer = grid.lines().last ?? ""
                let context = "\(language.rawValue) \(layout) \(question.name)\(raised ? ", hand up" : ""): \(footer)"
                #expect(footer.contains(question.key + " " + text(question.action) + "  "), "\(context)")
                #expect(footer.contains("F4 " + text("key.review-submit") + "  "), "\(context)")
                #expect(footer.hasSuffix("F1 " + text("key.help") + "  "), "\(context)")
                if linear { #expect(!footer.contains("^"), "\(context)") }
                // Reading a prompt, its four keys leave no room for F12 in English (F1 help names it).
                guard question.name != reading.name else { continue }
                #expect(footer.hasPrefix(" Tab " + text("key.next") + "  "), "\(context)")
                let hand = text(raised ? "key.lower-hand" : "key.raise-hand")
                #expect(footer.contains("F12 " + hand + "  "), "\(context)")
            }
        }
    }
}
