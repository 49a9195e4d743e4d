import Foundation
import Testing

extension TerminalUnderTest {
    /// The folder of the end-to-end tests' golden screens.
    static let goldenScreens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Screens")

    /// Waits up to `seconds` until the whole screen, with its attributes and passed through
    /// `steady` (which writes what changes from run to run the same way), is the golden
    /// screen `name`; fails naming the first row that differs. With ASSESS_RECORD_SCREENS=1
    /// it records the screen instead, `settle` seconds after asking (a picture is drawn a
    /// moment after the frame).
    func expectGoldenScreen(
        _ name: String, within seconds: TimeInterval, settle: TimeInterval = 0,
        steady: (String) -> String = { $0 }, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = Self.goldenScreens.appendingPathComponent("\(name).txt").path
        if ProcessInfo.processInfo.environment["ASSESS_RECORD_SCREENS"] == "1" {
            Thread.sleep(forTimeInterval: settle)
            try FileManager.default.createDirectory(at: Self.goldenScreens, withIntermediateDirectories: true)
            try steady(styledScreen()).write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        let deadline = Date().addingTimeInterval(seconds)
        var screen = ""
        while Date() < deadline {
            screen = steady(try styledScreen())
            if screen == expected { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let expectedLines = expected.components(separatedBy: "\n")
        let lines = screen.components(separatedBy: "\n")
        let row = Array(zip(expectedLines, lines)).firstIndex { $0 != $1 } ?? min(expectedLines.count, lines.count)
        Issue.record(
            """
            the screen differs from \(path) from row \(row):
            expected: \(expectedLines.indices.contains(row) ? expectedLines[row].debugDescription : "nothing")
            found:    \(lines.indices.contains(row) ? lines[row].debugDescription : "nothing")
            """, sourceLocation: sourceLocation)
    }
}
