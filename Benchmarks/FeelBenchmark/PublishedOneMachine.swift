import Foundation

/// A published exam on one machine's SQLite store: the store's owner publishes and opens it
/// (`assess publish --open`), then seats of the same machine sit it by its id. Its first
/// frame is timed as the welcome screen's of an exam file (to its footer, "quit"): on SQLite
/// the frame drawn before the store answers and the welcome screen leave in one burst.
enum PublishedOneMachine {
    static let password = "first-frame-bench"

    /// The first frame's program: a seat of `exam` published and opened in `office`'s store,
    /// each run a candidate of its own, so that no run finds the lease of the one before.
    static func firstFrameProgram(assess: String, exam: String, office: Sandbox) throws -> FirstFrame.Program {
        let id = try publish(exam, assess: assess, in: office, password: password, arguments: ["--open"])
        return FirstFrame.Program(
            arguments: [assess, "take", "--exam", id], marker: "quit", sharedDataDirectory: office.path("data")
        ) { _ in ["--candidate", "seat-" + UUID().uuidString.prefix(8).lowercased()] }
    }
}
