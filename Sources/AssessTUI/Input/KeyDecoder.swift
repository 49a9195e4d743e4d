import CNcursesw

/// Turns what ncurses' `wget_wch` returned into a ``Key``; a pure function, so every
/// mapping is unit-tested without a terminal.
///
/// `wget_wch` returns `OK` with a character, `KEY_CODE_YES` with a key code
/// (`KEY_UP`, `KEY_RESIZE`, or the codes given to `define_key`), or `ERR` when no
/// key arrived (timeout) or input failed.
public enum KeyDecoder {
    /// The key code ``CursesTerminal`` asks curses to report for `ESC[200~` (paste begins).
    public static let pasteBeginCode = Int(KEY_MAX) + 1
    /// The key code ``CursesTerminal`` asks curses to report for `ESC[201~` (paste ends).
    public static let pasteEndCode = Int(KEY_MAX) + 2

    /// Decodes one `wget_wch` result: `status` is its return value and `value` the
    /// `wint_t` it stored. Returns `nil` for `ERR` (no key), and ``Key/unknown(_:)`` for
    /// a key code or character value it cannot name.
    public static func decode(status: Int32, value: UInt32) -> Key? {
        switch status {
        case OK: return decodeCharacter(value)
        case KEY_CODE_YES: return decodeKeyCode(Int(value))
        default: return nil
        }
    }

    /// How many bytes the UTF-8 sequence that `lead` starts has (1 to 4), or `nil` when
    /// `lead` starts none (a continuation byte, 0xC0, 0xC1, 0xF5 to 0xFF).
    public static func utf8SequenceLength(lead: UInt8) -> Int? {
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return nil
        }
    }

    /// True for the bytes that continue a UTF-8 sequence.
    public static func isUTF8Continuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The one scalar `bytes` encode in UTF-8, or `nil` when they are not exactly one valid
    /// sequence (an overlong form, a surrogate, a value past U+10FFFF, too few or too many bytes).
    public static func scalar(fromUTF8 bytes: [UInt8]) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.utf8.count == bytes.count else {
            return nil
        }
        return scalar
    }

    private static func decodeCharacter(_ value: UInt32) -> Key {
        switch value {
        case 8, 127: return .backspace
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 0: return .control("@")
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 28: return .control("\\")
        case 29: return .control("]")
        case 30: return .control("^")
        case 31: return .control("_")
        default:
            guard let scalar = Unicode.Scalar(value), !scalar.properties.generalCategory.isControl else {
                return .unknown(Int(value))
            }
            return .character(Character(scalar))
        }
    }

    private static func decodeKeyCode(_ code: Int) -> Key {
        switch code {
        case pasteBeginCode: return .pasteBegin
        case pasteEndCode: return .pasteEnd
        case Int(KEY_RESIZE): return .resize
        case Int(KEY_UP): return .up
        case Int(KEY_DOWN): return .down
        case Int(KEY_LEFT): return .left
        case Int(KEY_RIGHT): return .right
        case Int(KEY_HOME): return .home
        case Int(KEY_END): return .end
        case Int(KEY_PPAGE): return .pageUp
        case Int(KEY_NPAGE): return .pageDown
        case Int(KEY_BACKSPACE): return .backspace
        case Int(KEY_DC): return .delete
        case Int(KEY_IC): return .insert
        case Int(KEY_ENTER): return .enter
        case Int(KEY_BTAB): return .backTab
        case (Int(KEY_F0) + 1)...(Int(KEY_F0) + 63): return .function(code - Int(KEY_F0))
        default: return .unknown(code)
        }
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool { self == .control || self == .surrogate }
}
