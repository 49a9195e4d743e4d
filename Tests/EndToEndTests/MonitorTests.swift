import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// `assess monitor` in a real terminal beside real seats: against a PostgreSQL server as a
/// lab runs it (two seats, each its own role, and a proctor's role), and against the SQLite
/// store of one machine. Each step the monitor must show is timed from the moment the seat
/// made it.
@Suite("The proctor's monitor", .ownThread)
struct MonitorTests {
    /// The room's help screen at 80x24 (F1), as written.
    static let roomHelpAt80x24 = [
        " assess monitor · every exam                                            0 seats",
        "",
        "  Keys on this screen",
        "",
        "  ↑ ↓ PgUp PgDn Home End  move through the seats (the list scrolls)",
        "  Enter                   open the seat's timeline, its live event log",
        "  s                       sort by the next column",
        "  r                       reverse the order",
        "  f                       show only one state (again for the next state, then",
        "                          all)",
        "  /                       find a candidate as you type (Enter keeps it, Esc",
        "                          clears it)",
        "  Space                   mark the seat for a command to several",
        "  a                       act on the marked seats, or the cursor's seat",
        "  A                       act on each seat shown, but absent and finished ones",
        "  h                       acknowledge the seat's raised hand (listed first)",
        "  i                       report an irregularity: a note in the seat's log",
        "  o                       open a sitting that waits for its start",
        "  O                       a new start code, after a warning",
        "  q or Esc                quit the monitor",
        "  F1 or ?                 this help",
        "",
        "────────────────────────────────────────────────────────────────────────────────",
        " Esc or F1 back",
    ]

    /// How long a step may take to show on the monitor: the issue's second (the lag is
    /// measured and printed).
    static let showsWithin: Double = 1
    /// The policy's lease time in these tests (`lease-lost-after`, 10 s at least): a killed
    /// seat shows as lost once its lease is this old, and not long after.
    static let leaseTime: Double = 10
    static let shortLease = "lease-lost-after: \(Int(leaseTime))s\n"
    /// How long a command may take from the monitor to the seat's screen: the issue's
    /// second (the server or the kernel wakes the seat; nothing waits for a poll).
    static let commandWithin: Double = 1

    /// Waits until `terminal` shows `text`, and returns how long that took.
    @discardableResult
    private func timed(
        _ terminal: TerminalUnderTest, _ text: String, step: String,
        within seconds: Double = showsWithin
    ) throws -> Double {
        let start = Date()
        try terminal.waitFor(text, seconds: 10)
        let lag = Date().timeIntervalSince(start)
        print("monitor lag: \(step): \(String(format: "%.2f", lag)) s")
        #expect(lag < seconds, "\(step) took \(lag) s")
        return lag
    }

    /// The line of the monitor's screen that names `candidate`.
    private func row(_ monitor: TerminalUnderTest, _ candidate: String) throws -> String {
        try monitor.screen().split(separator: "\n").first {
            $0.contains(" \(candidate) ") || $0.dropFirst(2).hasPrefix(candidate + " ")
        }
        .map(String.init) ?? ""
    }

