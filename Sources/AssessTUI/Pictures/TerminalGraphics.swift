import Synchronization

/// What the terminal says it can draw, learnt from its own answers: the queries
/// (``queries(askKitty:)``) go out once at start-up, and the answers come back among the
/// keys, whenever the terminal sends them (``KeyStream`` takes them out; ``record(_:)``
/// reads them). Nothing is assumed: until an answer says so, and the size of a cell in
/// pixels is known, pictures are mosaics, and a terminal that answers nothing keeps them.
///
/// - sixel: a primary device attributes answer that lists 4;
/// - kitty's protocol: an `OK` to the graphics query of image ``kittyQueryID``
///   (preferred where both are spoken, as in WezTerm: it keeps the picture's colours).
public final class TerminalGraphics: Sendable {
    /// The image id of the kitty graphics query; its answer names it.
    public static let kittyQueryID = 31

    private struct State {
        var sixel = false
        var kitty = false
        var cell: CellPixels?
    }

    private let state: Mutex<State>
    private let changed: @Sendable () -> Void

    /// A terminal whose cells are `cell` pixels (from the kernel's window size, when the
    /// terminal fills it in), that speaks no protocol until it answers; `changed` is called
    /// when an answer changes what it can draw.
    public init(cell: CellPixels? = nil, changed: @escaping @Sendable () -> Void = {}) {
        state = Mutex(State(cell: cell))
        self.changed = changed
    }

    /// The queries to write once at start-up, after the screen is taken: kitty's graphics
    /// query (a 1 × 1 picture it is asked to check, not keep) when `askKitty`, the cell's
    /// size in pixels, and last the primary device attributes, which every terminal
    /// answers. Leave kitty's out where it cannot pass (inside tmux or screen).
    public static func queries(askKitty: Bool) -> String {
        let kitty = "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
        return (askKitty ? kitty : "") + "\u{1B}[16t" + "\u{1B}[c"
    }

    /// Takes in one of the terminal's answers.
    public func record(_ reply: TerminalReply) {
        let changes: Bool = state.withLock { state in
            let before = (state.sixel, state.kitty, state.cell)
            switch reply {
            case .deviceAttributes(let attributes): state.sixel = state.sixel || attributes.dropFirst().contains(4)
            case .kittyGraphics(let id, let ok) where id == Self.kittyQueryID: state.kitty = state.kitty || ok
            case .cellSize(let cell) where cell.width > 0 && cell.height > 0: state.cell = cell
            default: break
            }
            return before != (state.sixel, state.kitty, state.cell)
        }
        if changes { changed() }
    }

    /// The protocol to draw pictures in and the size of a cell, once the terminal has said
    /// both; `nil` until then (pictures are mosaics).
    public var drawing: (graphicsProtocol: GraphicsProtocol, cell: CellPixels)? {
        state.withLock { state in
            guard let cell = state.cell else { return nil }
            if state.kitty { return (.kitty, cell) }
            if state.sixel { return (.sixel, cell) }
            return nil
        }
    }
}
