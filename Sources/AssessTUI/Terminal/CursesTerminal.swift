import AssessCore
import CNcursesw
import Foundation
import Glibc

/// Starting curses failed.
public enum TerminalStartError: Error, Hashable, Sendable, CustomStringConvertible {
    /// curses does not know the terminal type in `TERM`, or there is no terminal.
    case unknownTerminal(String?)

    public var description: String {
        switch self {
        case .unknownTerminal(let term):
            "cannot start the screen: unknown terminal type \(term.map { "\"\($0)\"" } ?? "(TERM is not set)")"
        }
    }
}

/// The one place that talks to curses: starts and stops the screen, copies a
/// ``CellGrid`` to it (only the cells that changed), and reads keys.
///
/// Concurrency: curses keeps global state and is not thread-safe, so this class is
/// deliberately not `Sendable`; Swift 6 then keeps each instance in the one task or
/// thread that created it. What other threads may need — writing control sequences —
/// goes through ``sequenceWriter``, which is `Sendable`.
///
/// ```swift
/// let terminal = CursesTerminal()
/// try terminal.start()
/// defer { terminal.stop() }
/// if !terminal.isUTF8Locale { /* warn: wide characters and line drawing will not show */ }
/// var grid = CellGrid(size: terminal.size)
/// grid.put("Press any key", row: 0, column: 0)
/// terminal.draw(grid)
/// let key = terminal.readKey(timeoutMilliseconds: 1000)
/// ```
public final class CursesTerminal: TerminalDevice, RawKeySource {
    /// Writes raw sequences to the same terminal; hand it to the session as its
    /// ``PasteGuard`` and ``TerminalWriter``.
    public let sequenceWriter: TerminalSequenceWriter

    /// False when the locale is not UTF-8 (neither the environment's nor `C.UTF-8` is, see
    /// ``TerminalLocale``): non-ASCII characters then draw as `?` and boxes in ASCII, and
    /// typed non-ASCII keys may not arrive. Warn the proctor.
    public var isUTF8Locale: Bool {
        TerminalLocale.isUTF8(codeset)
    }

    /// The C library's name for the locale's character set, read by ``start()``.
    private var codeset = ""
    /// True between ``start()`` and ``stop()``.
    private var isRunning = false
    /// True when the terminal shows colours (known after ``start()``): false for a
    /// terminal without colours (`TERM=vt100`, `xterm-mono`) and whenever `NO_COLOR` is
    /// set to anything but the empty string, in which case curses is never asked for
    /// colours and writes no colour sequence.
    public private(set) var hasColors = false
    /// The palette the colour pairs are set up for.
    private var palette: ScreenPalette = .standard

    private var screen: OpaquePointer?
    private var previousFrame: CellGrid?
    private var cursorShown = false
    /// True after a frame asked for a cursor that does not blink.
    private var steadyCursor = false

    /// DECSCUSR: a steady (not blinking) block cursor, and the terminal's own cursor again.
    private static let steadyCursorSequence = "\u{1B}[2 q"
    private static let defaultCursorSequence = "\u{1B}[0 q"
    private var hangupDetector = HangupDetector()
    /// Shapes the keys curses returns: Alt chords, pastes without brackets, dropped bytes.
    private var keyStream = KeyStream()

    /// How long curses waits after ESC for the rest of a key sequence, in milliseconds.
    private static let escapeDelay: Int32 = 25
    /// How long a character's later UTF-8 bytes are waited for, in milliseconds.
    private static let sequenceDelay: Int32 = 50

    /// What the terminal answered to the graphics queries (``askAboutGraphics(askKitty:)``).
    public private(set) var terminalGraphics: TerminalGraphics?
    /// The pictures the last frame drew in a graphics protocol.
    private var drawnPictures: [PicturePlacement] = []

    /// kitty's graphics protocol: delete every picture placed on the screen (no answer).
    static let deleteKittyPictures = "\u{1B}_Ga=d,q=2\u{1B}\\"

    /// Creates a terminal that will draw on standard output once started.
    public init(sequenceWriter: TerminalSequenceWriter = TerminalSequenceWriter()) {
        self.sequenceWriter = sequenceWriter
    }

