import AssessCore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// The settings screen (F9) leaves a clear gap between every label and its state, the
/// longest label's too (Vietnamese and Brazilian Portuguese have labels past the usual
/// column), and the Japanese and Korean help call Space on a question of several answers a
/// switch between choosing and unchoosing, not "unchoose" alone.
@Suite struct SettingsLabelGapTests {
    static let walk = WholeScreenTests.Walk(
        "settings", studentMaySwitch: Set(AccessibilityOption.allCases),
        WholeScreenTests.onQuestion + [(.key(.function(9)), 3 * WholeScreenTests.second)])

    @Test(arguments: [InterfaceLanguage.vietnamese, .brazilianPortuguese])
    func theLongestLabelStandsClearOfItsState(_ language: InterfaceLanguage) throws {
        let grid = WholeScreenTests.draw(Self.walk, size: TerminalSize(columns: 80, rows: 24), language: language)
        WholeScreenTests.golden.assertMatches(grid, named: "\(language.rawValue)-settings-80x24")
        let text = Catalogue.of(language)
        let states = [text("state.on"), text("state.off")]
        let lines = grid.lines()
        for option in AccessibilityOption.allCases {
            let label = text.sentenceStart("setting." + option.rawValue)
            let line = try #require(lines.first { $0.contains(label) }, "\(label)")
            let rest = line[line.range(of: label)!.upperBound...]
            let gap = rest.prefix { $0 == " " }.count
            #expect(gap >= 3, "\(language.rawValue): \(gap) spaces after \(label)")
            #expect(states.contains { rest.dropFirst(gap).hasPrefix($0) })
        }
    }

    @Test(arguments: [InterfaceLanguage.japanese, .korean])
    func spaceOnSeveralAnswersIsASwitchInTheHelp(_ language: InterfaceLanguage) {
        let help = Catalogue.of(language)("help.choices-choose")
        let switchWord = language == .japanese ? "切り替え" : "전환"
        #expect(help.contains(switchWord), "\(language.rawValue): \(help)")
    }
}
