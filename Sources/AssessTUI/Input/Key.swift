/// One key press (or terminal event) as the screens see it.
public enum Key: Hashable, Sendable {
    /// A printable character, multibyte ones (é, 日, ㅎ, ế) intact.
    case character(Character)
    /// Return or Enter (also what a pasted newline arrives as).
    case enter
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace, whichever of DEL (127), Ctrl-H (8) or the terminal's backspace key sends it.
    case backspace
    /// The forward-delete key.
    case delete
    case insert
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    /// F1 ... F63.
    case function(Int)
    /// Ctrl with a letter or symbol, named by the lowercase letter or the symbol:
    /// `control("c")` for 3, `control("z")` for 26, `control("\\")` for 28,
    /// `control("@")` for 0 (Ctrl-Space). Tab, Enter and Backspace have their own cases.
    case control(Character)
    /// A lone Escape: one that no other key followed within the terminal's escape delay.
    case escape
    /// An Alt (Meta) chord: the terminal sends Escape and the key at once (`ESC x` for
    /// Alt-x), and ``KeyStream`` reads the two as one. Never text: a field ignores it.
    indirect case alt(Key)
    /// The start of a bracketed paste (`ESC[200~`); see ``PasteFilter``.
    case pasteBegin
    /// The end of a bracketed paste (`ESC[201~`).
    case pasteEnd
    /// The terminal changed size: redraw at the new size.
    case resize
    /// The terminal went away (input fails with EIO): save, release the lock, exit.
    case hangup
    /// A key code curses knows but this program does not use, kept for the event log.
    case unknown(Int)
    /// This many bytes that are not text in the terminal's encoding (invalid UTF-8)
    /// arrived and were dropped; reported once the input goes quiet. Not a key, and not a
    /// hang-up: the terminal is still there.
    case invalidInput(bytes: Int)
}
