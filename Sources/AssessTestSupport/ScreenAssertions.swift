import AssessTUI
import Foundation
import Testing

/// Compares a whole rendered screen with the lines expected, every row of it, as
/// ratatui's `assert_buffer_lines` does: a screen that is right in one place and wrong in
/// another fails. Trailing spaces are not compared; every other character is.
///
/// On a difference the failure shows both screens, row by row, with the first row that
/// differs marked.
public func assertScreen(_ grid: CellGrid, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = grid.lines(trimmingTrailingSpaces: true)
    let wanted = expected.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    guard actual != wanted else { return }
    let first = (0..<min(actual.count, wanted.count)).first { actual[$0] != wanted[$0] } ?? min(actual.count, wanted.count)
    var report = "the screen differs from row \(first) (\(actual.count) rows drawn, \(wanted.count) expected)\n"
    for row in 0..<max(actual.count, wanted.count) {
        let mark = row == first ? ">" : " "
        report += "\(mark)\(String(format: "%2d", row)) got  |\(row < actual.count ? actual[row] : "(no row)")\n"
        if row < wanted.count, row >= actual.count || actual[row] != wanted[row] {
            report += " \(String(format: "%2d", row)) want |\(wanted[row])\n"
        }
    }
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}

/// Golden screens kept as text files beside the tests that compare them: one file per
/// screen, a line per row. `ASSESS_RECORD_SCREENS=1 swift test` writes them anew from
/// what the code draws (read the diff before committing it); without it a missing file
/// fails the test.
public struct GoldenScreens: Sendable {
    private let folder: String

    /// Screens in `folder` (an absolute path; tests pass one made from `#filePath`).
    public init(folder: String) {
        self.folder = folder
    }

    /// Compares `grid` with the golden screen `name`, or records it when asked to.
    public func assertMatches(_ grid: CellGrid, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = "\(folder)/\(name).txt"
        let drawn = grid.lines(trimmingTrailingSpaces: true)
        if ProcessInfo.processInfo.environment["ASSESS_RECORD_SCREENS"] == "1" {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? (drawn.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no golden screen at \(path); record it with ASSESS_RECORD_SCREENS=1 and read it",
                         sourceLocation: sourceLocation)
            return
        }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        assertScreen(grid, lines, sourceLocation: sourceLocation)
    }
}
