/// What to draw when curses cannot show a cell's character: the locale is not UTF-8,
/// or the C library measures the character's width differently from ``DisplayWidth``
/// (drawing it anyway would shift the rest of the row).
enum CellFallback {
    /// An ASCII stand-in for `character`: line drawing becomes `-`, `|` and `+`,
    /// anything else `?`.
    static func ascii(for character: Character) -> Character {
        if character.isASCII { return character }
        switch character {
        case "─", "═": return "-"
        case "│", "║": return "|"
        case "┌", "┐", "└", "┘", "╭", "╮", "╰", "╯", "╔", "╗", "╚", "╝": return "+"
        default: return "?"
        }
    }
}
