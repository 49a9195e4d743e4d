import AssessCore
import Foundation
import Testing

/// Exam and policy text is trimmed of white space at its ends without Foundation's
/// `NSString` (`trimmedOfWhiteSpace`): exactly what `.whitespacesAndNewlines` trims.
@Suite struct TextTrimmingTests {
    @Test(
        "Trims what Foundation trims",
        arguments: [
            "", " ", "plain", "  both ends \n", "\t\r\ninner  space stays\u{0B}\u{0C}",
            "\u{3000}ideographic\u{3000}", "\u{00A0}no-break\u{202F}", "\u{2028}separators\u{2029}",
            "\u{85}next line\u{85}",
            "\u{1680}\u{2000}\u{200A}\u{205F}spaces", "zero\u{200B}", "\u{200B}\u{180E}\u{FEFF}marks", "é\u{301} ",
            " \u{301}a",
        ])
    func trimsAsFoundationDoes(_ text: String) {
        #expect(text.trimmedOfWhiteSpace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
