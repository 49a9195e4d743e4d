import AssessCore
import AssessExam
import AssessTestSupport
import Dispatch
import Foundation
import Testing

@testable import AssessTUI

/// A sixel image read back from its bytes, as a terminal reads it: the DCS header, the
/// raster attributes, the colour registers defined, and each band of six pixel rows.
struct SixelImage {
    /// The raster attributes' width and height in pixels (`"Pan;Pad;Ph;Pv`).
    var width = 0
    var height = 0
    /// Each colour register defined, as `#n;2;r;g;b` gives it (percentages).
    var colours: [Int: (red: Int, green: Int, blue: Int)] = [:]
    /// The bands of six pixel rows, each as wide as the columns its sixels reached.
    var bandWidths: [Int] = []

    enum Failure: Error { case malformed(String) }

    /// Reads `bytes`: `ESC P P1;P2;P3 q`, the raster attributes, then colour definitions and
    /// selections, sixels (`?` to `~`), repeats (`!count`), carriage returns (`$`) and new
    /// bands (`-`), up to `ESC \`.
    init(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("\u{1B}P"), text.hasSuffix("\u{1B}\\"), let q = text.firstIndex(of: "q") else {
            throw Failure.malformed("not one DCS sequence ending in ST")
        }
        let header = text[text.index(text.startIndex, offsetBy: 2)..<q]
        guard header.allSatisfy({ $0.isNumber || $0 == ";" }) else { throw Failure.malformed("header \(header)") }
        var data = Substring(text[text.index(after: q)...].dropLast(2))
        guard data.first == "\"" else { throw Failure.malformed("no raster attributes") }
        let raster = data.dropFirst().prefix { $0.isNumber || $0 == ";" }
        let numbers = raster.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 4 else { throw Failure.malformed("raster attributes \(raster)") }
        (width, height) = (numbers[2], numbers[3])
        data = data.dropFirst(1 + raster.count)
        var column = 0
        var widest = 0
        while let character = data.first {
            data = data.dropFirst()
            switch character {
            case "#":
                let definition = data.prefix { $0.isNumber || $0 == ";" }
                data = data.dropFirst(definition.count)
                let parts = definition.split(separator: ";").compactMap { Int($0) }
                if parts.count == 5, parts[1] == 2 { colours[parts[0]] = (parts[2], parts[3], parts[4]) }
            case "!":
                let count = data.prefix { $0.isNumber }
                data = data.dropFirst(count.count)
                guard let repeats = Int(count), let sixel = data.first, ("?"..."~").contains(sixel) else {
                    throw Failure.malformed("repeat without a sixel")
                }
                data = data.dropFirst()
                column += repeats
            case "$":
                widest = max(widest, column)
                column = 0
            case "-":
                bandWidths.append(max(widest, column))
                (widest, column) = (0, 0)
            case "?"..."~":
                column += 1
            default:
                throw Failure.malformed("unexpected \(character.debugDescription)")
            }
        }
        if max(widest, column) > 0 { bandWidths.append(max(widest, column)) }
    }
}

/// One of kitty's graphics commands, `ESC _ G keys ; payload ESC \`.
struct KittyCommand {
    var keys: [String: String]
    var payload: String

    /// The commands `bytes` hold, in order; fails on anything between or around them.
    static func parse(_ bytes: [UInt8]) throws -> [KittyCommand] {
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        var commands: [KittyCommand] = []
        while !text.isEmpty {
            guard text.hasPrefix("\u{1B}_G"), let end = text.range(of: "\u{1B}\\") else {
                throw SixelImage.Failure.malformed("not an APC G command: \(text.prefix(12).debugDescription)")
            }
            let body = text[text.index(text.startIndex, offsetBy: 3)..<end.lowerBound]
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let sides = pair.split(separator: "=", maxSplits: 1)
                guard sides.count == 2 else { throw SixelImage.Failure.malformed("key \(pair)") }
                keys[String(sides[0])] = String(sides[1])
            }
            commands.append(KittyCommand(keys: keys, payload: parts.count == 2 ? String(parts[1]) : ""))
            text = text[end.upperBound...]
        }
        return commands
    }
}

/// Pictures in a graphics protocol: chafa's sixel and kitty output read back against each
/// protocol, what the terminal's answers decide, and where a frame places a picture.
@Suite struct PictureGraphicsTests {
    static let cell = CellPixels(width: 8, height: 16)

    static func disc() throws -> DecodedPicture {
        try PictureFile.decode(TestPictures.disc()).get()
    }

