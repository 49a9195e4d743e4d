import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// The proctor's monitor without a terminal: the model's sorting, filtering, finding,
/// scrolling and command prompts, and its screens drawn whole.
@Suite struct MonitorTests {
    static let golden = GoldenScreens(
        folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("MonitorScreens").path)
    static let second: UInt64 = 1_000_000_000

    /// The exam key most seats run, and the older version one seat runs.
    static let key = "ab12cd34" + String(repeating: "0", count: 56)
    static let oldKey = "ff99aa01" + String(repeating: "0", count: 56)

    /// A room of `count` seats in every state, as a store would read it.
    static func room(_ count: Int) -> [SeatView] {
        (0..<count).map { index in
            let candidate = "c-\(index < 10 ? "00" : index < 100 ? "0" : "")\(index)"
            var seat = SeatView(
                exam: "algebra", candidate: candidate, host: "lab-\(index / 30 + 1)", tty: "/dev/pts/\(index % 30)",
                leaseAge: 2, attempt: "a-\(index)", examKey: index == 7 ? Self.oldKey : Self.key,
                status: "inProgress", secondsAllowed: 3600, secondsUsed: 600 + index, progressAge: 1,
                answered: index % 13, flagged: index % 4 == 0 ? 1 : 0, lastEvent: "answer.saved",
                lastEventAge: Double(index % 50))
            switch index % 10 {
            case 1: seat.status = "submitted"
            case 3: seat.lastHold = "exam.paused"
            case 5: seat.leaseAge = 45
            case 6:
                (seat.attempt, seat.examKey, seat.status, seat.secondsAllowed) = (nil, nil, nil, nil)
                (seat.answered, seat.flagged, seat.lastEvent, seat.lastEventAge) = (0, 0, nil, nil)
            case 8: seat.warnings = ["paste.rejected": 2, "key.quit-ignored": 1]
            case 9: seat.pendingCommands = 1
            default: break
            }
            return seat
        }
    }

    static func model(_ seats: [SeatView], rows: Int = 24) -> MonitorModel {
        var model = MonitorModel(exams: ["algebra"], lostAfter: 30, questionCounts: ["algebra": 12])
        _ = model.update(.resized(rows: rows - MonitorScreen.chromeRows), now: 0)
        _ = model.update(.read(seats), now: 0)
        return model
    }

    static func render(_ model: MonitorModel, size: TerminalSize = TerminalSize(columns: 80, rows: 24), now: UInt64 = 0)
        -> CellGrid
    {
        var grid = CellGrid(size: size)
        MonitorScreen.render(model, now: now, timeZone: TimeZone(identifier: "UTC")!, into: &grid)
        return grid
    }

    @Test func twoHundredSeatsAt80x24ScrollWithTotalsAndTheKeysInUse() {
        var model = Self.model(Self.room(200))
        Self.golden.assertMatches(Self.render(model), named: "room-200-80x24")
        for _ in 0..<40 { _ = model.update(.key(.down), now: 0) }
        #expect(model.cursor?.candidate == "c-040")
        #expect(model.top == 40 - model.visibleRows + 1)
        _ = model.update(.key(.end), now: 0)
        #expect(model.cursor?.candidate == "c-199")
        Self.golden.assertMatches(Self.render(model), named: "room-200-end-80x24")
        #expect(model.totals(now: 0).map(\.state) == [.welcome, .answering, .paused, .submitted, .lost])
        #expect(model.keysInUse.map(\.key) == [Self.key, Self.oldKey])
    }

    @Test func f1OrQuestionMarkListsEveryKeyOfTheScreenBelowAndNothingActsBehindIt() {
        var model = Self.model(Self.room(20))
        #expect(Self.render(model).lines().last?.contains("F1 help") == true)
        _ = model.update(.key(.character("?")), now: 0)
        #expect(model.showsHelp)
        let grid = Self.render(model)
        Self.golden.assertMatches(grid, named: "help-room-80x24")
        #expect(grid.cursor == CellPosition(row: 2, column: ScreenKit.margin))
        // The footer leaves `s`, `r`, `f` and the moving keys out at 80 columns; the help names every key.
        let screen = grid.lines().joined(separator: "\n")
        for (key, _) in model.helpKeys { #expect(screen.contains(key), "\(key)") }
        // Behind the help, the keys of the room do nothing.
        #expect(model.update(.key(.character("A")), now: 0).isEmpty && model.update(.key(.down), now: 0).isEmpty)
        #expect(model.mode == .list && model.cursor?.candidate == "c-000")
        _ = model.update(.key(.escape), now: 0)
        #expect(!model.showsHelp && model.mode == .list)
        // While a candidate's id is typed, `?` is typed too; F1 still opens the help.
        _ = model.update(.key(.character("/")), now: 0)
        _ = model.update(.key(.character("?")), now: 0)
        #expect(!model.showsHelp && model.find.text == "?")
        _ = model.update(.key(.function(1)), now: 0)
        #expect(model.showsHelp && model.helpKeys.contains { $0.0 == "Ctrl-U / Ctrl-R" })
        _ = model.update(.key(.function(1)), now: 0)
        #expect(!model.showsHelp && model.mode == .find)
    }

    @Test func everySeatShownLeavesOutTheCandidatesNotArrivedAndThoseWhoFinished() {
        var seats = Self.room(10)
        seats.append(SeatView(exam: "algebra", candidate: "c-absent"))
        var model = Self.model(seats)
        #expect(seats[1].state(lostAfter: 30) == .submitted && seats[10].state(lostAfter: 30) == .notArrived)
        _ = model.update(.key(.character("A")), now: 0)
        guard case .menu(let targets, _) = model.mode else {
            Issue.record("A opened no menu: \(model.mode)")
            return
        }
        #expect(
            targets.map(\.candidate) == [
                "c-000", "c-002", "c-003", "c-004", "c-005", "c-006", "c-007", "c-008", "c-009",
            ])
    }

