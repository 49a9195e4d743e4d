import Foundation

/// The text and exam files the benchmark types and sits, made fresh in a temporary folder.
enum Workload {
    /// Words the typed text and the long essay are made of.
    private static let words = """
        the moon shows phases because half of it is lit by the sun and we see that half \
        from a changing angle as it goes around the earth once in about a month so the \
        part we see lit grows from a thin crescent to full and back again
        """.split(separator: " ").map(String.init)

    /// `count` characters of essay-like text: lower-case words and spaces, a newline
    /// ending each paragraph of about 600 characters, and no newline at the end.
    static func essay(characters count: Int) -> String {
        var text = ""
        var paragraph = 0
        var index = 0
        while text.utf8.count < count {
            let word = words[index % words.count]
            index += 1
            text += word
            paragraph += word.count + 1
            if paragraph >= 600 {
                text += "\n"
                paragraph = 0
            } else {
                text += " "
            }
        }
        return String(text.prefix(count))
    }

    /// What each typing run types: `count` characters of words and spaces.
    static func typing(characters count: Int) -> String {
        String(essay(characters: count + 1).replacingOccurrences(of: "\n", with: " ").prefix(count))
    }

    /// A valid exam of `count` questions whose first is an essay without a word limit;
    /// the rest cycle through single-choice, short-text, true-false and numeric.
    static func largeExam(questions count: Int) -> String {
        var yaml = """
            id: bench-large
            title: Benchmark exam of \(count) questions
            duration: 3h
            navigation: free
            questions:
              - id: essay
                type: essay
                prompt: Explain in your own words why the Moon shows phases.
                points: 10

            """
        for number in 2...count {
            switch number % 4 {
            case 0:
                yaml += """
                      - id: q\(number)
                        type: single-choice
                        prompt: Question \(number). Which of these is a planet?
                        choices: [Mars, Moon, Sun]
                        answer: Mars

                    """
            case 1:
                yaml += """
                      - id: q\(number)
                        type: short-text
                        prompt: Question \(number). Which planet is closest to the Sun?
                        accepted: [Mercury]

                    """
            case 2:
                yaml += """
                      - id: q\(number)
                        type: true-false
                        prompt: Question \(number). The Moon orbits the Earth.
                        answer: true

                    """
            default:
                yaml += """
                      - id: q\(number)
                        type: numeric
                        prompt: Question \(number). How many days are in a week?
                        answer: 7

                    """
            }
        }
        return yaml
    }
}

/// A temporary folder for one program run: a home, a lock directory, a data directory
/// and a policy of its own, removed when the value goes away.
final class Sandbox {
    let root: URL
    /// The store `assess` keeps its attempts in (`ASSESS_STORE`); its own SQLite file when `nil`.
    var store: String?
    /// A data directory (and so a SQLite store) shared with other sandboxes, as the
    /// terminals of one machine share theirs; its own when `nil`.
    var sharedDataDirectory: String?

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("assess-bench-\(UUID().uuidString)")
        for folder in ["home", "lock", "data"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // Any exam may lock and practice is allowed, whatever /etc/assess/policy.yaml says.
        _ = try write("allowed-exams: \"*\"\npractice: allow\n", to: "policy.yaml")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    /// Writes `contents` to `name` in the folder and returns its path.
    func write(_ contents: String, to name: String) throws -> String {
        let file = path(name)
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The environment every program runs with: nothing inherited but `PATH`, a UTF-8
    /// locale, one terminal type, and a home, lock and data directory and policy of its own.
    var environment: [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": path("home"),
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
            "ASSESS_LOCK_DIR": path("lock"),
            "ASSESS_DATA_DIR": sharedDataDirectory ?? path("data"),
            "ASSESS_POLICY": path("policy.yaml"),
        ]
        environment["ASSESS_STORE"] = store
        return environment
    }
}
