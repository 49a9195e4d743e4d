import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// The pictures quiz (`Exams/pictures.yaml`) sat in the real binary in tmux at 80×24: the
/// whole screen, text and attributes as tmux draws them (`capture-pane -e`), compared with
/// its golden copy in `Screens/` (`ASSESS_RECORD_SCREENS=1` records them anew); the mosaic
/// where tmux stands for a Unicode terminal, the alt text alone on the Linux console; and
/// the quiz sat to its receipt.
@Suite("Pictures in a real terminal", .ownThread)
struct PicturesInATerminalTests {

    /// A practice sitting of the pictures quiz at 80×24, steady clock (reduced motion), on its first question.
    /// `term`, when given, is the `TERM` assess sees (tmux sets its own for the window).
    /// `options` are added to `take`'s.
    static func firstQuestion(term: String? = nil, options: String = "") throws -> TerminalUnderTest {
        let assess = try BuiltProducts.path(of: "assess")
        let terminal = try TerminalUnderTest(
            "take Exams/pictures.yaml --candidate p-1 --practice --reduced-motion \(options)",
            program: term.map { "env TERM=\($0) \(assess)" }, width: 80, height: 24)
        try terminal.waitFor("Exam key")
        try terminal.press("Enter")
        try terminal.waitFor("Practice: this terminal is not locked")
        try terminal.press("Enter")
        try terminal.waitFor("Which bar of the chart is the tallest?")
        return terminal
    }

    /// Waits until the styled screen is the golden screen `name` (a mosaic is drawn a
    /// moment after the first frame), or records it; fails with both when it never is.
    static func expectScreen(
        _ terminal: TerminalUnderTest, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try terminal.expectGoldenScreen(name, within: 10, settle: 1, sourceLocation: sourceLocation)
    }

    @Test func aUnicodeTerminalShowsTheChartAsAMosaicBesideItsAltText() throws {
        let terminal = try Self.firstQuestion()
        let screen = try terminal.waitFor("  Picture\n")
        #expect(screen.contains("  A bar chart of four bars, from left to right"))
        try Self.expectScreen(terminal, named: "pictures-mosaic-80x24")
        // The chart's white paper and blue bar, in the terminal's basic colours.
        let styled = try terminal.styledScreen()
        #expect(styled.contains("\u{1B}[47m") && styled.contains("\u{1B}[44m"))
        #expect(!styled.contains("┌"))
    }

