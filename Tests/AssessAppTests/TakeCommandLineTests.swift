import ArgumentParser
import AssessApp
import AssessCore
import Testing

@testable import assess

/// `take` reads its usual command lines without swift-argument-parser
/// (`TakeRequest(quickParsing:)`, for the speed of the first frame); whatever it reads, the
/// parser must read the same, and whatever it leaves, the parser reads (and explains).
@Suite("take's command line without the parser")
struct TakeCommandLineTests {
    static let exam = "Exams/all-types.yaml"

    /// What the parser makes of `line` (with `validate()`), or nil when it refuses it.
    static func parsed(_ line: [String]) -> TakeRequest? {
        (try? TakeCommand.parseAsRoot(line) as? TakeCommand)?.request
    }

    @Test(
        "The usual command lines are read without the parser, as the parser reads them",
        arguments: [
            [exam],
            [exam, "--candidate", "s-1042"],
            ["--candidate=s-1042", exam],
            [exam, "--practice"],
            ["--reduced-motion", exam, "--high-contrast", "--no-color", "--screen-reader", "--larger-spacing"],
            [exam, "--no-colour", "--language", "ja"],
            [exam, "--language=pt-BR", "--candidate", "Ana.Lima"],
            ["--exam", "geography-quiz", "--candidate", "s-1042"],
            ["--candidate", "s-1042", "--exam=geography-quiz", "--screen-reader"],
        ])
    func usualLines(_ line: [String]) throws {
        let quick = try #require(TakeRequest(quickParsing: line))
        #expect(quick == Self.parsed(line))
    }

    /// Every line of up to three words from a set of right and wrong ones: where the quick
    /// reading gives a request, it is the parser's. Both kinds must occur, or the set says
    /// nothing.
    @Test("A line it reads differently from the parser, it never reads: every line of up to three words")
    func everyShortLine() {
        let words = [
            Self.exam, "other.yaml", "", "-", "--", "--candidate", "s-1", "bad id", "--candidate=", "--candidate=s-2",
            "--language", "ja", "xx", "--language=ko", "--practice", "--practice=yes", "--no-colour", "--no-color",
            "--reduced-motion", "--help", "-h", "--bogus", "-p", "help", "--exam", "quiz", "--exam=quiz",
        ]
        var lines: [[String]] = [[]]
        for _ in 1...3 {
            lines += lines.filter { $0.count == lines.last!.count }.flatMap { line in words.map { line + [$0] } }
        }
        var read = 0
        var left = 0
        for line in lines {
            guard let quick = TakeRequest(quickParsing: line) else {
                left += 1
                continue
            }
            read += 1
            #expect(quick == Self.parsed(line), "assess take \(line)")
        }
        #expect(lines.count == 1 + words.count + words.count * words.count + words.count * words.count * words.count)
        #expect(read > 100)
        #expect(left > 10_000)
    }
}
