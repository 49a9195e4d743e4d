/// An answer the terminal wrote to standard input after a query (``TerminalGraphics/queries(askKitty:)``),
/// taken out of the keys by ``KeyStream``: it is never typed into an answer.
public enum TerminalReply: Hashable, Sendable {
    /// Primary device attributes, `ESC [ ? Ps ; … c`: the terminal's class and features
    /// (4 is sixel graphics).
    case deviceAttributes([Int])
    /// The size of a cell in pixels, `ESC [ 6 ; height ; width t`.
    case cellSize(CellPixels)
    /// kitty's graphics protocol answering the query of image `id`, `ESC _ G i=id;OK ESC \`
    /// (`ok` false for an error message).
    case kittyGraphics(id: Int, ok: Bool)
    /// Another answer of a shape the terminal writes (an `ESC _ G` one without an id).
    case other

    /// The reply a control sequence's introducer (`[` or `_`) and the characters after it
    /// up to its end make, or `nil` when they are not one `introducer` starts.
    /// - `[` with `?`, digits and semicolons, ending in `c`: device attributes;
    /// - `[` with `6;H;W`, ending in `t`: a cell's size;
    /// - `_` with `G`, ending before `ESC \` (not included in `body`): kitty's answer.
    public static func parse(introducer: Character, body: String) -> TerminalReply? {
        switch introducer {
        case "[":
            guard let final = body.last else { return nil }
            let parameters = body.dropLast()
            if final == "c", parameters.first == "?" {
                guard let numbers = numbers(parameters.dropFirst()) else { return nil }
                return .deviceAttributes(numbers)
            }
            if final == "t", let numbers = numbers(parameters), numbers.count == 3, numbers[0] == 6 {
                return .cellSize(CellPixels(width: numbers[2], height: numbers[1]))
            }
            return nil
        case "_":
            guard body.first == "G" else { return nil }
            let parts = body.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let keys = parts.first.map { $0.split(separator: ",") } ?? []
            guard let id = keys.lazy.compactMap({ $0.hasPrefix("i=") ? Int($0.dropFirst(2)) : nil }).first else {
                return .other
            }
            return .kittyGraphics(id: id, ok: parts.count == 2 && parts[1] == "OK")
        default:
            return nil
        }
    }

    /// Whether `character` may come inside a reply `introducer` starts, before its end.
    static func mayContinue(_ character: Character, introducer: Character) -> Bool {
        guard character.isASCII else { return false }
        if introducer == "[" { return character.isNumber || character == ";" || character == "?" }
        return character != "\u{1B}"
    }

    /// The characters that end a reply `introducer` starts (`ESC \` ends kitty's, read apart).
    static func isFinal(_ character: Character, introducer: Character) -> Bool {
        introducer == "[" && (character == "c" || character == "t")
    }

    /// The numbers of `text` between semicolons; `nil` when one is not a number.
    private static func numbers(_ text: Substring) -> [Int]? {
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard !numbers.contains(nil) else { return nil }
        return numbers.compactMap { $0 }
    }
}