    deinit {
        stop()
    }

    /// The terminal's size in cells (zero before ``start()``).
    public var size: TerminalSize {
        guard screen != nil else { return TerminalSize(columns: 0, rows: 0) }
        return TerminalSize(columns: Int(assess_cols()), rows: Int(assess_lines()))
    }

    /// Takes over the terminal: sets the locale from the environment, starts curses with
    /// raw keys (Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys, not signals), no echo, keypad
    /// decoding, bracketed-paste markers as keys, a hidden cursor, and colours when
    /// available. Install signal handlers after this: curses installs its own for
    /// SIGINT, SIGTERM, SIGTSTP and SIGWINCH if they are still at their defaults.
    /// Calling it again after ``stop()`` resumes the screen.
    public func start() throws {
        guard !isRunning else { return }
        if screen != nil {
            clearok(assess_stdscr(), true)
            previousFrame = nil
            wrefresh(assess_stdscr())
            keypad(assess_stdscr(), true)
            isRunning = true
            return
        }
        // The environment's locale, or C.UTF-8 when it is missing or not UTF-8.
        _ = TerminalLocale.adopt(environment: ProcessInfo.processInfo.environment)
        codeset = String(cString: assess_codeset())
        guard let newScreen = assess_newterm() else {
            throw TerminalStartError.unknownTerminal(getenv("TERM").map { String(cString: $0) })
        }
        screen = newScreen
        raw()
        noecho()
        keypad(assess_stdscr(), true)
        // Bytes with the high bit set arrive whole (UTF-8), never stripped to seven bits.
        meta(assess_stdscr(), true)
        set_escdelay(Self.escapeDelay)
        // The loop draws only when no key waits (`hasPendingInput`): curses need not look
        // for typed-ahead keys in the middle of a frame (a `poll` per line it draws).
        typeahead(-1)
        define_key("\u{1B}[200~", Int32(KeyDecoder.pasteBeginCode))
        define_key("\u{1B}[201~", Int32(KeyDecoder.pasteEndCode))
        curs_set(0)
        cursorShown = false
        startColors()
        // Until its first suspension, curses sends what it has at every cursor movement
        // (a frame went out in as many writes as it had rows changed: as many packets over
        // SSH, and a terminal could show half a frame). A screen suspended and refreshed
        // is "running": its frames then go out in one write. The two happen here, before
        // anything is drawn: the terminal sees the alternate screen left and entered again.
        // The keypad's mode comes back at the next key read, which would be too late for
        // the first key (an arrow would arrive as Escape and two letters): set it now.
        endwin()
        doupdate()
        keypad(assess_stdscr(), true)
        isRunning = true
    }

    /// Gives the terminal back: bracketed paste off, cursor shown, curses ended. Safe to
    /// call more than once and before ``start()``.
    public func stop() {
        guard isRunning else { return }
        isRunning = false
        try? sequenceWriter.disablePasteRejection()
        if steadyCursor {
            try? sequenceWriter.write(Self.defaultCursorSequence)
            steadyCursor = false
        }
        if drawnPictures.contains(where: { $0.graphics.graphicsProtocol == .kitty }) {
            try? sequenceWriter.write(Self.deleteKittyPictures)
        }
        drawnPictures = []
        curs_set(1)
        endwin()
    }

    /// Asks the terminal what it can draw (``TerminalGraphics/queries(askKitty:)``), once:
    /// a second call returns the first one's. Its answers, as they come among the keys, go
    /// to the ``TerminalGraphics`` returned. Call it after ``start()`` and before the first
    /// frame, which covers anything a terminal showed of a query it did not understand.
    public func askAboutGraphics(askKitty: Bool) -> TerminalGraphics {
        if let terminalGraphics { return terminalGraphics }
        let graphics = TerminalGraphics(cell: Self.cellPixels())
        terminalGraphics = graphics
        if isRunning { try? sequenceWriter.write(TerminalGraphics.queries(askKitty: askKitty)) }
        return graphics
    }

    /// The size of a cell in pixels as the kernel has it from the terminal (`TIOCGWINSZ`),
    /// or `nil` when the terminal does not fill it in.
    public static func cellPixels() -> CellPixels? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
            size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        return CellPixels(
            width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }

    /// Shows `grid`: copies to curses only the cells that differ from the previous frame
    /// (everything after a size change or a resumed screen), places or hides the
    /// cursor, and updates the terminal once.
    public func draw(_ grid: CellGrid) {
        guard isRunning else { return }
        let window = assess_stdscr()
        // A new palette changes how every cell looks: set up its pairs and draw it all.
        let paletteChanged = grid.palette != palette
        if paletteChanged, hasColors { setUpPairs(for: grid.palette) } else { palette = grid.palette }
        if grid.steadyCursor != steadyCursor {
            steadyCursor = grid.steadyCursor
            try? sequenceWriter.write(steadyCursor ? Self.steadyCursorSequence : Self.defaultCursorSequence)
        }
        var changes = FrameDiff.changes(from: paletteChanged ? nil : previousFrame, to: grid)
        if changes.redrawsEverything {
            clearok(window, true)
            // Where a blank cell is the terminal's own blank (every palette but high
            // contrast), curses' copy of the screen is erased and only the other cells are
            // written: the first frame of a mostly blank screen costs a fraction.
            if Self.pair(for: .normal, palette: palette, hasColors: hasColors) == 0 {
                werase(window)
                changes.cells =
                    FrameDiff.changes(from: CellGrid(rows: grid.rows, columns: grid.columns), to: grid).cells
            }
        }
        for position in changes.cells {
            drawCell(grid[position.row, position.column], row: position.row, column: position.column)
        }
        // Pictures in a graphics protocol: where one was and is no more, or moved, curses
        // draws every cell again (a sixel stays in the cells until text covers them), and
        // kitty's placements are deleted before the pictures are placed again.
        let pictures = grid.uncoveredPictures
        let picturesChanged = pictures != drawnPictures
        if picturesChanged, !drawnPictures.isEmpty, !changes.redrawsEverything {
            clearok(window, true)
            changes.redrawsEverything = true
        }
        let redrawsPictures =
            picturesChanged || changes.redrawsEverything
            || changes.cells.contains { cell in pictures.contains { $0.covers(row: cell.row, column: cell.column) } }
        placeCursor(grid.cursor, in: grid)
        sequenceWriter.lock.withLock {
            wnoutrefresh(window)
            doupdate()
            if redrawsPictures { drawPictures(pictures) }
        }
        drawnPictures = pictures
        previousFrame = grid
    }

    /// Writes `pictures` after curses' frame, each from its top-left cell, and puts the
    /// cursor back where curses left it (DECSC and DECRC), so curses' next frame starts from
    /// where it believes the cursor is. Called with the output lock held.
    private func drawPictures(_ pictures: [PicturePlacement]) {
        var bytes: [UInt8] = []
        if drawnPictures.contains(where: { $0.graphics.graphicsProtocol == .kitty })
            || pictures.contains(where: { $0.graphics.graphicsProtocol == .kitty })
        {
            bytes += Array(Self.deleteKittyPictures.utf8)
        }
        for picture in pictures {
            bytes += Array("\u{1B}7\u{1B}[\(picture.row + 1);\(picture.column + 1)H".utf8)
            bytes += picture.graphics.bytes
            bytes += Array("\u{1B}8".utf8)
        }
        sequenceWriter.writeLocked(bytes)
    }

    /// Waits up to `timeoutMilliseconds` (forever when `nil`) for a key. Returns `nil`
    /// on timeout, and ``Key/hangup`` once reads keep failing (the terminal is gone; see
    /// ``HangupDetector``). Alt chords, pastes without brackets and dropped bytes that are
    /// not text come as ``KeyStream`` shapes them.
    public func readKey(timeoutMilliseconds: Int?) -> Key? {
        guard isRunning else { return nil }
        let key = keyStream.next(timeoutMilliseconds: timeoutMilliseconds, from: self)
        for reply in keyStream.takeReplies() { terminalGraphics?.record(reply) }
        return key
    }