    /// Waits until the monitor's row of `candidate` contains `text`; returns how long it took.
    @discardableResult
    private func rowShows(
        _ monitor: TerminalUnderTest, _ candidate: String, _ text: String, step: String,
        within seconds: Double = showsWithin
    ) throws -> Double {
        let start = Date()
        var last = ""
        while Date().timeIntervalSince(start) < max(seconds, 10) {
            last = try row(monitor, candidate)
            if last.contains(text) {
                let lag = Date().timeIntervalSince(start)
                print("monitor lag: \(step): \(String(format: "%.2f", lag)) s")
                #expect(lag < seconds, "\(step) took \(lag) s")
                return lag
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record(
            "\(step): the row of \(candidate) never showed \"\(text)\"; the screen was:\n\(try monitor.screen())")
        throw TestFailure("timed out waiting for \(text)")
    }

    /// The monitor's menu, in its order.
    private static let menu = ["message", "pause", "resume", "add-time", "extra-break", "end"]

    /// At the monitor: sends the seat(s) chosen with `choose` the menu's `action`, with
    /// `detail` when it asks for one, and `reason` (a message is its own); to several
    /// seats, says yes when asked.
    private func send(
        _ monitor: TerminalUnderTest, choose: String, action: String, detail: String? = nil,
        reason: String? = nil, seats: Int = 1
    ) throws {
        try monitor.press(choose)
        try monitor.waitFor("Send to")
        for _ in 0..<(Self.menu.firstIndex(of: action) ?? 0) { try monitor.press("Down") }
        try monitor.press("Enter")
        if let detail {
            try monitor.waitFor(action == "add-time" ? "Minutes to add" : "Message the students will read")
            try monitor.type(detail)
            try monitor.press("Enter")
        }
        if let reason { try monitor.answer("Reason (written to the log with your name):", with: reason) }
        if seats > 1 {
            try monitor.waitFor("\(seats) seats?")
            try monitor.press("y")
        }
    }

    /// Moves the monitor's cursor to `candidate`'s row: found by typing, then the list is
    /// whole again with the cursor kept there.
    private func select(_ monitor: TerminalUnderTest, _ candidate: String) throws {
        try monitor.press("/")
        try monitor.type(candidate)
        try monitor.waitFor("find: \(candidate)")
        try monitor.press("Enter", "/", "Escape")
    }

    @Test func twoSeatsAndAMonitorAgainstPostgreSQL() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup(more: Self.shortLease)
        let ana = lab.name + "_ana"
        let ben = lab.name + "_ben"
        let pat = lab.name + "_pat"
        defer { for role in [ben, pat] { try? lab.psql("DROP ROLE IF EXISTS \(role)") } }
        let initialised = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
            .assessCommand(["store", "init", "--seat", ana + ":ana", "--seat", ben + ":ben", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")

        let monitor = try TerminalUnderTest(
            "monitor Exams/geography.yaml", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: pat)])
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("no seats yet")

        let seatA = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ana", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)])
        try seatA.waitFor("Exam key")
        try rowShows(monitor, "ana", "· welcome", step: "seat A at the welcome screen")
        try seatA.acceptTheLock()
        try rowShows(monitor, "ana", "▶ answering", step: "seat A answering")
        let seatB = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ben", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ben)])
        try seatB.acceptTheLock()
        try seatB.waitFor("Question 1 of 4")
        try rowShows(monitor, "ben", "▶ answering", step: "seat B answering")
        try seatA.press("2")
        try rowShows(monitor, "ana", "1/4", step: "seat A's answer counted")
        let header = try monitor.screen()
        #expect(header.contains("▶ answering 2"), "\(header)")
        #expect(header.contains("exam keys: ") && header.contains("×2"), "\(header)")

        // A message to every seat shown.
        try send(monitor, choose: "A", action: "message", detail: "Ten minutes left", seats: 2)
        try timed(seatA, "Ten minutes left", step: "message reaches seat A", within: Self.commandWithin)
        try timed(seatB, "Ten minutes left", step: "message reaches seat B", within: Self.commandWithin)
        // Each shows in its box until its student says it was read.
        for seat in [seatA, seatB] {
            #expect(try seat.screen().contains("Message from your proctor"))
            try seat.press("Enter")
            try seat.waitFor("Question 1 of 4")
        }

        // Pause seat B, then resume it.
        try select(monitor, "ben")
        try send(monitor, choose: "a", action: "pause", reason: "fire drill")
        try timed(seatB, "The exam is paused", step: "pause hides seat B", within: Self.commandWithin)
        try rowShows(monitor, "ben", "‖ paused", step: "monitor shows B paused")
        #expect(!(try seatA.screen()).contains("The exam is paused"))
        try send(monitor, choose: "a", action: "resume", reason: "drill over")
        try timed(seatB, "Question 1 of 4", step: "resume brings seat B back", within: Self.commandWithin)
        try rowShows(monitor, "ben", "▶ answering", step: "monitor shows B answering again")
        // Five minutes more for seat B: the server adds them when B acknowledges (B's role may not).
        let leftBefore = try row(monitor, "ben")
        try send(monitor, choose: "a", action: "add-time", detail: "5", reason: "late start")
        try timed(seatB, "The proctor added 5 minutes", step: "added time reaches seat B", within: Self.commandWithin)
        Thread.sleep(forTimeInterval: 1)
        #expect(!(try seatB.screen()).contains("could not be stored"))
        try rowShows(monitor, "ben", "14:", step: "monitor shows B's added time")
        print("monitor: seat B's row before and after five minutes more:\n\(leftBefore)\n\(try row(monitor, "ben"))")

        // Seat A submits.
        try seatA.submitFromReview()
        try rowShows(monitor, "ana", "✓ submitted", step: "seat A submitted")

        // Seat B's process is killed: lost once its lease is older than the lease time.
        let pid = try #require(try seatB.assessPID())
        let killed = Date()
        kill(pid, SIGKILL)
        // Meanwhile the room is all but still (seat A only renews its lease): the monitor sleeps.
        #expect(try idleProcessorShare(monitor) < 0.02)
        // B's last renewal (a progress save, every 5 s) came before the kill.
        try rowShows(monitor, "ben", "! lost", step: "seat B lost after kill -9", within: Self.leaseTime + 1)
        let lostAfter = Date().timeIntervalSince(killed)
        print(
            "monitor lag: lost \(String(format: "%.1f", lostAfter)) s after kill -9 (lease time \(Int(Self.leaseTime)) s)"
        )

        // The log says who sent what and why, and the seats acknowledged it.
        let room = try PostgresStore(url: lab.url())
        let records = try room.events(after: 0, limit: nil, attempt: nil).filter { $0.event.kind == "proctor.command" }
        #expect(records.count == 5, "\(records.map(\.event.details))")
        #expect(records.allSatisfy { $0.event.details["by"] == pat })
        #expect(
            records.contains { $0.event.details["reason"] == "fire drill" && $0.event.details["action"] == "pause" })
        // And the proctor's own records of issuing them, written under the proctor's role.
        let issued = try room.events(after: 0, limit: nil, attempt: nil).filter {
            $0.event.kind == "proctor.command-issued"
        }
        #expect(
            issued.map { $0.event.details["action"] ?? "" } == ["message", "message", "pause", "resume", "add-time"])
        #expect(Set(issued.map { $0.event.details["candidate"] ?? "" }) == ["ana", "ben"])
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    /// The processor time `pid` has used so far, in seconds (user and system, from /proc).
    private func processorSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// How much processor time the monitor in `terminal` uses in `seconds` of a room where
    /// nothing changes.
    private func idleProcessorShare(_ terminal: TerminalUnderTest, seconds: Double = 5) throws -> Double {
        let pid = try #require(try terminal.assessPID())
        let before = try processorSeconds(pid)
        Thread.sleep(forTimeInterval: seconds)
        let share = (try processorSeconds(pid) - before) / seconds
        print("monitor processor time while the room is still: \(String(format: "%.2f", share * 100)) %")
        return share
    }

