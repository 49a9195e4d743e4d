import AssessCore
import AssessExam
import AssessPlatform
import AssessTUI
import AssessTestSupport
import Foundation
import Testing

/// The interface in the students' languages in the real binary in tmux: the Japanese
/// interface over the multilingual sample's Vietnamese questions at 80 columns, chosen
/// from a locale this machine does not have; a Korean answer typed in, intact in
/// `results --json`.
@Suite("The interface in the students' languages in a real terminal", .ownThread)
struct LanguageTests {
    static let exam = "Exams/multilingual.yaml"

    /// From the welcome screen, through the consent and the banner to question 1, in Japanese.
    static func beginInJapanese(_ terminal: TerminalUnderTest) throws {
        try terminal.waitFor("試験キー")
        try terminal.press("Enter")
        try terminal.waitFor("試験のためにこの端末をロックしますか")
        try terminal.press("y")
        try terminal.waitFor("この端末はロックされました")
        try terminal.press("Enter")
        try terminal.waitFor("問題 1/8")
    }

    /// Tab past question `number` of a linear exam, confirming, in Japanese.
    static func leave(_ number: Int, _ terminal: TerminalUnderTest) throws {
        try terminal.press("Tab")
        try terminal.waitFor("問題 \(number) を離れますか")
        try terminal.press("y")
        try terminal.waitFor("問題 \(number + 1)/8")
    }

    @Test func theJapaneseInterfaceOverVietnameseQuestionsFitsEightyColumnsWithNothingCut() throws {
        // ja_JP.UTF-8 is not installed here: the screen falls back to C.UTF-8 and the
        // interface still speaks Japanese, as the locale asks.
        let terminal = try TerminalUnderTest(
            "take \(Self.exam) --candidate ja-1", environment: ["LANG": "ja_JP.UTF-8"],
            width: 80, height: 24)
        try Self.beginInJapanese(terminal)
        for number in 1...4 { try Self.leave(number, terminal) }
        let screen = try terminal.waitFor("Sông nào chảy qua Hà Nội?")
        let lines = screen.components(separatedBy: "\n")

        // Every line fits the 80 columns, measured as the program measures them; the
        // header's right end (the clock) is in the last columns, where it is drawn, so
        // no wide character of the title took more or fewer cells in tmux than planned.
        #expect(lines.allSatisfy { $0.displayWidth <= 80 }, "\(screen)")
        let header = try #require(lines.first)
        // The title too long for its place ends in "…", a space before the counter.
        #expect(header.hasPrefix(" Multilingual sampler / 多言語 / 다국어 / Đa ngôn ng… 0/8"), "\(header)")
        #expect(header.contains("0/8 解答済み   残り ") && header.displayWidth == 79, "\(header)")
        // The prompt whole at the margin; each choice whole, in one column, numbered.
        #expect(lines.contains("  Tiếng Việt: Sông nào chảy qua Hà Nội?"))
        for choice in ["Sông Hồng", "Sông Mê Kông", "Sông Hương", "Sông Sài Gòn"] {
            let line = try #require(lines.first { $0.hasSuffix(". " + choice) }, "\(choice) in\n\(screen)")
            #expect(line.hasPrefix("  ( ) ") || line.hasPrefix("  (•) "), "\(line)")
        }
        #expect(lines.contains("  問題 5/8 · 1点"))
        // The footer's keys in Japanese, the help pinned whole at the right.
        let footer = try #require(lines.last { !$0.isEmpty })
        #expect(footer.hasPrefix(" Tab 次へ  ↑↓ 移動  Space 選択  F4 確認・提出") && footer.hasSuffix("F1 ヘルプ"), "\(footer)")
        #expect(!screen.contains("\u{FFFD}"))

        // The ordering question after it, in Vietnamese under Japanese keys.
        try Self.leave(5, terminal)
        let ordering = try terminal.waitFor("Sắp xếp các số sau từ nhỏ đến lớn.")
        #expect(ordering.contains("正しい順に並べてください(先頭が一番上)。"))
        #expect(ordering.components(separatedBy: "\n").allSatisfy { $0.displayWidth <= 80 })
    }