    /// A room of four candidates with names on the roster (one without), in several states.
    static func namedRoom(exams: [String] = ["algebra"]) -> [SeatView] {
        let names = ["Ana Lima", "Okafor, Ben", nil, "Nguyễn Thị Minh Khai"]
        return (0..<4).map { index in
            var seat = room(4)[index]
            seat.exam = exams[index % exams.count]
            seat.name = names[index]
            seat.candidate = ["ana", "ben", "cy-2026-0042", "minh"][index]
            seat.secondsAllowed = [5400, 3600, 8040, 600][index]
            seat.lastEvent = ["accessibility.set", "proctor.command", "answer.saved", "exam.time-added"][index]
            seat.lastEventAge = [4, 75, 12, 3][index]
            if index == 3 {
                seat.warnings = [
                    "paste.rejected": 2, "key.quit-ignored": 1, "terminal.too-small": 1, "store.outage": 3,
                ]
            }
            if index == 0 { seat.warnings = ["paste.rejected": 2, "key.quit-ignored": 1] }
            return seat
        }
    }

    @Test func at80ColumnsTheRosterNamesOneTimeFormWordsForEventsTotalsWholeWarningsAndTheActionKeysShow() {
        var model = Self.model(Self.namedRoom())
        let grid = Self.render(model)
        Self.golden.assertMatches(grid, named: "room-names-80x24")
        let lines = grid.lines()
        func row(_ who: String) -> String { lines.first { $0.contains(who) } ?? "" }
        #expect(row("Ana Lima").contains("1:19:59") && row("Ana Lima").contains("0/12"))
        #expect(row("Ana Lima").contains("4s settings") && row("Ana Lima").contains("paste2 quit1"))
        #expect(row("Okafor, Ben").contains("1m obeyed") && row("Okafor, Ben").contains("lab-1 pts/1"))
        #expect(row("cy-2026-00…").contains("2:03:57"))
        #expect(row("Nguyễn Thị…").contains("0:00:00") && row("Nguyễn Thị…").contains("3s +time"))
        #expect(row("Nguyễn Thị…").contains("paste2 +3"))
        for key in ["a/A act", "o open", "Enter timeline", "Space mark", "/ find", "q quit", "F1 help"] {
            #expect(lines[23].contains(key), "\(key): \(lines[23])")
        }
        // Finding matches the name as well as the id; sorting by candidate sorts what shows.
        _ = model.update(.key(.character("/")), now: 0)
        for character in "okafor" { _ = model.update(.key(.character(character)), now: 0) }
        #expect(model.rows(now: 0).map(\.candidate) == ["ben"])
        _ = model.update(.key(.escape), now: 0)
        _ = model.update(.key(.character("r")), now: 0)
        #expect(model.rows(now: 0).map(\.candidate) == ["ben", "minh", "cy-2026-0042", "ana"])
        // With one exam, `s` steps through the columns on screen: no exam column.
        var sorts: [MonitorModel.Column] = []
        for _ in model.columns {
            _ = model.update(.key(.character("s")), now: 0)
            sorts.append(model.sort)
        }
        #expect(!sorts.contains(.exam) && sorts.last == .candidate)
    }

    @Test func severalExamsHaveAColumnOfTheirOwnSoNoIdRunsIntoItsExam() {
        var model = MonitorModel(exams: [], lostAfter: 30, questionCounts: ["algebra": 12, "geography-quiz": 8])
        _ = model.update(.resized(rows: 24 - MonitorScreen.chromeRows), now: 0)
        _ = model.update(.read(Self.namedRoom(exams: ["algebra", "geography-quiz"])), now: 0)
        let grid = Self.render(model)
        Self.golden.assertMatches(grid, named: "room-exams-80x24")
        let lines = grid.lines()
        #expect(lines[3].contains("candidate") && lines[3].contains("exam"))
        let ben = lines.first { $0.contains("Okafor, Ben") } ?? ""
        #expect(ben.contains("Okafor, Ben geograp…") && ben.contains("1/8"), "\(ben)")
        #expect(model.columns.contains(.exam))
    }

    @Test func aPlaceTooLongGivesWayInItsHostAndKeepsItsTerminal() {
        let seat = SeatView(exam: "algebra", candidate: "ana", host: "lab-pc-07", tty: "/dev/pts/12")
        #expect(MonitorText.place(seat) == "lab-pc-07 pts/12")
        #expect(MonitorText.place(seat, width: 12) == "lab-… pts/12")
        #expect(MonitorText.place(seat, width: 16) == "lab-pc-07 pts/12")
    }

