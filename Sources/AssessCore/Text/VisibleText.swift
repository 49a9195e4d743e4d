/// Text from a file or a person (an exam's title, a candidate id, a log record) made safe
/// to print on a terminal or put in a report: every control character is shown as text,
/// never sent as one, so an `ESC ] 52` (set the clipboard) or `ESC [ 2 J` (clear the
/// screen) in a title reaches the screen as `^[]52` or `^[[2J`, and a right-to-left
/// override (U+202E), which would make `exe.txt` read as `txt.exe`, as `\u202E`.
///
/// This is the one place that says which characters are dangerous: `visible` shows them
/// (every command's output, the reports), `withoutBidiControls` drops the direction
/// controls (the imported exam file, the sitting's screens, which draw no zero-width
/// character: see `CellGrid.put`), and `isBidiControl` answers for one scalar.
public enum VisibleText {
    /// `text` with each control character written out: C0 controls and DEL in caret
    /// notation (`^[` for ESC, `^G` for BEL, `^?` for DEL), C1 controls and the
    /// bidirectional controls as `\u009B` and `\u202E` (which JSON and YAML read as the
    /// same escape, so a report stays valid). Line breaks and tabs stay as they are when
    /// `keepingLayout` (the printer's own lines and columns); otherwise they are shown
    /// too (`^J`, `^I`).
    public static func visible(_ text: String, keepingLayout: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { needsShowing($0, keepingLayout: keepingLayout) }) else {
            return text
        }
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
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            }
        }
        return String(shown)
    }

    /// The bidirectional formatting controls: the embeddings and overrides U+202A–U+202E,
    /// the isolates U+2066–U+2069, the marks U+200E and U+200F, and the Arabic letter mark
    /// U+061C. Each changes the order in which the characters after it are shown.
    public static let bidiControls: [Unicode.Scalar] =
        ([0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069))
        .map { Unicode.Scalar($0)! }

    /// True for a bidirectional formatting control (see ``bidiControls``).
    @inline(__always)
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` without its bidirectional controls, and how many there were.
    public static func withoutBidiControls(_ text: String) -> (text: String, removed: Int) {
        guard text.unicodeScalars.contains(where: isBidiControl) else { return (text, 0) }
        var kept = String.UnicodeScalarView()
        var removed = 0
        for scalar in text.unicodeScalars {
            if isBidiControl(scalar) { removed += 1 } else { kept.append(scalar) }
        }
        return (String(kept), removed)
    }

    private static func needsShowing(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepingLayout
        case 0..<0x20, 0x7F, 0x80...0x9F: return true
        case 0x061C, 0x200E...0x206F: return isBidiControl(scalar)
        default: return false
        }
    }
}