    @Test func sixelOutputIsOneImageFillingTheCellsInTheDiscsColours() throws {
        let graphics = try #require(
            PictureGraphics.encode(try Self.disc(), as: .sixel, columns: 12, rows: 5, cell: Self.cell))
        #expect(graphics.graphicsProtocol == .sixel)
        let image = try SixelImage(graphics.bytes)
        // 96 × 80 pixels: chafa keeps the height to whole bands of six rows, within the cells.
        #expect(image.width == 12 * 8)
        #expect(image.height <= 5 * 16 && image.height > 5 * 16 - 6)
        #expect(image.bandWidths.count == (image.height + 5) / 6)
        #expect(image.bandWidths.allSatisfy { $0 <= image.width })
        #expect(image.bandWidths.contains(image.width))
        // The disc's dark blue and the pale ground (sixel colours are percentages).
        #expect(image.colours.values.contains { $0.blue > 50 && $0.red < 20 })
        #expect(image.colours.values.contains { $0.red > 85 && $0.green > 85 })
    }

    @Test func kittyOutputIsOneTransmitAndPlaceOfTheDiscsPixelsInTheCells() throws {
        let graphics = try #require(
            PictureGraphics.encode(try Self.disc(), as: .kitty, columns: 12, rows: 5, cell: Self.cell))
        #expect(graphics.graphicsProtocol == .kitty)
        let commands = try KittyCommand.parse(graphics.bytes)
        let first = try #require(commands.first)
        #expect(first.keys["a"] == "T")
        #expect(first.keys["f"] == "32")
        #expect(first.keys["c"] == "12" && first.keys["r"] == "5")
        let width = try #require(first.keys["s"].flatMap { Int($0) })
        let height = try #require(first.keys["v"].flatMap { Int($0) })
        #expect(width > 0 && width <= 12 * 8 && height > 0 && height <= 5 * 16)
        // Every chunk but the last says more follow (m=1); the last says none do (m=0).
        #expect(commands.dropLast().allSatisfy { $0.keys["m"] == "1" })
        #expect(commands.last?.keys["m"] == "0")
        // Each chunk's payload is base64 of its own.
        var pixels = Data()
        for command in commands {
            pixels += try #require(Data(base64Encoded: command.payload), "a chunk that is not base64")
        }
        #expect(pixels.count == width * height * 4)
        // The middle pixel is the disc's blue; a corner is the ground.
        let middle = 4 * (height / 2 * width + width / 2)
        #expect(pixels[middle + 2] > 120 && pixels[middle] < 60)
        #expect(pixels[0] > 200 && pixels[1] > 200)
    }

    @Test func aTerminalDrawsInAProtocolOnlyOnceItSaysSoAndItsCellsAreKnown() {
        let silent = TerminalGraphics(cell: Self.cell)
        #expect(silent.drawing == nil)
        silent.record(.deviceAttributes([1, 2]))
        #expect(silent.drawing == nil, "no 4 among the attributes: no sixel")

        let sixel = TerminalGraphics()
        sixel.record(.deviceAttributes([62, 4, 22]))
        #expect(sixel.drawing == nil, "the cell's size in pixels is not known yet")
        sixel.record(.cellSize(Self.cell))
        #expect(sixel.drawing?.graphicsProtocol == .sixel)
        #expect(sixel.drawing?.cell == Self.cell)

        let kitty = TerminalGraphics(cell: Self.cell)
        kitty.record(.kittyGraphics(id: 7, ok: true))
        #expect(kitty.drawing == nil, "an answer to another program's query")
        kitty.record(.kittyGraphics(id: TerminalGraphics.kittyQueryID, ok: false))
        #expect(kitty.drawing == nil)
        kitty.record(.kittyGraphics(id: TerminalGraphics.kittyQueryID, ok: true))
        kitty.record(.deviceAttributes([62, 4]))
        #expect(kitty.drawing?.graphicsProtocol == .kitty, "kitty's protocol where both are spoken")
    }

    @Test func theQueriesEndWithTheDeviceAttributesEveryTerminalAnswers() {
        #expect(TerminalGraphics.queries(askKitty: false) == "\u{1B}[16t\u{1B}[c")
        let withKitty = TerminalGraphics.queries(askKitty: true)
        #expect(withKitty.hasPrefix("\u{1B}_Gi=31,") && withKitty.hasSuffix("\u{1B}[16t\u{1B}[c"))
    }

    /// The picture question of ``PictureScreenTests`` on a terminal that has answered `replies`.
    static func frame(after replies: [TerminalReply]) -> CellGrid {
        let graphics = TerminalGraphics()
        for reply in replies { graphics.record(reply) }
        let made = DispatchSemaphore(value: 0)
        let exam = PictureScreenTests.exam
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8, size: PictureScreenTests.size)
        flow.pictures = PictureShelf(
            pictures: exam.pictures, showsMosaics: true, terminalGraphics: graphics, ready: { made.signal() })
        FlowFixtures.begin(&flow)
        _ = PictureScreenTests.draw(flow)
        // The mosaic and the terminal's own picture are made on threads of their own, in
        // either order: a terminal that answered waits for its picture, not the first made.
        let wanted = graphics.drawing == nil ? 1 : 2
        for _ in 0..<wanted { _ = made.wait(timeout: .now() + 30) }
        return PictureScreenTests.draw(flow)
    }

    @Test func aSixelTerminalGetsThePictureOverBlankCellsWhereTheMosaicWas() throws {
        let mosaic = Self.frame(after: [])
        #expect(mosaic.pictures.isEmpty)
        let sixel = Self.frame(after: [.deviceAttributes([62, 4]), .cellSize(Self.cell)])
        let placement = try #require(sixel.pictures.first)
        #expect(sixel.pictures.count == 1)
        #expect(placement.graphics.graphicsProtocol == .sixel)
        #expect(sixel.uncoveredPictures == sixel.pictures)
        // Where the mosaic's cells were, blanks; beside them, the same alt text.
        for row in placement.row..<(placement.row + placement.rows) {
            for column in placement.column..<(placement.column + placement.columns) {
                #expect(sixel[row, column] == .blank)
                #expect(mosaic[row, column] != .blank || mosaic[row, column].grapheme == " ")
            }
            let beside = (placement.column + placement.columns)..<sixel.columns
            #expect(
                beside.map { sixel[row, $0] } == beside.map { mosaic[row, $0] }, "row \(row) beside the picture")
        }
        let image = try SixelImage(placement.graphics.bytes)
        #expect(image.width == placement.columns * Self.cell.width)
    }
}