    @Test func warningsShowWholeAndCountTheKindsLeftOut() {
        let seat = Self.namedRoom()[3]
        #expect(MonitorText.warnings(seat) == "paste2 quit1 small1 outage3")
        #expect(MonitorText.warnings(seat, width: 15) == "paste2 quit1 +2")
        #expect(MonitorText.warnings(seat, width: 9) == "paste2 +3")
        #expect(MonitorText.warnings(seat, width: 3) == "+4")
        #expect(MonitorText.warnings(Self.room(1)[0], width: 3) == "")
    }

    @Test func timeLeftHasOneFormAndEventsReadInAProctorsWords() {
        #expect(MonitorText.timeLeft(581) == "0:09:41")
        #expect(MonitorText.timeLeft(5392) == "1:29:52")
        #expect(MonitorText.timeLeft(8040) == "2:14:00")
        #expect(MonitorText.eventName("accessibility.set") == "settings")
        #expect(MonitorText.eventName("proctor.command") == "obeyed")
        #expect(MonitorText.eventName("proctor.command-issued") == "sent")
        // A kind not named reads as its words.
        #expect(MonitorText.eventName("hand.raised-again") == "hand raised again")
    }

    @Test func aLongNoticeWrapsWholeOverTheLastRows() {
        var model = Self.model(Self.rosterRoom())
        _ = model.update(
            .starts([
                SittingStart(exam: "algebra", rosterSize: 5, hasCode: false, secondsSinceOpening: nil, openedBy: nil)
            ]),
            now: 0)
        _ = model.update(.startCodeMade(exam: "algebra", code: "K7QM3X"), now: 0)
        _ = model.update(.key(.character("y")), now: 0)
        _ = model.update(.opened(exam: "algebra", failure: nil), now: 0)
        let grid = Self.render(model)
        Self.golden.assertMatches(grid, named: "notice-wrapped-80x24")
        let shown = grid.lines()[19...21].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(shown.contains("a seat that did not can type the code K7QM3X."), "\(shown)")
        #expect(!shown.contains("…"))
    }

    @Test func aServerOutageAndARefusedCommandAreWarningsWithShortLabels() {
        var seat = Self.room(1)[0]
        seat.warnings = ["store.outage": 2, "paste.rejected": 1, "proctor.command-refused": 1]
        #expect(MonitorText.warnings(seat) == "paste1 outage2 refused1")
    }

    @Test func aStaleLockAndServerOutagesShowInWordsAndSymbols() {
        var seats = Self.room(3)
        // A crashed sitting whose lock a `take` at its terminal found (that take gave the lease up).
        (seats[0].lastHold, seats[0].leaseAge) = (SeatHold.staleLockFound, nil)
        seats[2].warnings = ["store.outage": 2]
        let model = Self.model(seats)
        #expect(model.totals(now: 0).map(\.state) == [.answering, .submitted, .staleLock])
        Self.golden.assertMatches(Self.render(model), named: "stale-lock-outage-80x24")
        // Resumed (or cleared), it is no longer a stale lock.
        seats[0].lastHold = "attempt.resumed"
        seats[0].leaseAge = 1
        #expect(seats[0].state(lostAfter: 30) == .answering)
    }

    @Test func aLeaseNotRenewedTurnsLostWithTimeAlone() {
        var seat = Self.room(1)[0]
        seat.leaseAge = 20
        let model = Self.model([seat])
        #expect(model.rows(now: 0).first?.state(elapsed: model.elapsed(now: 0), lostAfter: 30) == .answering)
        #expect(model.totals(now: 11 * Self.second).map(\.state) == [.lost])
        #expect(Self.render(model, now: 11 * Self.second).lines().contains { $0.contains("! lost") })
    }

    @Test func aLeaseNotRenewedWhoseHolderIsKnownAliveIsNotLostAndTheRoomIsReadAgainEachSecond() {
        // A sitting whose clock shows whole minutes renews about once a minute.
        var seat = Self.room(1)[0]
        (seat.leaseAge, seat.holderAlive) = (45, true)
        let model = Self.model([seat])
        #expect(model.totals(now: 0).map(\.state) == [.answering])
        #expect(model.totals(now: 30 * Self.second).map(\.state) == [.answering])
        #expect(!Self.render(model, now: 30 * Self.second).lines().contains { $0.contains("! lost") })
        // Nothing in the store changes when that holder ends: the monitor reads the room
        // again once a second while a seat's holder is known alive.
        #expect(seat.watchesLiveness(lostAfter: 30))
        #expect(!model.livenessReadDue(now: Self.second / 2))
        #expect(model.livenessReadDue(now: Self.second))
        // Read again with its holder gone: lost at once, and no more reads for it.
        (seat.holderAlive, seat.holderGone) = (false, true)
        #expect(seat.state(lostAfter: 30) == .lost && !seat.watchesLiveness(lostAfter: 30))
        #expect(!Self.model([seat]).livenessReadDue(now: 5 * Self.second))
        // A seat renewed within the lease's time is read again too while its holder is alive:
        // a seat killed between two renewals shows lost within seconds.
        (seat.leaseAge, seat.holderAlive, seat.holderGone) = (5, true, false)
        #expect(seat.watchesLiveness(lostAfter: 30) && Self.model([seat]).livenessReadDue(now: Self.second))
        // A holder not known either way (a seat on another machine, on SQLite) is not read for.
        seat.holderAlive = false
        #expect(!seat.watchesLiveness(lostAfter: 30) && !Self.model([seat]).livenessReadDue(now: 5 * Self.second))
    }

