import AssessCore
import Crypto
import Foundation

/// A programming question (`type: code`): the student writes a program in `language`;
/// `results` runs it against the hidden `tests` in a sandbox and awards each passed
/// test's points. The question's points are the sum of its tests' points.
public struct CodeQuestion: Sendable, Equatable {
    /// The language the program is written in.
    public var language: CodeLanguage
    /// The editor's text before the student types (`starter:`), often empty.
    public var starter: String
    /// Cases shown to the student, and run by the run key when `runsDuringExam` allows.
    public var samples: [CodeCase]
    /// The hidden cases that score the answer: part of the scoring key, never of the
    /// delivery form. Empty in a question a seat receives.
    public var tests: [CodeCase]
    /// How many sample runs a student may make during the exam (`run-during-exam:`); 0 is none.
    public var runsDuringExam: Int
    /// What each run may use.
    public var limits: CodeLimits
    /// Whether the editor may colour keywords, strings and comments (`syntax-colour:`);
    /// off by default, and off whatever this says under no colour, high contrast or the
    /// screen reader's layout.
    public var syntaxColour: Bool

    /// Creates a code question.
    public init(
        language: CodeLanguage, starter: String = "", samples: [CodeCase] = [], tests: [CodeCase],
        runsDuringExam: Int = 0, limits: CodeLimits = .standard, syntaxColour: Bool = false
    ) {
        self.language = language
        self.starter = starter
        self.samples = samples
        self.tests = tests
        self.runsDuringExam = runsDuringExam
        self.limits = limits
        self.syntaxColour = syntaxColour
    }
}

extension CodeQuestion {
    /// SHA-256 hex of `code`: what the store and the log keep of a sample run, never the code.
    public static func codeHash(_ code: String) -> String {
        Hex.lowercase(SHA256.hash(data: Data(code.utf8)))
    }

    /// What decides the outcome of running `code` against the hidden tests: SHA-256 hex of
    /// the language, the limits, every test and the code. `results` keeps outcomes under it,
    /// so a changed test, limit or answer runs them again and nothing else does.
    public func runKey(code: String) -> String {
        var text = "assess code tests 1\nlanguage=\(language.rawValue)\n"
        text += "time=\(limits.timeSeconds)\nmemory=\(limits.memoryBytes)\noutput=\(limits.outputBytes)\n"
        for test in tests {
            text += "stdin=\(test.standardInput.utf8.count):\(test.standardInput)\n"
            text += "stdout=\(test.expectedOutput.utf8.count):\(test.expectedOutput)\npoints=\(test.points)\n"
        }
        text += "code=\(code.utf8.count):\(code)"
        return Hex.lowercase(SHA256.hash(data: Data(text.utf8)))
    }
}

/// A language a code question may be set in: what a Debian lab has.
public enum CodeLanguage: String, Sendable, CaseIterable {
    case python3
    case c
    case bash
}

/// One case of a code question: the program's standard input and the standard output it
/// must print. `points` is what a hidden test earns (samples earn nothing).
public struct CodeCase: Sendable, Equatable {
    public var standardInput: String
    public var expectedOutput: String
    public var points: Double

    /// Creates a case.
    public init(standardInput: String, expectedOutput: String, points: Double = 0) {
        self.standardInput = standardInput
        self.expectedOutput = expectedOutput
        self.points = points
    }

    /// True when `output` is the expected output, white space at the end of each line and
    /// at the end of the whole ignored (so a missing or extra final newline does not count).
    public func accepts(_ output: String) -> Bool {
        Self.comparable(output) == Self.comparable(expectedOutput)
    }

