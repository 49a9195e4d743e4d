import AssessCore
import AssessExam
import Foundation
import Synchronization

/// Where a waiting seat learns that its sitting opened: the store, in the executable.
public protocol OpeningWatch: Sendable {
    /// Asks the store once; true when the sitting is open and its questions were read.
    func questionsArrived() throws -> Bool
    /// Waits up to `milliseconds` for news of the opening (a notification, a file
    /// written); true when it may have come.
    func waitForNews(milliseconds: Int) -> Bool
    /// Makes a wait in progress return at once, from any thread.
    func interrupt()
}

/// How the wait on a cover ended.
public enum CoverOutcome: Sendable, Equatable {
    /// The sitting opened and the questions were read: the sitting may begin.
    case opened
    /// The student left (Esc) before the opening.
    case left
    /// A stop signal came, or the terminal went away.
    case stopped
}

/// The seat's screen before a published exam's sitting opens: the exam's cover (title,
/// time, number of questions, instructions) and a line saying it waits. A thread of its own
/// asks the store whenever the store says something may have changed (LISTEN on
/// PostgreSQL, the news file on SQLite, and at least once a second), so no key waits on it.
public final class CoverApp {
    private let model: CoverModel
    private let terminal: any TerminalDevice
    private let watch: any OpeningWatch
    private let clock: any Clock

    /// - Parameter deliveryKey: The published exam's delivery key, shown as the exam key.
    public init(
        cover: ExamCover, deliveryKey: String, candidate: String, language: InterfaceLanguage,
        accessibility: AccessibilitySettings, terminal: any TerminalDevice, watch: any OpeningWatch, clock: any Clock
    ) {
        model = CoverModel(
            cover: cover, deliveryKey: deliveryKey, candidate: candidate, language: language,
            accessibility: accessibility)
        self.terminal = terminal
        self.watch = watch
        self.clock = clock
    }

    /// Shows the cover until the sitting opens or the student leaves; returns how it ended.
    public func run() -> CoverOutcome {
        let inbox = ProgramInbox<CoverModel.Event>()
        let watching = Mutex(true)
        let watch = watch
        let done = DispatchSemaphore(value: 0)
        let watcher = Thread {
            ThreadName.setForCallingThread("assess opening")
            defer { done.signal() }
            while watching.withLock({ $0 }) {
                do {
                    if try watch.questionsArrived() {
                        inbox.post(.opened)
                        return
                    }
                    inbox.post(.readAgain)
                } catch {
                    inbox.post(.readFailed("\(error)"))
                }
                _ = watch.waitForNews(milliseconds: 1000)
            }
        }
        watcher.start()
        let outcome = Program(model: model, terminal: terminal, clock: clock, runner: CoverEffects(), inbox: inbox)
            .run()
        watching.withLock { $0 = false }
        watch.interrupt()
        done.wait()
        return outcome
    }
}

extension CoverApp {
    /// Draws the frame a seat shows while it asks the store for a published exam: the
    /// welcome screen's header, the exam's id and the candidate; the cover or the welcome
    /// screen replaces it when the store answers, so the first frame waits on no network.
    public static func drawAsking(
        exam: String, candidate: String, language: InterfaceLanguage, accessibility: AccessibilitySettings,
        on terminal: any TerminalDevice
    ) {
        var grid = CellGrid(size: terminal.size)
        let text = Catalogue.of(language)
        ScreenKit.drawing(with: ScreenLook(accessibility), text: text, into: &grid) { grid in
            guard grid.columns >= ExamScreens.minimumSize.columns, grid.rows >= ExamScreens.minimumSize.rows else {
                ExamScreens.tooSmall(columns: grid.columns, rows: grid.rows, into: &grid)
                return
            }
            let width = grid.columns - 2 * ScreenKit.margin
            ScreenKit.headerBar(left: "assess", right: text("header.exam"), into: &grid)
            let row = ScreenKit.paragraph(exam, row: 2, width: width, style: ScreenKit.title, into: &grid) + 1
            ScreenKit.labelled([(text("label.candidate"), candidate)], row: row, width: width, into: &grid)
            grid.cursor = CellPosition(row: 2, column: ScreenKit.margin)
        }
        terminal.draw(grid)
    }
}