    @Test func aKioskMonitorsItsSeatsInItsSQLiteStore() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let monitor = try TerminalUnderTest(
            "monitor", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("no seats yet")
        // F1: every key of the room, whole, at 80x24 (where the footer leaves some out); Esc returns.
        try monitor.press("F1")
        try monitor.waitForWrittenLines(Self.roomHelpAt80x24)
        try monitor.press("Escape")
        try monitor.waitFor("no seats yet")
        let passwordFile = setup.scratch.file("password")
        try "\(ProctorTests.password)\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        // Its lines go to a file: on the terminal, the early ones would scroll away.
        let jsonLines = setup.scratch.file("monitor.jsonl")
        let json = try TerminalUnderTest(
            "monitor --json --password-stdin < \(passwordFile) > \(jsonLines)",
            dataDirectory: shared, policy: setup.policy)
        let seat = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate cy", dataDirectory: shared, policy: setup.policy)
        try seat.waitFor("Exam key")
        try rowShows(monitor, "cy", "· welcome", step: "SQLite: seat at the welcome screen")
        // The script's monitor has checked the password and read the room (on a loaded
        // machine that can take longer than the seat takes to go on).
        _ = try Self.waitForFile(jsonLines, toContain: #""state":"welcome""#)
        try seat.acceptTheLock()
        try rowShows(monitor, "cy", "▶ answering", step: "SQLite: seat answering")
        try send(monitor, choose: "a", action: "pause", reason: "noise outside")
        try timed(seat, "The exam is paused", step: "SQLite: pause hides the seat", within: Self.commandWithin)
        try rowShows(monitor, "cy", "‖ paused", step: "SQLite: monitor shows the pause")
        try send(monitor, choose: "a", action: "add-time", detail: "5", reason: "late start")
        try send(monitor, choose: "a", action: "resume", reason: "quiet again")
        try timed(seat, "The proctor added 5 minutes", step: "SQLite: added time shows", within: Self.commandWithin)
        // The notice shows on the paused screen too: the resume is seen by the question's return.
        try seat.waitFor("Question 1 of 4")
        try send(monitor, choose: "a", action: "message", detail: "Please raise your hand")
        try timed(
            seat, "Please raise your hand", step: "SQLite: a message reaches the seat", within: Self.commandWithin)
        // The message, whole in its box, until the student says it was read (Enter): that is
        // in the seat's timeline.
        let box = try seat.screen()
        #expect(box.contains("Message from your proctor") && box.contains("Enter I have read it"), "\(box)")
        try seat.press("F4")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try seat.screen().contains("Please raise your hand"), "other keys wait behind the box")
        try seat.press("Enter")
        try seat.waitFor("Question 1 of 4")
        try seat.submitFromReview()
        try rowShows(monitor, "cy", "✓ submitted", step: "SQLite: seat submitted")
        #expect(try idleProcessorShare(monitor) < 0.02)

        // The script's view: a line per change, the states in order.
        let lines = try Self.waitForFile(jsonLines, toContain: #""state":"submitted""#)
        for state in ["welcome", "answering", "paused", "submitted"] {
            #expect(lines.contains(#""state":"\#(state)""#), "\(lines)")
        }
        #expect(lines.contains(#""examKey":"#) && lines.contains(#""host":"\#(ThisHost.name)""#), "\(lines)")
        try json.press("C-c")
        #expect(try json.exitStatus() == 0)

        // The timeline of the seat, and back.
        try monitor.press("Enter")
        // The header comes at once; the records follow when the store has been read, the
        // newest that fit. Each record reads whole (long ones wrap), so the earlier ones are
        // a scroll up.
        var timeline = try monitor.waitFor("proctor.message-read")
        #expect(timeline.contains("Timeline of cy"), "\(timeline)")
        for _ in 0..<60 where !(timeline.contains("exam.paused") && timeline.contains("exam.time-added")) {
            try monitor.press("Up")
            Thread.sleep(forTimeInterval: 0.05)
            timeline = try monitor.screen()
        }
        #expect(timeline.contains("exam.paused") && timeline.contains("exam.time-added"), "\(timeline)")
        try monitor.press("Escape")
        try monitor.waitFor("candidate")
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    @Test func aCrashedSeatShowsAsLostThenAsAStaleLockAndResumedKeepsTheExtraBreakTheMonitorAllowed() throws {
        let setup = try ProctorTests.Setup(more: Self.shortLease)
        let shared = setup.scratch.file("data")
        let monitor = try TerminalUnderTest("monitor", dataDirectory: shared, policy: setup.policy)
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("no seats yet")
        let seat = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate dee", dataDirectory: shared,
            policy: setup.policy)
        try seat.acceptTheLock()
        try seat.waitFor("Question 1 of 4")
        try rowShows(monitor, "dee", "▶ answering", step: "SQLite: seat answering")
        try send(monitor, choose: "a", action: "extra-break", reason: "feels unwell")
        try timed(
            seat, "The proctor allowed you a break (F6).", step: "SQLite: extra break reaches the seat",
            within: Self.commandWithin)

        // The seat crashes: lost once its lease is older than the lease time; the student's
        // next `take` at that terminal finds its lock.
        kill(try #require(try seat.assessPID()), SIGKILL)
        try seat.waitUntilAssessIsGone()
        try rowShows(monitor, "dee", "! lost", step: "SQLite: seat lost after kill -9", within: Self.leaseTime + 1)
        // A message sent to the lost seat waits for it (its row marked pending).
        try send(monitor, choose: "a", action: "message", detail: "Welcome back")
        try monitor.waitFor(" ~dee ")
        #expect(try seat.assessCommand(["take", "Exams/geography.yaml", "--candidate", "dee"]).status == 75)
        try rowShows(monitor, "dee", "⊠ stale lock", step: "SQLite: the stale lock shows")

        // Resumed by the proctor: answering again, with the break the monitor allowed.
        let resumed = try TerminalUnderTest(
            "resume Exams/geography.yaml --candidate dee", lockDirectory: seat.lockDirectory,
            dataDirectory: shared, policy: setup.policy)
        try resumed.answer("Proctor password:", with: ProctorTests.password)
        // The message waiting for the seat reaches it when it comes back.
        try resumed.waitFor("Welcome back")
        try resumed.press("Enter")
        try resumed.acceptTheLock()
        try resumed.waitFor("Question 1 of 4")
        try rowShows(monitor, "dee", "▶ answering", step: "SQLite: the resumed seat answering")
        try resumed.press("F6")
        try resumed.waitFor("Take a break now?")
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    @Test func aReducedMotionSeatRenewingByTheMinuteIsNeverLostNorTakenOverWhileItRunsAgainstPostgreSQL() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup(more: Self.shortLease)
        let ana = lab.name + "_ana"
        let pat = lab.name + "_pat"
        defer { try? lab.psql("DROP ROLE IF EXISTS \(pat)") }
        let initialised = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
            .assessCommand(["store", "init", "--seat", ana + ":ana", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")
        let monitor = try TerminalUnderTest(
            "monitor Exams/geography.yaml", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: pat)])
        try reducedMotionSeatStaysAlive(
            monitor: monitor, candidate: "ana", room: try PostgresStore(url: lab.url()),
            step: "PostgreSQL"
        ) {
            try TerminalUnderTest(
                "take Exams/geography.yaml --candidate ana --reduced-motion", policy: setup.policy,
                environment: ["ASSESS_STORE": lab.url(user: ana)])
        }
    }

    @Test func aReducedMotionSeatRenewingByTheMinuteIsNeverLostNorTakenOverWhileItRunsOnAKiosk() throws {
        let setup = try ProctorTests.Setup(more: Self.shortLease)
        let shared = setup.scratch.file("data")
        let monitor = try TerminalUnderTest("monitor", dataDirectory: shared, policy: setup.policy)
        try reducedMotionSeatStaysAlive(
            monitor: monitor, candidate: "eve",
            room: try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared)), step: "SQLite"
        ) {
            try TerminalUnderTest(
                "take Exams/geography.yaml --candidate eve --reduced-motion", dataDirectory: shared,
                policy: setup.policy)
        }
    }