    /// `text` as it is compared: each line without its trailing white space, and no empty
    /// lines at the end. `\r\n` counts as a line end.
    static func comparable(_ text: String) -> [Substring] {
        let lineEnds = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var lines = lineEnds.map { line in
            line[..<(line.lastIndex { !$0.isWhitespace }.map(line.index(after:)) ?? line.startIndex)]
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

/// What one run of a code question may use (`limits: {time: 2s, memory: 64MB, output: 64KB}`).
public struct CodeLimits: Sendable, Equatable {
    /// CPU seconds.
    public var timeSeconds: Double
    /// Bytes of memory (address space).
    public var memoryBytes: Int
    /// Bytes of output.
    public var outputBytes: Int

    /// Creates limits.
    public init(timeSeconds: Double, memoryBytes: Int, outputBytes: Int) {
        self.timeSeconds = timeSeconds
        self.memoryBytes = memoryBytes
        self.outputBytes = outputBytes
    }

    /// The limits a question gets without `limits:`: 2 s, 64 MB, 64 KB.
    public static let standard = CodeLimits(timeSeconds: 2, memoryBytes: 64 << 20, outputBytes: 64 << 10)
    /// The most an exam may set: 30 s, 1 GB, 16 MB.
    public static let most = CodeLimits(timeSeconds: 30, memoryBytes: 1 << 30, outputBytes: 16 << 20)
}

/// How exam files write a code question's limits: a time as `2s`, `1.5s` or `500ms`; a
/// size as `64MB`, `512KB`, `1GB` or bytes, where KB, MB and GB are 1024, 1024² and 1024³.
public enum CodeLimitText {
    /// Seconds in `text` (`2s`, `500ms`, or a plain number of seconds); `nil` when it is not a time.
    public static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        for (suffix, scale) in [("ms", 0.001), ("s", 1.0), ("", 1.0)] where trimmed.hasSuffix(suffix) {
            guard let number = Double(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)),
                number.isFinite
            else { return nil }
            return number * scale
        }
        return nil
    }

    /// Bytes in `text` (`64MB`, `512KB`, `1GB`, `100B` or a plain number); `nil` when it is not a size.
    public static func bytes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        for (suffix, scale) in [("KB", 1 << 10), ("MB", 1 << 20), ("GB", 1 << 30), ("B", 1), ("", 1)]
        where trimmed.hasSuffix(suffix) {
            guard let number = Double(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)),
                number.isFinite, number >= 0, number * Double(scale) < Double(Int.max)
            else { return nil }
            return Int(number * Double(scale))
        }
        return nil
    }

    /// `bytes` as exam files write it: `64MB`, `512KB` or a number of bytes.
    public static func size(_ bytes: Int) -> String {
        for (suffix, scale) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes % scale == 0 {
            return "\(bytes / scale)\(suffix)"
        }
        return "\(bytes)"
    }
}

/// How one hidden test of a code answer went, as `results` keeps and reports it.
public struct CodeTestOutcome: Sendable, Equatable, Codable {
    /// What the run gave, compared with the test.
    public enum Verdict: String, Sendable, Equatable, Codable {
        /// Exited with status 0 and printed the expected output.
        case passed
        /// Exited with status 0 and printed something else.
        case wrongOutput = "wrong-output"
        /// Exited with another status, or was ended by a signal (memory runs out this way).
        case error
        /// Reached the time limit.
        case timeLimit = "time-limit"
        /// Printed more than the output limit.
        case outputLimit = "output-limit"
        /// The C program did not compile.
        case compileError = "compile-error"
    }

    public var verdict: Verdict
    /// The points the test earned: its points when passed, else 0.
    public var points: Double
    /// Wall-clock seconds the run took.
    public var seconds: Double
    /// The start of what the program printed (its error output, or the compiler's, when it
    /// failed without printing), for the marking screen's "expected … got …"; nil in
    /// outcomes kept before it was.
    public var output: String?

    /// At most this many characters of a run's output are kept.
    public static let keptOutput = 2000

    /// Creates an outcome; `output` is cut to ``keptOutput`` characters.
    public init(verdict: Verdict, points: Double, seconds: Double, output: String? = nil) {
        self.verdict = verdict
        self.points = points
        self.seconds = seconds
        self.output = output.map { String($0.prefix(Self.keptOutput)) }
    }
}