    /// One read, decoded: a key, nothing within the timeout, or bytes that are not text.
    /// ``Key/hangup`` once reads keep failing.
    ///
    /// In a UTF-8 locale the bytes are read one at a time (`wgetch`, which still decodes
    /// the keypad's sequences) and put together here: curses' own `wget_wch` answers a
    /// burst of invalid bytes with a few EILSEQ failures and then swallows the rest unseen
    /// until its timeout, so neither the bytes nor their number could be told.
    public func readRaw(timeoutMilliseconds: Int?) -> RawRead {
        guard isRunning else { return .nothing }
        let window = assess_stdscr()
        let timeout = timeoutMilliseconds.map { max(0, $0) }
        wtimeout(window, Int32(clamping: timeout ?? -1))
        let utf8 = isUTF8Locale
        var value: wint_t = 0
        let started = ContinuousClock.now
        assess_clear_errno()
        let status = utf8 ? wgetch(window) : wget_wch(window, &value)
        let errorNumber = assess_errno()
        guard status != ERR else {
            let elapsed = started.duration(to: .now)
            let early = timeout.map { $0 > 0 && elapsed < .milliseconds($0) / 2 } ?? true
            let failure: HangupDetector.ReadResult =
                Self.inputHungUp ? .inputClosed : .failed(errorNumber: errorNumber, early: early)
            if hangupDetector.record(failure) { return .key(.hangup) }
            return errorNumber == EILSEQ ? .invalid(bytes: 1) : .nothing
        }
        _ = hangupDetector.record(.key)
        if utf8 {
            guard status < 0x100 else {
                return KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(status)).map(RawRead.key) ?? .nothing
            }
            return readUTF8(startingWith: UInt8(status), in: window)
        }
        return KeyDecoder.decode(status: status, value: UInt32(value)).map(RawRead.key) ?? .nothing
    }

    /// The rest of the UTF-8 sequence `lead` starts: its bytes come in the same write, so
    /// each is waited for briefly. A byte that cannot come next is handed back to curses
    /// for the next read; what was read before it is dropped as invalid.
    private func readUTF8(startingWith lead: UInt8, in window: UnsafeMutablePointer<WINDOW>?) -> RawRead {
        guard let length = KeyDecoder.utf8SequenceLength(lead: lead) else { return .invalid(bytes: 1) }
        var bytes = [lead]
        wtimeout(window, Self.sequenceDelay)
        while bytes.count < length {
            let next = wgetch(window)
            guard next != ERR else { return .invalid(bytes: bytes.count) }
            guard next < 0x100, KeyDecoder.isUTF8Continuation(UInt8(next)) else {
                ungetch(next)
                return .invalid(bytes: bytes.count)
            }
            bytes.append(UInt8(next))
        }
        guard let scalar = KeyDecoder.scalar(fromUTF8: bytes) else { return .invalid(bytes: bytes.count) }
        return KeyDecoder.decode(status: OK, value: scalar.value).map(RawRead.key) ?? .nothing
    }

    /// True when standard input reports that the terminal hung up (`poll`'s POLLHUP or
    /// POLLERR, or POLLNVAL once closed). Its reads then return at once with nothing, and
    /// `poll` calls it readable too, so a loop that waits for input would never wait.
    private static var inputHungUp: Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// True when input is waiting on standard input or arrives within `milliseconds`.
    public func inputArrives(withinMilliseconds milliseconds: Int) -> Bool {
        guard isRunning else { return false }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(clamping: max(0, milliseconds))) > 0
            && descriptor.revents & Int16(POLLIN) != 0
    }

    /// Waits for a key or for `wakeDescriptor` to become readable, whichever comes first
    /// within `timeoutMilliseconds`; `nil` on a wake-up (the pipe emptied) or a timeout.
    /// Curses reads one byte at a time, so a key it has not decoded yet is still on
    /// standard input for `poll` to see; a new size arrives as a wake-up (SIGWINCH) and
    /// is read from curses without waiting.
    public func readKey(timeoutMilliseconds: Int?, wakeDescriptor: Int32?) -> Key? {
        guard isRunning, let wakeDescriptor, timeoutMilliseconds.map({ $0 > 0 }) ?? true else {
            return readKey(timeoutMilliseconds: timeoutMilliseconds)
        }
        // Keys already read, a paste in progress or dropped bytes to report: the stream
        // decides, within a short time, before the loop waits on anything else.
        if keyStream.hasHeldKeys || keyStream.inBurst || keyStream.droppedBytes > 0 {
            return readKey(
                timeoutMilliseconds: min(
                    timeoutMilliseconds ?? KeyStream.quietMilliseconds,
                    KeyStream.quietMilliseconds))
        }
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, Int32(clamping: timeoutMilliseconds ?? -1))
        if ready > 0 && descriptors[1].revents != 0 { LoopWaker.drain() }
        // Input, a hang-up (POLLHUP, POLLERR) or a wake-up that may be a new size: curses decides.
        if ready > 0 && descriptors[0].revents != 0 { return readKey(timeoutMilliseconds: timeoutMilliseconds) }
        return readKey(timeoutMilliseconds: 0)
    }

    /// Throws away every key typed before now, unread: what was typed ahead while a
    /// prompt before the screen waited (a password typed twice) never acts on the screen.
    public func discardTypedAhead() {
        guard isRunning else { return }
        flushinp()
        keyStream = KeyStream()
    }

    /// True when bytes are waiting on standard input (where curses reads keys), checked
    /// without waiting. Curses reads one byte at a time, so what it has not decoded yet is
    /// still there.
    public var hasPendingInput: Bool {
        guard isRunning else { return false }
        if keyStream.hasHeldKeys || keyStream.inBurst { return true }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    // MARK: Private

    private func startColors() {
        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty } == false
        hasColors = !noColor && has_colors()
        guard hasColors else { return }
        start_color()
        defaultBackground = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
        setUpPairs(for: .standard)
    }

    /// The background of the standard palette: the terminal's own when it allows that.
    private var defaultBackground = Int16(COLOR_BLACK)

    /// One colour pair per role for `palette`. High contrast puts every role on black,
    /// in white, yellow or cyan, or in white on red for errors, and gives the terminal's
    /// normal text a pair of its own (white on black).
    private func setUpPairs(for palette: ScreenPalette) {
        self.palette = palette
        for role in ColorRole.allCases {
            let (foreground, background) = Self.colors(for: role, in: palette, defaultBackground: defaultBackground)
            init_pair(Self.pairNumber(for: role), foreground, background)
        }
        // The 56 pairs of two different basic colours a mosaic's cells use, after the roles'
        // (62 in all: within the 64 of an 8-colour terminal such as TERM=screen).
        picturePairs = Int(assess_color_pairs()) > Self.picturePairBase + 56
        if picturePairs {
            for ink in UInt8(0)..<8 {
                for paper in UInt8(0)..<8 where paper != ink {
                    let colours = PictureColours(ink: ink, paper: paper)
                    init_pair(Self.pairNumber(for: colours), Int16(ink), Int16(paper))
                }
            }
        }
    }

    /// True when the terminal has the pairs a mosaic's colours need; without them a mosaic
    /// is drawn in the terminal's own two colours.
    private var picturePairs = false
    /// The pair before the first picture pair: the roles' pairs come first.
    private static let picturePairBase = ColorRole.allCases.count

    private static func pairNumber(for colours: PictureColours) -> Int16 {
        let paperIndex = colours.paper < colours.ink ? colours.paper : colours.paper - 1
        return Int16(picturePairBase + 1 + Int(colours.ink) * 7 + Int(paperIndex))
    }

    private static func colors(for role: ColorRole, in palette: ScreenPalette, defaultBackground: Int16) -> (
        Int16, Int16
    ) {
        let black = Int16(COLOR_BLACK)
        let white = Int16(COLOR_WHITE)
        switch (palette, role) {
        case (.highContrast, .normal): return (white, black)
        case (.highContrast, .accent): return (Int16(COLOR_CYAN), black)
        case (.highContrast, .warning): return (Int16(COLOR_YELLOW), black)
        case (.highContrast, .error): return (white, Int16(COLOR_RED))
        case (.highContrast, .success): return (white, black)
        case (_, .normal): return (-1, defaultBackground)
        case (_, .accent): return (Int16(COLOR_CYAN), defaultBackground)
        case (_, .warning): return (Int16(COLOR_YELLOW), defaultBackground)
        case (_, .error): return (Int16(COLOR_RED), defaultBackground)
        case (_, .success): return (Int16(COLOR_GREEN), defaultBackground)
        }
    }

    private func attributes(for style: CellStyle) -> attr_t {
        var attributes = assess_a_normal()
        if style.bold { attributes |= assess_a_bold() }
        if style.dim { attributes |= assess_a_dim() }
        if style.underline { attributes |= assess_a_underline() }
        if style.reverse { attributes |= assess_a_reverse() }
        return attributes
    }

    /// Draws one non-continuation cell. The grapheme goes to curses as its first scalar
    /// plus the combining scalars that follow (as many as a `cchar_t` holds). If the C
    /// library measures it differently from ``DisplayWidth``, an ASCII stand-in is drawn
    /// instead, padded with a space for a wide cell, so the row never shifts.
    private func drawCell(_ cell: Cell, row: Int, column: Int) {
        let attributes = attributes(for: cell.style)
        var pair = Self.pair(for: cell.style.color, palette: palette, hasColors: hasColors)
        if let colours = cell.style.picture, picturePairs, hasColors, palette != .monochrome {
            pair = Self.pairNumber(for: colours)
        }
        let grapheme = cell.grapheme
        // Most cells are one printable ASCII character, one column wide in every locale.
        if let ascii = grapheme.asciiValue, ascii >= 0x20, ascii < 0x7F {
            assess_put_ascii_cell(Int32(row), Int32(column), wchar_t(ascii), attributes, pair)
            return
        }
        let width = cell.isWide ? 2 : 1
        let scalars = grapheme.unicodeScalars
        let first = scalars.first!
        if Int(assess_wcwidth(wchar_t(bitPattern: first.value))) == width {
            var characters: [wchar_t] = [wchar_t(bitPattern: first.value)]
            for scalar in scalars.dropFirst() {
                guard characters.count < Int(assess_cchar_max()) - 1, scalar.properties.generalCategory.isCombining
                else { break }
                characters.append(wchar_t(bitPattern: scalar.value))
            }
            characters.append(0)
            assess_put_cell(Int32(row), Int32(column), characters, attributes, pair)
        } else {
            let standIn = CellFallback.ascii(for: grapheme)
            var characters: [wchar_t] = [wchar_t(bitPattern: standIn.unicodeScalars.first!.value), 0]
            assess_put_cell(Int32(row), Int32(column), characters, attributes, pair)
            if width == 2 {
                characters[0] = wchar_t(bitPattern: 0x20)
                assess_put_cell(Int32(row), Int32(column + 1), characters, attributes, pair)
            }
        }
    }

    /// The colour pair a role draws with: none without colours or in the monochrome
    /// palette, and the normal role's own pair only in high contrast (elsewhere normal
    /// text keeps the terminal's colours).
    private static func pair(for role: ColorRole, palette: ScreenPalette, hasColors: Bool) -> Int16 {
        guard hasColors, palette != .monochrome else { return 0 }
        return role == .normal && palette != .highContrast ? 0 : pairNumber(for: role)
    }

    /// The pair set up for `role`: its raw value, except the normal role, which has pair 0
    /// (fixed to the terminal's colours) as its raw value and so gets the number after the others.
    private static func pairNumber(for role: ColorRole) -> Int16 {
        role == .normal ? Int16(ColorRole.allCases.count) : Int16(role.rawValue)
    }

    private func placeCursor(_ cursor: CellPosition?, in grid: CellGrid) {
        let window = assess_stdscr()
        if let cursor, grid.contains(row: cursor.row, column: cursor.column) {
            if !cursorShown {
                curs_set(1)
                cursorShown = true
            }
            wmove(window, Int32(cursor.row), Int32(cursor.column))
        } else {
            if cursorShown {
                curs_set(0)
                cursorShown = false
            }
        }
    }
}

extension Unicode.GeneralCategory {
    /// Marks that curses accepts after a cell's spacing character.
    fileprivate var isCombining: Bool {
        self == .nonspacingMark || self == .enclosingMark || self == .spacingMark
    }
}