    @Test func aSeatWhoseHolderIsKnownGoneIsLostWithinSecondsWhateverTheLeaseTime() {
        var seat = Self.room(1)[0]
        (seat.leaseAge, seat.holderAlive, seat.holderGone) = (1, false, true)
        // Renewed a second ago, a 120 s lease: a killed seat still shows lost within the grace.
        #expect(seat.state(lostAfter: 120) == .answering)
        #expect(seat.state(elapsed: SeatView.holderGoneGrace, lostAfter: 120) == .lost)
        #expect(Self.model([seat]).totals(now: 3 * Self.second).map(\.state) == [.lost])
        // The same age with the holder not known gone waits for the lease's time.
        seat.holderGone = false
        #expect(seat.state(elapsed: 10, lostAfter: 120) == .answering)
    }

    @Test func sortingFilteringAndFindingNarrowTheList() {
        var model = Self.model(Self.room(30))
        _ = model.update(.key(.character("f")), now: 0)
        #expect(model.filter == .welcome)
        #expect(model.rows(now: 0).map(\.candidate) == ["c-006", "c-016", "c-026"])
        for _ in 0..<8 { _ = model.update(.key(.character("f")), now: 0) }
        #expect(model.filter == .lost)
        #expect(model.rows(now: 0).map(\.candidate) == ["c-005", "c-015", "c-025"])
        _ = model.update(.key(.character("f")), now: 0)
        #expect(model.filter == .staleLock)
        #expect(model.rows(now: 0).isEmpty)
        _ = model.update(.key(.character("f")), now: 0)
        #expect(model.filter == .notArrived)
        #expect(model.rows(now: 0).isEmpty)
        _ = model.update(.key(.character("f")), now: 0)
        #expect(model.filter == nil)

        _ = model.update(.key(.character("/")), now: 0)
        for character in "02" { _ = model.update(.key(.character(character)), now: 0) }
        #expect(model.rows(now: 0).count == 11)
        _ = model.update(.key(.character("9")), now: 0)
        _ = model.update(.key(.enter), now: 0)
        #expect(model.rows(now: 0).map(\.candidate) == ["c-029"] && model.cursor?.candidate == "c-029")
        _ = model.update(.key(.character("/")), now: 0)
        _ = model.update(.key(.escape), now: 0)
        #expect(model.rows(now: 0).count == 30 && model.cursor?.candidate == "c-029")

        // By warnings, most first.
        while model.sort != .warnings { _ = model.update(.key(.character("s")), now: 0) }
        _ = model.update(.key(.character("r")), now: 0)
        #expect(model.rows(now: 0).prefix(3).map(\.candidate) == ["c-008", "c-018", "c-028"])
    }