    @Test func aKoreanAnswerTypedInComesOutOfResultsIntact() throws {
        let terminal = try TerminalUnderTest("take \(Self.exam) --candidate ko-1 --language ko", width: 80, height: 24)
        try terminal.waitFor("시험 키")
        try terminal.press("Enter")
        try terminal.waitFor("시험을 위해 이 단말기를 잠글까요?")
        try terminal.press("y")
        try terminal.waitFor("이 단말기가 잠겼습니다")
        try terminal.press("Enter")
        try terminal.waitFor("문제 1/8")
        try terminal.press("Tab")
        try terminal.waitFor("문제 1을(를) 완전히 떠날까요?")
        try terminal.press("y")
        try terminal.waitFor("문제 2/8")
        let answer = "후지산은 일본에서 가장 높은 산"
        try terminal.type(answer)
        try terminal.waitFor(answer)
        try terminal.press("F4")
        try terminal.waitFor("제출 전 검토")
        try terminal.press("s")
        try terminal.waitFor("답안을 제출할까요?")
        try terminal.press("y")
        try terminal.waitFor("이 단말기의 잠금이 풀렸습니다")
        try terminal.press("Enter")
        try terminal.waitFor("접수 번호")
        try terminal.press("Enter")
        #expect(try terminal.exitStatus() == 0)

        let results = try terminal.assessCommand([
            "results", TerminalUnderTest.packageRoot + "/" + Self.exam, "--json", "--with-answers",
        ])
        #expect(results.status == 0)
        let attempts = try #require(
            try JSONSerialization.jsonObject(with: Data(results.output.utf8)) as? [[String: Any]])
        let marks = try #require(attempts.first?["marks"] as? [String: [String: Any]])
        #expect(marks["ja-mountain"]?["answer"] as? String == answer)
    }

    /// The live lock `holder`'s sitting holds, once it has taken it.
    static func lockHeld(by holder: TerminalUnderTest) throws -> LockRecord {
        let lock = FileTerminalLock(
            directory: holder.lockDirectory, bootID: ProcessContext.current(environment: [:]).bootID)
        guard case .live(let record) = try lock.inspect() else {
            throw TestFailure("no live lock in \(holder.lockDirectory)")
        }
        return record
    }

    /// A sitting of geography that holds its terminal's lock, on its first question.
    static func holdingTheLock(_ candidate: String) throws -> TerminalUnderTest {
        let holder = try TerminalUnderTest("take Exams/geography.yaml --candidate \(candidate)")
        try holder.acceptTheLock()
        try holder.waitFor("Question 1 of 4")
        return holder
    }

    @Test func aHeldLockIsRefusedInJapaneseNamingItsHolderAndThenWhatToDo() throws {
        let holder = try Self.holdingTheLock("holder-1")
        let record = try Self.lockHeld(by: holder)
        let terminal = try TerminalUnderTest(
            "take \(Self.exam) --candidate ja-2", lockDirectory: holder.lockDirectory,
            environment: ["LANG": "ja_JP.UTF-8"])
        #expect(try terminal.exitStatus() == 75)
        let tty = try #require(record.tty)
        let since = record.startedAt.formatted(.iso8601)
        try terminal.waitForWrittenLines([
            "assess: この端末はすでに試験のためにロックされています: 試験 geography-quiz、受験者 holder-1、"
                + "pid \(record.pid)(ユーザー \(record.user)、\(tty))、\(since) から。",
            "そのセッションが動いている間は試験を開始できません。監督者が先にそのセッションを終了または提出できます。"
                + "`assess status` で確認できます。",
            "EXIT=75",
        ])
    }

    @Test func theReceiptInVietnameseAndTheReportOfAnInterruptedSittingAfterIt() throws {
        // Submitted: the receipt, whole, its time in Vietnamese's form; the terminal after it
        // holds the receipt's lines and the exit status.
        let terminal = try TerminalUnderTest(
            "take \(Self.exam) --candidate vi-1", environment: ["LANG": "vi_VN.UTF-8", "TZ": "UTC"])
        try Self.beginInVietnamese(terminal)
        try terminal.press("F4")
        try terminal.waitFor("Xem lại trước khi nộp")
        try terminal.press("s")
        try terminal.waitFor("Nộp bài làm của bạn?")
        try terminal.press("y")
        try terminal.waitFor("Máy này không còn bị khóa.")
        try terminal.press("Enter")
        let receipt = try terminal.waitFor("Hãy giữ mã biên nhận")
        let attempt = try #require(try terminal.store().attempts(exam: "multilingual-sampler", candidate: "vi-1").first)
        let code = try #require(attempt.receipt)
        let vietnamese = DateFormatter()
        vietnamese.timeZone = TimeZone(identifier: "UTC")
        vietnamese.dateFormat = "'ngày' d 'tháng' M, y H:mm:ss"
        let submitted = vietnamese.string(from: try #require(attempt.endedAt))
        let title = " Multilingual sampler / 多言語 / 다국어 / Đa ngôn ngữ / Multilíngue"
        /// A line of the receipt's box, 64 columns wide from column 18.
        func boxed(_ text: String) -> String {
            "                  │ " + text + String(repeating: " ", count: 61 - text.displayWidth) + "│"
        }
        let expected =
            [title + String(repeating: " ", count: 99 - title.displayWidth - "đã nộp".displayWidth) + "đã nộp"]
            + Array(repeating: "", count: 9)
            + [
                "                  ╭" + String(repeating: "─", count: 62) + "╮",
                boxed("Bài làm của bạn đã được nộp."),
                boxed(""),
                boxed("Biên nhận   \(code)"),
                boxed("Đã nộp lúc  \(submitted)"),
                boxed("Mã bài thi  \(ExamKey.short(attempt.examKey))"),
                boxed("Thí sinh    vi-1"),
                boxed(""),
                boxed("Hãy giữ mã biên nhận: nó chứng minh những gì bạn đã nộp."),
                "                  ╰" + String(repeating: "─", count: 62) + "╯",
            ]
            + Array(repeating: "", count: 8)
            + [String(repeating: "─", count: 100), " Enter xong" + String(repeating: " ", count: 76) + "F1 trợ giúp"]
        #expect(receipt.components(separatedBy: "\n").prefix(30) == expected[...], "\(receipt)")
        try terminal.press("Enter")
        #expect(try terminal.exitStatus() == 0)
        try terminal.waitForWrittenLines([
            "Bài làm của bạn đã được nộp.",
            "",
            "  Biên nhận   \(code)",
            "  Đã nộp lúc  \(submitted)",
            "  Mã bài thi  \(ExamKey.short(attempt.examKey))",
            "  Thí sinh    vi-1",
            "",
            "Hãy giữ mã biên nhận: nó chứng minh những gì bạn đã nộp.",
            "EXIT=0",
        ])

        // Interrupted (SIGTERM) with the attempt in progress: what the terminal says after
        // the screen closes, whole.
        let second = try TerminalUnderTest("take \(Self.exam) --candidate vi-2", environment: ["LANG": "vi_VN.UTF-8"])
        try Self.beginInVietnamese(second)
        kill(try #require(try second.assessPID()), SIGTERM)
        #expect(try second.exitStatus() == 1)
        try second.waitForWrittenLines([
            "assess: bài thi bị gián đoạn (SIGTERM); mọi câu trả lời đã được lưu và máy đã được mở khóa. Lượt thi vẫn còn "
                + "dở dang: giám thị tiếp tục nó bằng `assess resume` hoặc kết thúc nó bằng `assess end` (xem `assess status`)",
            "EXIT=1",
        ])
    }

    /// `take --language ja` on the multilingual exam, killed: a `resume` without `--language`
    /// (the kiosk's locale is English) comes back in Japanese, the language the attempt
    /// started in, and `--language` given to `resume` still chooses another.
    @Test func aResumeWithoutLanguageSpeaksTheLanguageTheAttemptStartedIn() throws {
        let setup = try ProctorTests.Setup()
        let first = try TerminalUnderTest("take \(Self.exam) --candidate ja-9 --language ja", policy: setup.policy)
        try Self.beginInJapanese(first)
        kill(try #require(try first.assessPID()), SIGKILL)
        try first.waitUntilAssessIsGone()
        let attempt = try #require(try first.store().attempts(exam: "multilingual-sampler", candidate: "ja-9").first)
        #expect(attempt.settings.contains(#""language":"ja""#), "\(attempt.settings)")

        let second = try TerminalUnderTest(
            "resume \(Self.exam) --candidate ja-9", lockDirectory: first.lockDirectory,
            dataDirectory: first.dataDirectory, policy: setup.policy)
        try second.answer("Proctor password:", with: ProctorTests.password)
        let welcome = try second.waitFor("試験キー")
        #expect(welcome.contains(": この受験の続きです"), "\(welcome)")
        try second.press("Enter")
        try second.waitFor("試験のためにこの端末をロックしますか")
        try second.press("y")
        try second.waitFor("この端末はロックされました")
        try second.press("Enter")
        try second.waitFor("問題 1/8")
        kill(try #require(try second.assessPID()), SIGKILL)
        try second.waitUntilAssessIsGone()

        let third = try TerminalUnderTest(
            "resume \(Self.exam) --candidate ja-9 --language ko",
            lockDirectory: first.lockDirectory, dataDirectory: first.dataDirectory,
            policy: setup.policy)
        try third.answer("Proctor password:", with: ProctorTests.password)
        try third.waitFor("시험 키")
    }

    /// From the welcome screen, through the consent and the banner to question 1, in Vietnamese.
    static func beginInVietnamese(_ terminal: TerminalUnderTest) throws {
        try terminal.waitFor("Mã bài thi")
        try terminal.press("Enter")
        try terminal.waitFor("Khóa máy này để làm bài thi?")
        try terminal.press("y")
        try terminal.waitFor("Máy này đã được khóa")
        try terminal.press("Enter")
        try terminal.waitFor("Câu 1/8")
    }

    /// From the welcome screen of the geography quiz (an English exam) to its first question, in Japanese.
    static func beginGeographyInJapanese(_ terminal: TerminalUnderTest) throws {
        try terminal.waitFor("試験キー")
        try terminal.press("Enter")
        try terminal.waitFor("試験のためにこの端末をロックしますか")
        try terminal.press("y")
        try terminal.waitFor("この端末はロックされました")
        try terminal.press("Enter")
        try terminal.waitFor("問題 1/4")
    }

    /// `--language` sets the interface's language over the exam's own; the questions stay
    /// in the exam's.
    @Test func languageSpeaksTheInterfaceOverAnEnglishExamWhoseQuestionsStayEnglish() throws {
        let terminal = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ja-9 --language ja", width: 80, height: 24)
        try terminal.waitForWrittenLines([
            " assess                                                                    試験",
            "",
            "  Geography quiz",
            "",
            "  受験者    ja-9",
            "  時間      10分",
            "  問題数    4",
            "  試験キー  9d5d-09a9",
            "",
            "  ────────────────────────────────────────────────────────────────────────────",
            "  Four questions on capitals, rivers and maps.",
            "  Choose or type one answer for each. You may go back to earlier questions.",
            "", "", "", "", "", "", "", "", "", "",
            "────────────────────────────────────────────────────────────────────────────────",
            " Enter 開始  q 終了                                                  F1 ヘルプ",
        ])
        try terminal.press("Enter")
        try terminal.waitFor("試験のためにこの端末をロックしますか")
        try terminal.press("y")
        try terminal.waitFor("この端末はロックされました")
        try terminal.press("Enter")
        let question = try terminal.waitFor("問題 1/4").components(separatedBy: "\n")
        #expect(question.contains("  問題 1/4 · 1点"), "\(question)")
        #expect(question.contains("  What is the capital of Canada?"))
        #expect(question.contains(" Tab 次へ  ↑↓ 移動  Space 選択  F4 確認・提出  F12 挙手     F9 設定  F1 ヘルプ"))
    }

    /// Once the student leaves the receipt, it is printed below the screen (so it stays in
    /// the scroll-back), its time local and in the interface language's usual form.
    @Test func theReceiptStaysOnTheTerminalInLocalTimeAndTheLanguagesForm() throws {
        let terminal = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ja-10 --language ja", environment: ["TZ": "Asia/Tokyo"],
            width: 80, height: 24)
        try Self.beginGeographyInJapanese(terminal)
        try terminal.press("3")
        try terminal.press("F4")
        try terminal.waitFor("提出前の確認")
        try terminal.press("s")
        try terminal.waitFor("解答を提出しますか")
        try terminal.press("y")
        try terminal.waitFor("この端末のロックは解除されました。")
        try terminal.press("Enter")
        let screen = try terminal.waitFor("受領番号を控えてください")
        let attempt = try #require(try terminal.store().attempts(exam: "geography-quiz").first)
        let code = try #require(attempt.receipt)
        let ended = try #require(attempt.endedAt)
        let tokyo = DateFormatter()
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")
        tokyo.dateFormat = "y年M月d日 H:mm:ss"
        let time = tokyo.string(from: ended)
        #expect(screen.contains("│ 提出日時  \(time) "), "\(screen)")
        try terminal.press("Enter")
        #expect(try terminal.exitStatus() == 0)
        let printed = try terminal.writtenLines().drop { $0.isEmpty }
        #expect(
            Array(printed) == [
                "解答は提出されました。",
                "",
                "  受領番号  \(code)",
                "  提出日時  \(time)",
                "  試験キー  \(ExamKey.short(attempt.examKey))",
                "  受験者    ja-10",
                "",
                "受領番号を控えてください。提出内容の証明になります。",
                "EXIT=0",
            ], "\(printed)")
    }
}
