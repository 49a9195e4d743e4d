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
    guard let report = screenDifference(grid, expected) else { return }
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}

/// What ``assertScreen(_:_:sourceLocation:)`` reports for `grid` against `expected`, or
/// `nil` when the text is the same.
public func screenDifference(_ grid: CellGrid, _ expected: [String]) -> String? {
    let actual = grid.lines(trimmingTrailingSpaces: true)
    let wanted = expected.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    guard actual != wanted else { return nil }
    let first =
        (0..<min(actual.count, wanted.count)).first { actual[$0] != wanted[$0] } ?? min(actual.count, wanted.count)
    var report = "the screen differs from row \(first) (\(actual.count) rows drawn, \(wanted.count) expected)\n"
    for row in 0..<max(actual.count, wanted.count) {
        let mark = row == first ? ">" : " "
        report += "\(mark)\(String(format: "%2d", row)) got  |\(row < actual.count ? actual[row] : "(no row)")\n"
        if row < wanted.count, row >= actual.count || actual[row] != wanted[row] {
            report += " \(String(format: "%2d", row)) want |\(wanted[row])\n"
        }
    }
    return report
}

/// Golden screens kept as text files beside the tests that compare them: one file per
/// screen, its text layer (a line per row) then its style layer (see ``StyleLayer``), so a
/// lost highlight fails as a changed word does. `ASSESS_RECORD_SCREENS=1 swift test`
/// writes them anew from what the code draws (read the diff before committing it);
/// without it a missing file, or one without a style layer, fails the test.
public struct GoldenScreens: Sendable {
    private let folder: String

    /// Screens in `folder` (an absolute path; tests pass one made from `#filePath`).
    public init(folder: String) {
        self.folder = folder
    }

    /// Compares `grid` with the golden screen `name`, text and styles, or records it when asked to.
    public func assertMatches(_ grid: CellGrid, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if ProcessInfo.processInfo.environment["ASSESS_RECORD_SCREENS"] == "1" {
            record(grid, named: name)
            return
        }
        if let report = difference(grid, named: name) {
            Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
        }
    }

    /// Writes `grid` as the golden screen `name`.
    public func record(_ grid: CellGrid, named name: String) {
        let lines = grid.lines(trimmingTrailingSpaces: true) + StyleLayer(grid).encoded()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? (lines.joined(separator: "\n") + "\n").write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    /// What ``assertMatches(_:named:sourceLocation:)`` reports for `grid` against the golden
    /// screen `name`: the text's difference, then the styles'; `nil` when both match.
    public func difference(_ grid: CellGrid, named name: String) -> String? {
        let path = path(name)
        guard let file = try? String(contentsOfFile: path, encoding: .utf8) else {
            return "no golden screen at \(path); record it with ASSESS_RECORD_SCREENS=1 and read it"
        }
        var lines = file.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let layers: (text: [String], styles: StyleLayer?)
        do { layers = try StyleLayer.split(lines) } catch { return "golden screen \(path): \(error)" }
        let reports = [
            screenDifference(grid, layers.text),
            layers.styles == nil
                ? "golden screen \(path) has no style layer; record it with ASSESS_RECORD_SCREENS=1 and read it"
                : StyleLayer.difference(drawn: StyleLayer(grid), expected: layers.styles!, text: layers.text),
        ].compactMap { $0 }
        return reports.isEmpty ? nil : "golden screen \(name):\n" + reports.joined(separator: "\n")
    }

    private func path(_ name: String) -> String { "\(folder)/\(name).txt" }
}