    @Test func aCommandAsksForItsDetailAndAReasonAndGoesToTheMarkedSeats() {
        var model = Self.model(Self.room(5))
        _ = model.update(.key(.character(" ")), now: 0)
        _ = model.update(.key(.down), now: 0)
        _ = model.update(.key(.character(" ")), now: 0)
        #expect(model.marked.map(\.candidate).sorted() == ["c-000", "c-002"])
        _ = model.update(.key(.character("a")), now: 0)
        for _ in 0..<3 { _ = model.update(.key(.down), now: 0) }
        _ = model.update(.key(.enter), now: 0)
        #expect(
            model.mode
                == .detail(
                    targets: [.init(exam: "algebra", candidate: "c-000"), .init(exam: "algebra", candidate: "c-002")],
                    action: .addTime))
        for key in [Key.character("x"), .character("1"), .character("0"), .enter] {
            _ = model.update(.key(key), now: 0)
        }
        Self.golden.assertMatches(Self.render(model), named: "reason-80x24")
        #expect(model.update(.key(.enter), now: 0).isEmpty, "a reason is required")
        for character in "late" { _ = model.update(.key(.character(character)), now: 0) }
        // Two seats: the monitor asks before it sends.
        #expect(model.update(.key(.enter), now: 0).isEmpty)
        #expect(Self.render(model).lines().contains { $0.contains("Add time to 2 seats?") })
        let effects = model.update(.key(.character("y")), now: 0)
        #expect(
            effects == [
                .send(
                    SeatCommandDraft(action: .addTime, minutes: 10, message: nil, reason: "late"),
                    to: [.init(exam: "algebra", candidate: "c-000"), .init(exam: "algebra", candidate: "c-002")])
            ])
        #expect(model.marked.isEmpty && model.mode == .list)
    }

    /// A count of one takes the singular: "1 seat" in the header, "1 minute each" when asked.
    @Test func aCountOfOneSaysOneSeatAndOneMinute() {
        #expect(Self.render(Self.model(Self.room(1))).lines()[0].hasSuffix(" 1 seat "))
        var model = Self.model(Self.room(5))
        #expect(Self.render(model).lines()[0].hasSuffix(" 5 seats "))
        _ = model.update(.key(.character(" ")), now: 0)
        _ = model.update(.key(.down), now: 0)
        _ = model.update(.key(.character(" ")), now: 0)
        _ = model.update(.key(.character("a")), now: 0)
        for _ in 0..<3 { _ = model.update(.key(.down), now: 0) }
        for key in [Key.enter, .character("1"), .enter] + "late".map(Key.character) + [.enter] {
            _ = model.update(.key(key), now: 0)
        }
        let lines = Self.render(model).lines()
        #expect(lines.contains { $0.contains("Add time to 2 seats?") }, "\(lines)")
        #expect(lines.contains { $0.contains("1 minute each") } && !lines.contains { $0.contains("1 minutes") })
    }

    @Test func theMenuStartsOnAMessageEveryListKeyMovesInItAndAMessageIsItsOwnReason() {
        var model = Self.model(Self.room(5))
        _ = model.update(.key(.character("A")), now: 0)
        guard case .menu(let targets, 0) = model.mode else {
            Issue.record("no menu: \(model.mode)")
            return
        }
        #expect(MonitorModel.menuActions.first == .message)
        _ = model.update(.key(.end), now: 0)
        #expect(model.mode == .menu(targets: targets, selection: MonitorModel.menuActions.count - 1))
        _ = model.update(.key(.pageUp), now: 0)
        _ = model.update(.key(.pageDown), now: 0)
        #expect(model.mode == .menu(targets: targets, selection: MonitorModel.menuActions.count - 1))
        _ = model.update(.key(.home), now: 0)
        _ = model.update(.key(.enter), now: 0)
        for character in "Ten minutes left" { _ = model.update(.key(.character(character)), now: 0) }
        // No reason is asked; several seats are asked about first, and `n` sends nothing.
        #expect(model.update(.key(.enter), now: 0).isEmpty)
        #expect(
            model.mode
                == .confirm(
                    targets: targets,
                    draft: SeatCommandDraft(
                        action: .message, minutes: nil, message: "Ten minutes left", reason: "Ten minutes left")))
        #expect(model.update(.key(.character("n")), now: 0).isEmpty)
        #expect(model.mode == .list && model.notice == "Nothing was sent.")
        // One seat: a message goes at once.
        _ = model.update(.key(.character("a")), now: 0)
        _ = model.update(.key(.enter), now: 0)
        for character in "Raise your hand" { _ = model.update(.key(.character(character)), now: 0) }
        let cursor = try! #require(model.cursor)
        #expect(
            model.update(.key(.enter), now: 0) == [
                .send(
                    SeatCommandDraft(
                        action: .message, minutes: nil, message: "Raise your hand", reason: "Raise your hand"),
                    to: [cursor])
            ])
    }

    /// `/`'s find and a command's fields edit as the answers do: ← → to move, Ctrl-U undo,
    /// Ctrl-R redo; the cursor sits at the caret, and the footer and help say so.
    @Test func findAndTheCommandsFieldsUndoAndRedoWithTheCursorAtTheirCaret() {
        var model = Self.model(Self.room(30))
        _ = model.update(.key(.character("/")), now: 0)
        for key in "c-02".map(Key.character) + [.backspace, .control("u"), .control("u"), .control("r")] {
            _ = model.update(.key(key), now: 0)
        }
        #expect(model.find.text == "c-02" && model.rows(now: 0).count == 10)
        _ = model.update(.key(.left), now: 0)
        let grid = Self.render(model)
        Self.golden.assertMatches(grid, named: "find-80x24")
        #expect(grid.cursor == CellPosition(row: 21, column: 1 + "find: ".count + 3))
        #expect(model.helpKeys.map(\.0).contains("Ctrl-U / Ctrl-R"))
        _ = model.update(.key(.enter), now: 0)
        #expect(model.mode == .list && model.find.text == "c-02")

        _ = model.update(.key(.character("a")), now: 0)
        #expect(model.helpKeys.map(\.0).contains("Ctrl-U / Ctrl-R"))
        for _ in 0..<3 { _ = model.update(.key(.down), now: 0) }
        _ = model.update(.key(.enter), now: 0)
        for key in "12".map(Key.character) + [.backspace, .control("u"), .enter] { _ = model.update(.key(key), now: 0) }
        for key in "late bus".map(Key.character) + [.home, .delete, .control("u"), .end] {
            _ = model.update(.key(key), now: 0)
        }
        #expect(model.entry.text == "late bus")
        let reason = Self.render(model)
        // The box's border is at column 8, behind it the rows of the room.
        #expect(reason.lines()[12].dropFirst(8).hasPrefix("│ > late bus "))
        #expect(reason.cursor == CellPosition(row: 12, column: 10 + "> late bus".count))
        let effects = model.update(.key(.enter), now: 0)
        #expect(
            effects == [
                .send(
                    SeatCommandDraft(action: .addTime, minutes: 12, message: nil, reason: "late bus"),
                    to: [.init(exam: "algebra", candidate: "c-020")])
            ])
    }

    /// A room with a roster: two seats at the welcome screen, one answering, two not arrived.
    static func rosterRoom() -> [SeatView] {
        let seats = room(3).map { seat -> SeatView in
            var seat = seat
            (seat.attempt, seat.examKey, seat.status, seat.secondsAllowed) = (nil, nil, nil, nil)
            (seat.answered, seat.flagged, seat.lastEvent, seat.lastEventAge) = (0, 0, nil, nil)
            return seat
        }
        return [
            seats[0], seats[1], room(3)[2], SeatView(exam: "algebra", candidate: "d-100"),
            SeatView(exam: "algebra", candidate: "d-101"),
        ]
    }

    @Test func rosterCandidatesWhoHaveNotArrivedShowAndOOpensTheSittingWithItsCode() {
        var model = Self.model(Self.rosterRoom())
        let waiting = SittingStart(
            exam: "algebra", rosterSize: 5, hasCode: false, secondsSinceOpening: nil, openedBy: nil)
        _ = model.update(.starts([waiting]), now: 0)
        #expect(model.totals(now: 0).map(\.state) == [.welcome, .answering, .notArrived])
        #expect(model.totals(now: 0).last?.count == 2)
        Self.golden.assertMatches(Self.render(model), named: "roster-waiting-80x24")

        // `o` asks the app for a code; the confirmation shows it; `y` opens.
        #expect(model.update(.key(.character("o")), now: 0) == [.makeStartCode(exam: "algebra")])
        _ = model.update(.startCodeMade(exam: "algebra", code: "K7QM3X"), now: 0)
        #expect(model.mode == .opening(exam: "algebra", code: "K7QM3X"))
        Self.golden.assertMatches(Self.render(model), named: "roster-opening-80x24")
        #expect(model.update(.key(.character("y")), now: 0) == [.open(exam: "algebra")])
        #expect(model.update(.opened(exam: "algebra", failure: nil), now: 0) == [.reread])
        #expect(
            model.notice == "Opened algebra: the waiting seats start now; a seat that did not can type the code K7QM3X."
        )
        var opened = waiting
        opened.secondsSinceOpening = 3
        _ = model.update(.starts([opened]), now: 0)
        #expect(model.startsText(now: 2 * Self.second) == "algebra open 5s ago · code K7QM3X")
        // Once open, `o` only says so.
        #expect(model.update(.key(.character("o")), now: 0).isEmpty)
        #expect(model.notice == "algebra is already open; its start code is K7QM3X")
    }

    @Test func aSecondOKeepsTheCodeInForceAndANewCodeAsksFirst() {
        var model = Self.model(Self.rosterRoom())
        let waiting = SittingStart(
            exam: "algebra", rosterSize: 5, hasCode: false, secondsSinceOpening: nil, openedBy: nil)
        _ = model.update(.starts([waiting]), now: 0)
        #expect(model.update(.key(.character("o")), now: 0) == [.makeStartCode(exam: "algebra")])
        _ = model.update(.startCodeMade(exam: "algebra", code: "K7QM3X"), now: 0)
        _ = model.update(.key(.character("n")), now: 0)
        // The code written on the board stays: `o` again asks to open with it.
        #expect(model.update(.key(.character("o")), now: 0).isEmpty)
        #expect(model.mode == .opening(exam: "algebra", code: "K7QM3X"))
        _ = model.update(.key(.escape), now: 0)
        // `O` warns first; `n` keeps the code, `y` asks for a new one.
        #expect(model.update(.key(.character("O")), now: 0).isEmpty)
        #expect(model.mode == .newCode(exam: "algebra"))
        #expect(Self.render(model).lines().contains { $0.contains("The code in force stops working") })
        #expect(model.update(.key(.character("n")), now: 0).isEmpty)
        #expect(model.notice == "The start code in force stays.")
        _ = model.update(.key(.character("O")), now: 0)
        #expect(model.update(.key(.character("y")), now: 0) == [.makeStartCode(exam: "algebra")])
        // A code made at another monitor is not replaced by `o`.
        var other = Self.model(Self.rosterRoom())
        var coded = waiting
        coded.hasCode = true
        _ = other.update(.starts([coded]), now: 0)
        #expect(other.update(.key(.character("o")), now: 0).isEmpty)
        #expect(other.notice?.contains("O makes a new one") == true)
    }

    @Test func noRosterMeansNothingToOpenAndNKeepsTheSittingWaiting() {
        var model = Self.model(Self.room(3))
        #expect(model.update(.key(.character("o")), now: 0).isEmpty)
        #expect(model.notice?.hasPrefix("No exam here has a roster") == true)
        _ = model.update(
            .starts([
                SittingStart(
                    exam: "algebra", rosterSize: 3, hasCode: true, secondsSinceOpening: nil,
                    openedBy: nil)
            ]), now: 0)
        _ = model.update(.key(.character("o")), now: 0)
        _ = model.update(.startCodeMade(exam: "algebra", code: "ABCDEF"), now: 0)
        #expect(model.update(.key(.character("n")), now: 0).isEmpty)
        #expect(model.mode == .list)
        #expect(model.notice == "algebra still waits; the start code ABCDEF starts a seat whose student types it.")
    }

    @Test func aTimelineOfWrappedRecordsFollowsTheNewestThatFitAndScrollsBackToTheFirst() {
        var model = Self.model(Self.room(3))
        _ = model.update(.key(.enter), now: 0)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let long = "a reason long enough to take a second line in the details column of the timeline"
        _ = model.update(
            .timeline(
                (0..<30).map {
                    .init(
                        time: start.addingTimeInterval(Double($0)), kind: "proctor.command-issued",
                        details: ["id": "\($0)", "reason": long])
                }), now: 0)
        // Eighteen rows hold six records of three lines: the newest six, and where they are.
        var lines = Self.render(model).lines()
        #expect(lines.contains { $0.contains("id=29") } && !lines.contains { $0.contains("id=23 ") })
        #expect(lines[21].contains("records 25–30 of 30"), "\(lines[21])")
        _ = model.update(.key(.home), now: 0)
        lines = Self.render(model).lines()
        #expect(lines[3].contains("id=0 ") && lines[21].contains("records 1–6 of 30"), "\(lines)")
        for _ in 0..<3 { _ = model.update(.key(.down), now: 0) }
        #expect(Self.render(model).lines()[3].contains("id=3 "))
        _ = model.update(.key(.end), now: 0)
        #expect(Self.render(model).lines()[21].contains("records 25–30 of 30"))
    }

    @Test func enterOpensTheSeatsTimelineWhichFollowsFreshReadings() {
        var model = Self.model(Self.room(3))
        let seat = Self.room(3)[0]
        #expect(model.update(.key(.enter), now: 0) == [.loadTimeline(seat)])
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        _ = model.update(
            .timeline([
                .init(time: start, kind: "exam.started", details: ["attempt": "a-0"]),
                .init(time: start.addingTimeInterval(65), kind: "paste.rejected", details: ["characters": "40"]),
                // Too long for its row: its kind and its details wrap, read whole.
                .init(
                    time: start.addingTimeInterval(70), kind: "proctor.command-refused.while-on-break",
                    details: [
                        "action": "message", "by": "pat",
                        "reason": "please raise your hand when you are back from the break so I can check the seat",
                    ]),
            ]), now: 0)
        let grid = Self.render(model)
        Self.golden.assertMatches(grid, named: "timeline-80x24")
        // The details' column read down, and the kind's, hold each whole.
        let rows = grid.lines().dropFirst(3).prefix(6)
        let column = { (from: Int, to: Int) in
            rows.map { String($0.dropFirst(from).prefix(to - from)).trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        #expect(
            column(37, 80).contains(
                "reason=please raise your hand when you are back from the break so I can check the seat"))
        #expect(column(10, 36).contains("proctor.command-refused. while-on-break"))
        #expect(!grid.lines().joined().contains("…"))
        #expect(model.update(.read(Self.room(3)), now: Self.second) == [.loadTimeline(seat)])
        _ = model.update(.key(.escape), now: Self.second)
        #expect(model.mode == .list)
    }
}

