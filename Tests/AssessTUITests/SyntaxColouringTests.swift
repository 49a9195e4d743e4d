import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// The code editor's colours, when a question allows them: keywords, strings and comments
/// of python3, C and bash, carried across lines where a language lets them span lines, and
/// never under no colour, high contrast or the screen reader's layout.
@Suite struct SyntaxColouringTests {
    static let golden = GoldenScreens(
        folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Screens").path)

    /// Each span of `lines` as `kind:text`, line by line.
    static func marked(_ lines: [String], _ language: CodeLanguage) -> [[String]] {
        var carry = SyntaxColouring.Carry.none
        return lines.map { line in
            let characters = Array(line)
            return SyntaxColouring.spans(of: Substring(line), in: language, carry: &carry).map {
                "\($0.kind):" + String(characters[$0.range])
            }
        }
    }

    @Test func pythonKeywordsStringsAndCommentsAndATripleQuotedStringOverLines() {
        let lines = [
            "def f(n):  # half of n",
            "    return n // 2 if n else 'none#1'",
            "text = \"\"\"one",
            "two\"\"\" + \"it's\"",
            "print(x.if_ or None)",
        ]
        #expect(
            Self.marked(lines, .python3) == [
                ["keyword:def", "comment:# half of n"],
                ["keyword:return", "keyword:if", "keyword:else", "string:'none#1'"],
                ["string:\"\"\"one"],
                ["string:two\"\"\"", "string:\"it's\""],
                ["keyword:or", "keyword:None"],
            ])
    }

    @Test func cBlockCommentsOverLinesPreprocessorLinesAndEscapedQuotes() {
        let lines = [
            "#include <stdio.h>",
            "int main(void) { /* start",
            "   still */ char c = '\\''; // done",
            "    return printf(\"a\\\"b\") > 0x1f;",
        ]
        #expect(
            Self.marked(lines, .c) == [
                ["keyword:#include"],
                ["keyword:int", "keyword:void", "comment:/* start"],
                ["comment:   still */", "keyword:char", "string:'\\''", "comment:// done"],
                ["keyword:return", "string:\"a\\\"b\""],
            ])
    }

    @Test func bashCommentsOnlyWhereAWordStartsAndSingleQuotesWithoutEscapes() {
        let lines = [
            "for f in *; do echo \"$# ${#f}\" 'a\\'; done # end",
            "if [ $done ]; then exit; fi",
        ]
        #expect(
            Self.marked(lines, .bash) == [
                [
                    "keyword:for", "keyword:in", "keyword:do", "string:\"$# ${#f}\"", "string:'a\\'", "keyword:done",
                    "comment:# end",
                ],
                ["keyword:if", "keyword:then", "keyword:exit", "keyword:fi"],
            ])
    }

    static let program =
        "#include <stdio.h>\n\n/* the sum of the digits\n   of every number read */\n"
        + "int main(void) {\n    int c, sum = 0;\n    while ((c = getchar()) != EOF)\n"
        + "        if (c >= '0' && c <= '9') sum += c - '0';  // a digit\n    printf(\"%d\\n\", sum);\n"
        + "    return 0;\n}"

    static func draw(_ settings: AccessibilitySettings) -> CellGrid {
        var grid = CellGrid(rows: 24, columns: 80)
        ScreenKit.$look.withValue(ScreenLook(settings)) {
            CodeView.render(
                TextEditor(text: program), colouring: .c, in: CellRect(row: 1, column: 2, height: 16, width: 76),
                into: &grid)
        }
        return grid
    }

    @Test func aProgramInItsEditorTakesColoursOnlyWhereColoursMayShow() {
        let coloured = Self.draw(AccessibilitySettings())
        Self.golden.assertMatches(coloured, named: "code-syntax-colour-80x24")
        #expect((0..<80).contains { coloured[6, $0].style.color == .accent })
        for settings in [
            AccessibilitySettings([.noColour]), AccessibilitySettings([.highContrast]),
            AccessibilitySettings([.screenReader]),
        ] {
            let plain = Self.draw(settings)
            #expect(plain.lines() == coloured.lines() || settings.isOn(.screenReader))
            let colours = (0..<24).flatMap { row in (0..<80).map { plain[row, $0].style.color } }
            #expect(colours.allSatisfy { $0 == .normal }, "\(settings)")
        }
    }
}
