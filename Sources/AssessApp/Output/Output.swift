import AssessCore
import Foundation

// Every line `assess` prints holds text from files and people: exam titles, candidate
// ids, log records, problems that quote an exam file. These two functions are the only
// way out to the terminal, and each shows control characters as text (`^[`), so no
// escape sequence in that text ever reaches the terminal as one.

/// Writes to standard output, as the standard library's `print` does, with every
/// control character but line breaks and tabs made visible. In this module it stands
/// in for the standard library's `print`.
package func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    Swift.print(VisibleText.visible(text), terminator: terminator)
}

/// Writes `text` and a line break to standard error, control characters made visible.
/// Where standard error is gone (a terminal that hung up answers EIO, a pipe closed), the
/// line is lost and the command goes on to its end: Foundation's `write(_:)` would stop
/// the process with a crash report instead.
package func printToStandardError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data((VisibleText.visible(text) + "\n").utf8))
}