    /// The libraries the dynamic loader loaded into the sittings in `folder` (its
    /// `LD_DEBUG=libs` trace, dlopen's included), one trace file per process.
    static func loadedLibraries(in folder: TemporaryDirectory) throws -> String {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("ld.") }
            .map { try String(contentsOfFile: folder.file($0), encoding: .utf8) }.joined()
    }

    @Test func chafaAndLibpngAreLoadedOnlyWhenAPictureIsShown() throws {
        let assess = try BuiltProducts.path(of: "assess")
        let plainTrace = try TemporaryDirectory("assess-e2e-ld")
        defer { plainTrace.remove() }
        let plain = try TerminalUnderTest(
            "take Exams/all-types.yaml --candidate p-2 --practice --reduced-motion",
            program: "env LD_DEBUG=libs LD_DEBUG_OUTPUT=\(plainTrace.file("ld")) \(assess)", width: 80, height: 24)
        try plain.waitFor("Exam key")
        try plain.press("Enter")
        try plain.waitFor("Practice: this terminal is not locked")
        let plainLoaded = try Self.loadedLibraries(in: plainTrace)
        #expect(plainLoaded.contains("libncursesw"), "the trace names what was loaded")
        for library in ["libchafa", "libpng16", "libglib-2.0"] {
            #expect(!plainLoaded.contains(library), "an exam without pictures loaded \(library)")
        }

        let pictureTrace = try TemporaryDirectory("assess-e2e-ld")
        defer { pictureTrace.remove() }
        let pictured = try TerminalUnderTest(
            "take Exams/pictures.yaml --candidate p-3 --practice --reduced-motion",
            program: "env LD_DEBUG=libs LD_DEBUG_OUTPUT=\(pictureTrace.file("ld")) \(assess)", width: 80,
            height: 24)
        try pictured.waitFor("Exam key")
        // Reading the exam decoded its pictures (libpng); nothing was converted yet (chafa).
        #expect(try Self.loadedLibraries(in: pictureTrace).contains("libpng16"))
        #expect(try !Self.loadedLibraries(in: pictureTrace).contains("libchafa"))
        try pictured.press("Enter")
        try pictured.waitFor("Practice: this terminal is not locked")
        try pictured.press("Enter")
        try pictured.waitFor("Which bar of the chart is the tallest?")
        let deadline = Date().addingTimeInterval(10)
        while try pictured.styledScreen().contains("\u{1B}[44m") == false && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try Self.loadedLibraries(in: pictureTrace).contains("libchafa"))
    }

    /// `bytes` sent to the sitting as if the terminal had written them (`send-keys -H`):
    /// what a terminal answers to a query arrives on standard input exactly so.
    static func answer(_ terminal: TerminalUnderTest, _ reply: String) throws {
        try terminal.tmux(["send-keys", "-H"] + reply.utf8.map { String(format: "%02x", $0) })
    }

    /// Everything the sitting writes to its terminal from now on, kept in `file`.
    static func recordOutput(of terminal: TerminalUnderTest, into file: String) throws {
        try terminal.tmux("pipe-pane", "-o", "cat >> '\(file)'")
    }

    /// Waits until `file` holds `text`; returns what it holds then.
    static func waitForOutput(_ text: String, in file: String) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        var written = ""
        while Date() < deadline {
            written = (try? String(contentsOfFile: file, encoding: .isoLatin1)) ?? ""
            if written.contains(text) { return written }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestFailure("the sitting never wrote \(text.debugDescription); it wrote \(written.count) bytes")
    }

    @Test func tmuxAnswersWithoutSixelSoTheChartStaysAMosaicAndTheAnswerReachesNoField() throws {
        // tmux answers the device attributes query itself (`ESC[?1;2c`: no sixel), and
        // passes no kitty query: the sitting keeps the mosaic and writes no picture.
        let output = try TemporaryDirectory("assess-e2e-output")
        defer { output.remove() }
        let terminal = try Self.firstQuestion()
        try Self.recordOutput(of: terminal, into: output.file("written"))
        try Self.expectScreen(terminal, named: "pictures-mosaic-80x24")
        try terminal.press("Tab")
        try terminal.type("17")
        let answered = try terminal.waitFor("Answer: 17")
        #expect(!answered.contains("?1;2"), "tmux's answer typed nothing")
        // The chart is still a mosaic on the second question: the blue bar.
        #expect(try terminal.styledScreen().contains("\u{1B}[44m"))
        let written = try String(contentsOfFile: output.file("written"), encoding: .isoLatin1)
        #expect(!written.contains("\u{1B}P"), "no sixel image")
        #expect(!written.contains("\u{1B}_G"), "no kitty command")
    }

    @Test func aTerminalThatAnswersSixelGetsTheChartInSixelAndTheAnswerTypesNothing() throws {
        let output = try TemporaryDirectory("assess-e2e-output")
        defer { output.remove() }
        let terminal = try Self.firstQuestion()
        try terminal.press("Tab")
        try terminal.waitFor("How many units do the four bars")
        try Self.recordOutput(of: terminal, into: output.file("written"))
        // The answers of a sixel terminal with cells of 8 × 16 pixels, on the numeric
        // question's field: they draw the chart, and type nothing.
        try Self.answer(terminal, "\u{1B}[6;16;8t\u{1B}[?62;4;22c")
        let written = try Self.waitForOutput("\u{1B}\\", in: output.file("written"))
        let screen = try terminal.screen()
        #expect(screen.contains("Answer: \n") || screen.contains("Answer:\n") || !screen.contains("Answer: 6"))
        // The chart from its top-left cell (row 7, column 3 counted from one), between
        // DECSC and DECRC: a DCS sixel image 24 cells of 8 pixels wide.
        let start = try #require(written.range(of: "\u{1B}7\u{1B}[7;3H\u{1B}P"), "\(written.debugDescription)")
        let image = written[start.upperBound...]
        let raster = try #require(image.range(of: "q\"1;1;"))
        let size = image[raster.upperBound...].prefix { $0.isNumber || $0 == ";" }.split(separator: ";")
        #expect(size.first == "192", "24 cells of 8 pixels")
        #expect(image.contains("\u{1B}\\\u{1B}8"))
        try Self.expectScreen(terminal, named: "pictures-sixel-numeric-80x24")
        try terminal.type("17")
        let typed = try terminal.waitFor("Answer: 17")
        #expect(!typed.contains("62;4"))
    }

    @Test func aTerminalThatAnswersKittysQueryGetsTheChartInKittysProtocol() throws {
        let output = try TemporaryDirectory("assess-e2e-output")
        defer { output.remove() }
        let terminal = try Self.firstQuestion()
        try Self.recordOutput(of: terminal, into: output.file("written"))
        try Self.answer(terminal, "\u{1B}[6;16;8t\u{1B}_Gi=31;OK\u{1B}\\")
        let written = try Self.waitForOutput("\u{1B}_Gm=0", in: output.file("written"))
        // Earlier pictures deleted, then the chart placed from its cell, the cursor put back.
        let start = try #require(
            written.range(of: "\u{1B}_Ga=d,q=2\u{1B}\\\u{1B}7\u{1B}[7;3H\u{1B}_Ga=T,f=32,"),
            "\(written.debugDescription)")
        #expect(written[start.upperBound...].hasPrefix("s=192,"), "24 cells of 8 pixels")
        try terminal.press("Tab")
        try terminal.waitFor("How many units do the four bars")
        try terminal.type("17")
        try terminal.waitFor("Answer: 17")
    }

    @Test func picturesAsTextShowTheAltTextAloneInAFrameWhereTheMosaicWouldBe() throws {
        let terminal = try Self.firstQuestion(options: "--pictures text")
        let screen = try terminal.waitFor("┌ Picture ")
        #expect(!screen.contains("█"))
        try Self.expectScreen(terminal, named: "pictures-console-80x24")
    }

    @Test func picturesAsMosaicsKeepTheMosaicWhenTheTerminalSaysItSpeaksSixel() throws {
        let output = try TemporaryDirectory("assess-e2e-output")
        defer { output.remove() }
        let terminal = try Self.firstQuestion(options: "--pictures mosaic")
        try Self.expectScreen(terminal, named: "pictures-mosaic-80x24")
        try Self.recordOutput(of: terminal, into: output.file("written"))
        try Self.answer(terminal, "\u{1B}[6;16;8t\u{1B}[?62;4;22c")
        try terminal.press("Tab")
        try terminal.waitFor("How many units do the four bars")
        try terminal.type("17")
        let answered = try terminal.waitFor("Answer: 17")
        #expect(!answered.contains("62;4"))
        #expect(try terminal.styledScreen().contains("\u{1B}[44m"), "the mosaic's blue bar")
        let written = try String(contentsOfFile: output.file("written"), encoding: .isoLatin1)
        #expect(!written.contains("\u{1B}P"), "no sixel image")
    }

    @Test func theLinuxConsoleShowsTheAltTextAloneInAFrame() throws {
        let terminal = try Self.firstQuestion(term: "linux")
        let screen = try terminal.waitFor("┌ Picture ")
        #expect(!screen.contains("█"))
        try Self.expectScreen(terminal, named: "pictures-console-80x24")
    }

    @Test func thePicturesQuizIsSatToItsReceiptWithEveryAnswerStored() throws {
        let terminal = try TerminalUnderTest("take Exams/pictures.yaml --candidate p-2", width: 80, height: 24)
        try terminal.acceptTheLock()
        try terminal.waitFor("Which bar of the chart is the tallest?")
        try terminal.press("2", "Tab")
        try terminal.waitFor("How many units do the four bars")
        try terminal.type("17")
        try terminal.waitFor("Answer: 17")
        try terminal.press("Tab")
        try terminal.waitFor("What kind of triangle is drawn?")
        try terminal.press("1", "Tab")
        let choices = try terminal.waitFor("Which picture shows a shape with no corners?")
        #expect(choices.contains("1. Picture 1 (picture: a green square)"))
        #expect(choices.contains("2. Picture 2 (picture: a red circle)"))
        try terminal.press("2")
        try terminal.submitAndLeaveThroughTheReceipt()
        #expect(try terminal.exitStatus() == 0)
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "pictures-quiz", candidate: "p-2").first)
        #expect(attempt.status == .submitted)
        let responses = Dictionary(
            uniqueKeysWithValues: try database.responses(for: attempt.id).map { ($0.questionID, $0.value) })
        #expect(responses.count == 4)
        #expect(responses["round-shape"].flatMap { Response(json: $0) } == .singleChoice(1))
    }

    @Test func aPublishedExamCarriesItsPicturesToTheSeat() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let examFile = TerminalUnderTest.packageRoot + "/Exams/pictures.yaml"
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", examFile, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared))
        let form = try #require(try store.deliveryForm(exam: "pictures-quiz", candidate: "ana"))
        let chart = try Data(
            contentsOf: URL(fileURLWithPath: TerminalUnderTest.packageRoot + "/Exams/pictures/bar-chart.png"))
        #expect(form.form.contains(chart.base64EncodedString()))
        // The scoring key read back from the store (the text and its pictures' digests)
        // makes the delivery key the seats get: the proctor's results score with it.
        let results = try proctor.assessCommand(["results", "pictures-quiz", "--csv"])
        #expect(results.status == 0, "\(results.output)")
        #expect(results.output.contains("scored with its published scoring key v1"), "\(results.output)")
        let rescore = try proctor.assessCommand(["results", "pictures-quiz", "--rescore", examFile])
        #expect(rescore.status == 0, "\(rescore.output)")
        #expect(!rescore.output.contains("does not make the delivery form"), "\(rescore.output)")

        let seat = try TerminalUnderTest(
            "take --exam pictures-quiz --candidate ana", dataDirectory: shared, policy: setup.policy, width: 80,
            height: 24)
        try seat.acceptTheLock()
        try seat.waitFor("Which bar of the chart is the tallest?")
        let screen = try seat.waitFor("  A bar chart of four bars, from left to right")
        #expect(screen.contains("  Picture\n"))
        // The mosaic replaces the frame drawn while it is made: white paper, in colour.
        let deadline = Date().addingTimeInterval(10)
        while try seat.styledScreen().contains("\u{1B}[47m") == false && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try seat.styledScreen().contains("\u{1B}[47m"))
    }
}
