import AssessExam
import AssessTUI
import AssessTestSupport
import Foundation

// Times what one picture costs a sitting: decoding it with libpng and converting it to a
// mosaic with chafa at the size the 80×24 question screen gives the sample chart (30 × 11
// cells), and encoding it in sixel and in kitty's protocol for the same cells of 8 × 16
// pixels (with their size in bytes), for the chart, a photograph-like picture and the largest picture allowed. A
// measurement, not a test: swift build, then .build/debug/measure-pictures from the package.

func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

// The test encoder does not compress, so the photograph-like picture stays under 1 MiB at 320×240.
let files: [(String, Data)] = [
    ("chart 96×64", try Data(contentsOf: URL(fileURLWithPath: "Exams/pictures/bar-chart.png"))),
    (
        "photograph-like 320×240",
        TestPictures.png(width: 320, height: 240) { x, y in
            (UInt8(x * 255 / 320), UInt8(y * 255 / 240), UInt8((x ^ y) & 0xFF))
        }
    ),
]
let cell = CellPixels(width: 8, height: 16)
print("picture                          bytes  decode ms  convert ms  sixel ms (bytes)  kitty ms (bytes), median of 9")
for (name, data) in files {
    var decodes: [Double] = []
    var converts: [Double] = []
    var sixels: [Double] = []
    var kittys: [Double] = []
    var sizes = (sixel: 0, kitty: 0)
    for _ in 0..<9 {
        var picture: DecodedPicture?
        decodes.append(milliseconds { picture = try? PictureFile.decode(data).get() })
        guard let picture else { fatalError("\(name) did not decode") }
        converts.append(milliseconds { _ = PictureMosaic.convert(picture, columns: 30, rows: 11) })
        sixels.append(
            milliseconds {
                sizes.sixel =
                    PictureGraphics.encode(picture, as: .sixel, columns: 30, rows: 11, cell: cell)?.bytes.count ?? 0
            })
        kittys.append(
            milliseconds {
                sizes.kitty =
                    PictureGraphics.encode(picture, as: .kitty, columns: 30, rows: 11, cell: cell)?.bytes.count ?? 0
            })
    }
    let label = name.padding(toLength: 30, withPad: " ", startingAt: 0)
    print(
        label,
        String(
            format: "%7d  %9.2f  %10.2f  %8.2f (%d)  %8.2f (%d)", data.count, median(decodes), median(converts),
            median(sixels), sizes.sixel, median(kittys), sizes.kitty))
}

// The largest picture allowed, converted only (decoding it depends on how well it compresses).
var pixels = [UInt8](repeating: 255, count: 4 * 2048 * 2048)
for index in 0..<(2048 * 2048) {
    pixels[4 * index] = UInt8(truncatingIfNeeded: index)
    pixels[4 * index + 1] = UInt8(truncatingIfNeeded: index >> 11)
}
let largest = DecodedPicture(size: PictureSize(width: 2048, height: 2048), rgba: pixels)
var largestConverts: [Double] = []
var largestSixels: [Double] = []
var largestKittys: [Double] = []
for _ in 0..<9 {
    largestConverts.append(milliseconds { _ = PictureMosaic.convert(largest, columns: 30, rows: 11) })
    largestSixels.append(
        milliseconds { _ = PictureGraphics.encode(largest, as: .sixel, columns: 30, rows: 11, cell: cell) })
    largestKittys.append(
        milliseconds { _ = PictureGraphics.encode(largest, as: .kitty, columns: 30, rows: 11, cell: cell) })
}
print(
    "largest allowed 2048×2048",
    String(
        format: "%27.2f  %8.2f  %8.2f", median(largestConverts), median(largestSixels), median(largestKittys)))