/// Commands from the monitor reach the flow as events and are carried out, logged and
/// acknowledged.
@Suite struct SeatCommandFlowTests {
    static let s: UInt64 = 1_000_000_000

    private func flow() -> ExamFlow {
        FlowFixtures.onFirstQuestion(of: ExamFixtures.capitals, speller: nil, settings: .practice, practice: false)
    }

    private func command(_ id: Int64, _ action: SeatCommand.Action, minutes: Int? = nil, message: String? = nil)
        -> SeatCommand
    {
        SeatCommand(id: id, action: action, minutes: minutes, message: message, reason: "because", issuedBy: "pat")
    }

    @Test func pauseAndResumeStopAndRestartTheClockAndAreAcknowledgedAfterTheirRecords() {
        var flow = flow()
        let left = flow.secondsLeft(now: 10 * Self.s)
        let paused = flow.update(.proctorCommand(command(1, .pause)), now: 10 * Self.s)
        #expect(flow.phase == .paused)
        #expect(paused.contains(.log(.proctor(.paused(reason: "because")))))
        #expect(
            paused.suffix(2) == [
                .log(.proctor(.commandCarriedOut(id: 1, action: "pause", by: "pat", reason: "because", done: true))),
                .acknowledgeCommand(id: 1),
            ])
        _ = flow.update(.proctorCommand(command(2, .resume)), now: 70 * Self.s)
        #expect(flow.phase == .question)
        #expect(flow.secondsLeft(now: 70 * Self.s) == left)
    }

    @Test func addedTimeAnExtraBreakAndAMessageShowOnTheStudentsScreen() {
        var flow = flow()
        let allowed = flow.secondsAllowed
        let effects = flow.update(.proctorCommand(command(3, .addTime, minutes: 5)), now: Self.s)
        // The store adds the time itself when the command is acknowledged: the seat does not write it.
        #expect(flow.secondsAllowed == allowed + 300)
        #expect(
            effects == [
                .log(.proctor(.timeAdded(minutes: 5, reason: "because"))),
                .log(.proctor(.commandCarriedOut(id: 3, action: "add-time", by: "pat", reason: "because", done: true))),
                .acknowledgeCommand(id: 3),
            ])
        _ = flow.update(.proctorCommand(command(4, .extraBreak)), now: Self.s)
        #expect(flow.breaksLeft == 1 && flow.breaks.minutes == ExamFlow.extraBreakMinutes)
        _ = flow.update(.proctorCommand(command(5, .message, message: "Ten minutes left")), now: 2 * Self.s)
        #expect(flow.proctorMessage?.text == "Ten minutes left")
        _ = flow.update(.tick, now: 15 * Self.s)
        #expect(flow.proctorMessage?.text == "Ten minutes left", "a message stays longer than a notice")
    }

    @Test func endSubmitsAndACommandTheStateRefusesIsStillAcknowledgedAsNotDone() {
        var flow = flow()
        let refused = flow.update(.proctorCommand(command(6, .resume)), now: Self.s)
        #expect(
            refused == [
                .log(.proctor(.commandCarriedOut(id: 6, action: "resume", by: "pat", reason: "because", done: false))),
                .acknowledgeCommand(id: 6),
            ])
        // A record of its own kind, which the monitor counts among the seat's warnings.
        #expect(
            SessionEvent.proctor(.commandCarriedOut(id: 6, action: "resume", by: "pat", reason: "because", done: false))
                .kind
                == SeatWarning.commandRefused.kind)
        let ended = flow.update(.proctorCommand(command(7, .end)), now: Self.s)
        #expect(flow.phase == .submitting)
        #expect(ended.contains { if case .submit(.proctor, _, _) = $0 { return true } else { return false } })
    }

    @Test func aCommandThatComesAgainIsOnlyAcknowledged() {
        var flow = flow()
        let allowed = flow.secondsAllowed
        _ = flow.update(.proctorCommand(command(3, .addTime, minutes: 5)), now: Self.s)
        let again = flow.update(.proctorCommand(command(3, .addTime, minutes: 5)), now: 2 * Self.s)
        #expect(again == [.acknowledgeCommand(id: 3)])
        #expect(flow.secondsAllowed == allowed + 300)
    }

    @Test func aResumedSittingTakesBackTheExtraBreaksTheStoreSaysItAcknowledgedAndCarriesOutWhatIsStillPending() {
        var flow = flow()
        let allowed = flow.secondsAllowed
        flow.restoreCommands(acknowledged: [
            command(3, .extraBreak, minutes: 15), command(4, .message, message: "Hello"),
        ])
        #expect(flow.breaksLeft == 1 && flow.breaks.minutes == 15)
        // Pending at the resume, whatever the attempt did before: carried out now, once.
        let moreTime = command(2, .addTime, minutes: 5)
        #expect(flow.update(.proctorCommand(moreTime), now: Self.s).last == .acknowledgeCommand(id: 2))
        #expect(flow.update(.proctorCommand(moreTime), now: 2 * Self.s) == [.acknowledgeCommand(id: 2)])
        #expect(flow.secondsAllowed == allowed + 300)
        _ = flow.update(.proctorCommand(command(1, .pause)), now: 3 * Self.s)
        #expect(flow.phase == .paused)
    }

    @Test func beforeTheAttemptStartsACommandWaitsUnacknowledgedButAMessageShows() {
        let exam = ExamFixtures.capitals
        var flow = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8, secondsAllowed: 600)
        let moreTime = command(1, .addTime, minutes: 5)
        let extraBreak = command(2, .extraBreak)
        let pause = command(3, .pause)
        for waiting in [moreTime, extraBreak, pause] {
            #expect(flow.update(.proctorCommand(waiting), now: Self.s) == [])
        }
        #expect(flow.secondsAllowed == 600 && flow.breaksLeft == 0)
        #expect(
            flow.update(.proctorCommand(command(4, .message, message: "Welcome")), now: Self.s).last
                == .acknowledgeCommand(id: 4))
        #expect(flow.proctorMessage?.text == "Welcome")
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: Self.s, into: &grid)
        #expect(grid.lines().contains { $0.contains("│ Welcome") }, "\(grid.lines().joined(separator: "\n"))")
        // The student acknowledges it (Enter) before the welcome screen takes keys again.
        #expect(flow.update(.key(.enter), now: Self.s).logged == [.proctor(.messageRead(id: 4, by: "pat"))])
        // Nor on the start banner, which waits for Enter; once past it, each comes again (not
        // acknowledged) and is carried out then: the store adds the time to that attempt at the
        // acknowledgement.
        _ = flow.update(.key(.enter), now: 2 * Self.s)
        _ = flow.update(.attemptStarted(id: "a-1"), now: 2 * Self.s)
        #expect(flow.phase == .startBanner)
        #expect(flow.update(.proctorCommand(pause), now: 2 * Self.s) == [])
        _ = flow.update(.key(.enter), now: 2 * Self.s)
        #expect(flow.update(.proctorCommand(moreTime), now: 3 * Self.s).last == .acknowledgeCommand(id: 1))
        #expect(flow.update(.proctorCommand(extraBreak), now: 3 * Self.s).last == .acknowledgeCommand(id: 2))
        #expect(flow.secondsAllowed == 900 && flow.breaksLeft == 1)
    }
}