    /// A sitting under reduced motion saves its progress (and renews its lease) only when it
    /// wakes, about once a minute: for 25 s at a question its lease grows older than the lease
    /// time, yet the monitor never shows it lost, a second `take` is refused and `end`
    /// refuses to end it; killed, it shows lost at once (its lease is already old).
    private func reducedMotionSeatStaysAlive(
        monitor: TerminalUnderTest, candidate: String, room: any RoomStore, step: String,
        startSeat: () throws -> TerminalUnderTest
    ) throws {
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("no seats yet")
        let seat = try startSeat()
        try seat.acceptTheLock()
        try seat.waitFor("Question 1 of 4")
        try rowShows(monitor, candidate, "▶ answering", step: "\(step): reduced-motion seat answering")
        var oldest = 0.0
        let until = Date().addingTimeInterval(25)
        while Date() < until {
            let row = try row(monitor, candidate)
            #expect(!row.contains("lost"), "\(step): \(row)")
            if let mine = try room.room(exams: nil, at: Date()).first(where: { $0.candidate == candidate }),
                mine.holderAlive
            {
                oldest = max(oldest, mine.leaseAge ?? 0)
            }
            Thread.sleep(forTimeInterval: 0.5)
        }
        print(
            "monitor: \(step): the reduced-motion seat's lease reached \(String(format: "%.1f", oldest)) s without renewal"
        )
        #expect(oldest > Self.leaseTime, "\(step): the lease was renewed within \(oldest) s all along")
        // Not lost, so not taken over: a second sitting of the candidate is refused.
        let second = try monitor.assessCommand(["take", "Exams/geography.yaml", "--candidate", candidate])
        #expect(second.status == 75 && second.output.contains("already sitting"), "\(second.output)")
        // Nor ended from elsewhere as if its terminal were gone.
        let attempt = try #require(try room.room(exams: nil, at: Date()).first { $0.candidate == candidate }?.attempt)
        let ended = try monitor.assessCommand(["end", attempt])
        #expect(ended.status == 75 && ended.output.contains("is running at"), "\(ended.output)")
        kill(try #require(try seat.assessPID()), SIGKILL)
        try rowShows(
            monitor, candidate, "! lost", step: "\(step): reduced-motion seat lost after kill -9",
            within: Self.leaseTime + 1)
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    /// The text of `file` once it holds `marker` (within 10 s); fails with what it held.
    private static func waitForFile(_ file: String, toContain marker: String) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if text.contains(marker) { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestFailure("\(file) never held \(marker); it held:\n\(text)")
    }
}
