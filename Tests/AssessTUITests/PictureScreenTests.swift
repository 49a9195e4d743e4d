import AssessCore
import AssessExam
import AssessTestSupport
import Dispatch
import Foundation
import Testing

@testable import AssessTUI

/// A question with a picture, drawn whole at 80×24 in each of its forms and compared with
/// its golden screen in `Screens/`, text and styles: the frame while the mosaic is made,
/// the mosaic with its alt text, and the alt text alone where a mosaic is not shown.
@Suite struct PictureScreenTests {
    static let golden = GoldenScreens(
        folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens").path)
    static let size = TerminalSize(columns: 80, rows: 24)

    /// One question with a map-like picture and a choice with a picture of its own.
    static let exam: Exam = {
        var exam = Exam(
            id: "pictures", title: "Pictures", durationSeconds: 600,
            sections: [
                ExamSection(
                    title: nil,
                    questions: [
                        Question(
                            id: "disc", prompt: "What shape is drawn in the picture?",
                            kind: .singleChoice(choices: ["A disc", "A square", "A triangle"], correct: 0),
                            image: ExamImage(file: "disc.png", alt: "A dark disc on a pale ground", width: 30),
                            choiceImages: [1: ExamImage(file: "square.png", alt: "a square")])
                    ])
            ])
        exam.pictures = ["disc.png": TestPictures.disc(), "square.png": TestPictures.disc(width: 8, height: 8)]
        return exam
    }()

    /// The flow on the question, its shelf calling `ready` when a mosaic is made.
    static func flow(
        showsMosaics: Bool, accessibility: Set<AccessibilityOption> = [], ready: @escaping @Sendable () -> Void
    ) -> ExamFlow {
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8, size: size,
            accessibility: AccessibilitySettings(accessibility))
        flow.pictures = PictureShelf(pictures: exam.pictures, showsMosaics: showsMosaics, ready: ready)
        FlowFixtures.begin(&flow)
        return flow
    }

    static func draw(_ flow: ExamFlow) -> CellGrid {
        var grid = CellGrid(size: size)
        ExamScreens.render(flow, now: 0, into: &grid)
        return grid
    }

    @Test func theFirstFrameShowsTheAltTextFramedThenTheMosaicOnceItIsMade() {
        let made = DispatchSemaphore(value: 0)
        let flow = Self.flow(showsMosaics: true) { made.signal() }
        // The first frame never waits for the picture: it is drawn with the frame.
        Self.golden.assertMatches(Self.draw(flow), named: "picture-converting-80x24")
        #expect(made.wait(timeout: .now() + 30) == .success)
        Self.golden.assertMatches(Self.draw(flow), named: "picture-mosaic-80x24")
    }

    /// A place where the alt text stands alone: its golden screen, the terminal, the settings.
    struct WordsOnly: Sendable, CustomTestStringConvertible {
        var name: String
        var showsMosaics: Bool
        var accessibility: Set<AccessibilityOption>
        var testDescription: String { name }
    }

    @Test(arguments: [
        WordsOnly(name: "picture-words-console-80x24", showsMosaics: false, accessibility: []),
        WordsOnly(name: "picture-words-no-colour-80x24", showsMosaics: true, accessibility: [.noColour]),
        WordsOnly(name: "picture-words-screen-reader-80x24", showsMosaics: true, accessibility: [.screenReader]),
    ])
    func whereNoMosaicIsShownTheAltTextStandsAloneInAFrameNamedPicture(_ place: WordsOnly) {
        let flow = Self.flow(showsMosaics: place.showsMosaics, accessibility: place.accessibility) {
            Issue.record("no mosaic is made where none is shown")
        }
        Self.golden.assertMatches(Self.draw(flow), named: place.name)
    }

    @Test func theMosaicIsMadeOfBlockSymbolsThatFollowThePicture() throws {
        let picture = try PictureFile.decode(TestPictures.disc()).get()
        let mosaic = try #require(PictureMosaic.convert(picture, columns: 20, rows: 8))
        #expect(mosaic.rows.count == 8)
        #expect(mosaic.rows.allSatisfy { $0.unicodeScalars.count == 20 })
        #expect(mosaic.rows.joined().unicodeScalars.allSatisfy(PictureMosaic.drawable))
        // The pale ground and the dark blue disc come out white and blue.
        #expect(mosaic.colours.count == 8 && mosaic.colours.allSatisfy { $0.count == 20 })
        // The colour a cell shows whole: its ink under a full block, its paper under a space.
        func shown(_ row: Int, _ column: Int) -> UInt8? {
            let symbol = Array(mosaic.rows[row])[column]
            let colours = mosaic.colours[row][column]
            return symbol == "█" ? colours.ink : (symbol == " " ? colours.paper : nil)
        }
        #expect(shown(0, 0) == 7)
        #expect(shown(4, 10) == 4)
    }

    @Test func theShelfConvertsEachPictureOnceASize() {
        let made = DispatchSemaphore(value: 0)
        let shelf = PictureShelf(pictures: Self.exam.pictures, showsMosaics: true) { made.signal() }
        #expect(shelf.mosaic(of: "disc.png", columns: 16, rows: 6) == nil)
        #expect(made.wait(timeout: .now() + 30) == .success)
        #expect(shelf.mosaic(of: "disc.png", columns: 16, rows: 6)?.rows.count == 6)
        // Asked again, at the same size: no second conversion.
        #expect(made.wait(timeout: .now() + 0.5) == .timedOut)
        #expect(shelf.cells(of: "disc.png", columns: 30, rows: 20).map { [$0.columns, $0.rows] } == [30, 11])
        #expect(shelf.cells(of: "disc.png", columns: 30, rows: 6).map { [$0.columns, $0.rows] } == [16, 6])
    }

    @Test func onlyAUnicodeTerminalThatIsNotTheConsoleShowsMosaics() {
        #expect(PictureShelf.showsMosaics(term: "xterm-256color", isUTF8Locale: true))
        #expect(PictureShelf.showsMosaics(term: "tmux-256color", isUTF8Locale: true))
        #expect(!PictureShelf.showsMosaics(term: "linux", isUTF8Locale: true))
        #expect(!PictureShelf.showsMosaics(term: "xterm-256color", isUTF8Locale: false))
        #expect(!PictureShelf.showsMosaics(term: nil, isUTF8Locale: true))
        #expect(!PictureShelf.showsMosaics(term: "dumb", isUTF8Locale: true))
    }
}