/// The cover as the program's model.
struct CoverModel: ProgramModel {
    enum Event: Sendable {
        case key(Key)
        case ended
        /// The store answered: the sitting is not open yet.
        case readAgain
        /// The store could not be asked (shown, and tried again).
        case readFailed(String)
        case opened
    }

    let cover: ExamCover
    let deliveryKey: String
    let candidate: String
    let text: Catalogue
    let look: ScreenLook
    private(set) var problem: String?
    private(set) var showsHelp = false

    init(
        cover: ExamCover, deliveryKey: String, candidate: String, language: InterfaceLanguage,
        accessibility: AccessibilitySettings
    ) {
        self.cover = cover
        self.deliveryKey = deliveryKey
        self.candidate = candidate
        text = Catalogue.of(language)
        look = ScreenLook(accessibility)
    }

    mutating func event(for input: TerminalInput) -> Event? {
        switch input {
        case .key(let key): return .key(key)
        case .resized, .tick: return nil
        case .stop, .hangup: return .ended
        }
    }

    mutating func update(_ event: Event, now: UInt64) -> [CoverOutcome] {
        switch event {
        case .ended: return [.stopped]
        case .opened: return [.opened]
        case .readAgain: problem = nil
        case .readFailed(let why): problem = why
        case .key(.function(1)): showsHelp.toggle()
        case .key(.escape) where showsHelp: showsHelp = false
        case .key(.escape), .key(.control("c")): return [.left]
        case .key: break
        }
        return []
    }

    func untilNextTick(now: UInt64) -> Int? { nil }

    mutating func render(now: UInt64, into grid: inout CellGrid) {
        grid.clear()
        grid.cursor = nil
        let model = self
        ScreenKit.drawing(with: look, text: text, into: &grid) { grid in
            if grid.columns < ExamScreens.minimumSize.columns || grid.rows < ExamScreens.minimumSize.rows {
                ExamScreens.tooSmall(columns: grid.columns, rows: grid.rows, into: &grid)
            } else if model.showsHelp {
                ScreenKit.keyHelp(
                    ScreenKit.text("help.title"),
                    keys: [("Esc", ScreenKit.text("key.quit")), ("F1", ScreenKit.text("key.help"))],
                    back: ScreenKit.text("key.back"), into: &grid)
            } else {
                model.drawCover(into: &grid)
            }
        }
    }

    /// The welcome screen's layout, with the cover's facts and the line that it waits.
    private func drawCover(into grid: inout CellGrid) {
        let text = ScreenKit.text
        let width = grid.columns - 2 * ScreenKit.margin
        ScreenKit.headerBar(left: "assess", right: text("header.exam"), into: &grid)
        var row = ScreenKit.paragraph(cover.title, row: 2, width: width, style: ScreenKit.title, into: &grid) + 1
        row =
            ScreenKit.labelled(
                [
                    (text("label.candidate"), candidate),
                    (text("label.time"), ScreenKit.duration(cover.durationSeconds)),
                    (text("label.questions"), text.language.number(cover.questionCount)),
                    (text("label.exam-key"), ExamKey.short(deliveryKey)),
                ],
                row: row, width: width, into: &grid) + 1
        row =
            ScreenKit.paragraph(text("cover.waiting"), row: row, width: width, style: ScreenKit.title, into: &grid) + 1
        grid.cursor = CellPosition(row: 2, column: ScreenKit.margin)
        if !cover.instructions.isEmpty {
            if !ScreenKit.look.linear {
                grid.horizontalRule(
                    row: row - 1, columns: ScreenKit.margin..<(grid.columns - ScreenKit.margin), style: ScreenKit.dim)
            }
            ScreenKit.paragraph(cover.instructions, row: row, width: width, into: &grid, lastRow: grid.rows - 4)
        }
        ScreenKit.notice(problem.map { text("cover.not-read", ["problem": $0]) }, into: &grid)
        ScreenKit.footer([("Esc", text("key.quit"))], pinned: ExamScreens.helpFooterKey, into: &grid)
    }
}

/// The cover's only effect ends the program.
struct CoverEffects: EffectRunner {
    typealias Model = CoverModel

    func perform(_ effect: CoverOutcome) -> CoverOutcome? { effect }
}
