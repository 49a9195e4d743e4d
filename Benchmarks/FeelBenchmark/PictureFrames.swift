import Foundation

/// An exam with pictures on a terminal that answers no query: the benchmark's
/// pseudo-terminal answers neither the device attributes, nor the cell size, nor kitty's
/// graphics query, as a terminal that ignores them (or a slow link that loses them) would.
/// `take` asks them as it starts and never waits for the answers, so neither the first frame
/// nor the first picture, a mosaic, may come later than the first frame's budget.
struct PictureFrames {
    /// The welcome screen's first frame, timed as the first frame row's.
    var firstFrame = FirstFrame()
    /// From Enter on the start banner to the last byte of the burst that shows the first
    /// question's picture as a mosaic (ended by 100 ms without output), whether the mosaic
    /// comes in the question's first frame or a later one.
    var firstPicture = Samples()

    /// The block symbols a mosaic is made of (U+2580 to U+259F, chafa's block tags).
    static let mosaicSymbols = (UInt32(0x2580)...0x259F).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }

    /// Measures `runs` sittings of `exam`, whose first question shows a picture with `prompt`.
    static func measure(assess: String, exam: String, prompt: String, runs: Int) throws -> PictureFrames {
        var result = PictureFrames()
        result.firstFrame = try FirstFrame.measure(
            [assess, "take", exam, "--candidate", "bench"], marker: "quit", runs: runs)
        for run in 0..<runs {
            let sandbox = try Sandbox()
            let process = try PseudoTerminalProcess(
                arguments: [assess, "take", exam, "--candidate", "pictures-\(run)"], environment: sandbox.environment)
            defer { process.stop() }
            // The welcome screen, the lock's consent and the start banner, each whole before its key.
            var offset = 0
            for (marker, key) in [("quit", "\r"), ("decline", "y"), ("Press", "")] {
                guard process.waitFor(marker, from: offset) != nil else {
                    throw MeasurementError(description: "assess never showed \"\(marker)\": …\(process.text.tail())")
                }
                _ = process.waitForQuiet(FirstFrame.quiet)
                offset = process.text.count
                if !key.isEmpty { process.send(key) }
            }
            let sentAt = ContinuousClock.now
            process.send("\r")
            guard process.waitFor(prompt, from: offset) != nil else {
                throw MeasurementError(description: "assess never showed \"\(prompt)\": …\(process.text.tail())")
            }
            // The mosaic is made on a thread of its own, so it may come in a later frame than
            // the question's: wait for it, then for the end of its burst.
            let deadline = ContinuousClock.now + .seconds(10)
            while !mosaicSymbols.contains(where: { process.text.contains($0, from: offset) }) {
                guard ContinuousClock.now < deadline else {
                    throw MeasurementError(
                        description: "the first question came without its mosaic: …\(process.text.tail())")
                }
                _ = process.readAvailable(timeout: .milliseconds(50))
            }
            guard let last = process.waitForQuiet(FirstFrame.quiet) else {
                throw MeasurementError(description: "assess never fell quiet after the mosaic")
            }
            result.firstPicture.append((last - sentAt).milliseconds)
        }
        return result
    }
}

/// Adds the rows of an exam with pictures on a terminal that answers no query.
func addPictureRows(to report: inout Report, assess: String, exams: String, runs: Int) throws {
    let exam = URL(fileURLWithPath: exams).appendingPathComponent("pictures.yaml").path
    progress("pictures on a terminal that answers no query: \(runs) first frames and first pictures")
    let frames = try PictureFrames.measure(
        assess: assess, exam: exam, prompt: "Which bar of the chart is the tallest?", runs: runs)
    // The same run's first frame of an exam without pictures, which sends no query: on a
    // shared machine the ratio says what the queries and the pictures cost.
    let plain = try FirstFrame.measure(
        [
            assess, "take", URL(fileURLWithPath: exams).appendingPathComponent("all-types.yaml").path, "--candidate",
            "bench",
        ],
        marker: "quit", runs: runs)
    report.add(
        "first frame, an exam with pictures, terminal answers no query (median / p99)",
        assess: Report.medianAndP99(frames.firstFrame.milliseconds, unit: "ms"),
        reference: "all-types.yaml, no pictures " + Report.medianAndP99(plain.milliseconds, unit: "ms"),
        ratio: frames.firstFrame.milliseconds.median! / plain.milliseconds.median!,
        budget: "≤ 20 ms (median), as the first frame", holds: frames.firstFrame.milliseconds.median! <= 20)
    report.add(
        "first picture (a mosaic), Enter to the frame, terminal answers no query (median / p99)",
        assess: Report.medianAndP99(frames.firstPicture, unit: "ms"), reference: "", ratio: nil,
        budget: "≤ 20 ms (median), as the first frame", holds: frames.firstPicture.median! <= 20)
}
