/// Text from a file or a person (an exam's title, a candidate id, a log record) made safe
/// to print on a terminal: every control character is shown as text, never sent as one,
/// so an `ESC ] 52` (set the clipboard) or `ESC [ 2 J` (clear the screen) in a title
/// reaches the screen as `^[]52` or `^[[2J`.
public enum VisibleText {
    /// `text` with each control character written out: C0 controls and DEL in caret
    /// notation (`^[` for ESC, `^G` for BEL, `^?` for DEL), C1 controls as `\u{9B}`.
    /// Line breaks and tabs stay as they are when `keepingLayout` (the printer's own
    /// lines and columns); otherwise they are shown too (`^J`, `^I`).
    public static func visible(_ text: String, keepingLayout: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { needsShowing($0, keepingLayout: keepingLayout) }) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsShowing(scalar, keepingLayout: keepingLayout) else {
                shown.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x7F:
                shown.append(contentsOf: "^?".unicodeScalars)
            case 0..<0x20:
                shown.append("^")
                shown.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
            default:
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(shown)
    }

    private static func needsShowing(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepingLayout
        case 0..<0x20, 0x7F, 0x80...0x9F: return true
        default: return false
        }
    }
}
