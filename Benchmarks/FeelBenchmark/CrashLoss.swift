import Foundation
import Glibc

/// How much typing a crash loses: locked sittings of the essay of `all-types.yaml`, each
/// typed into at 10 characters a second and killed with SIGKILL at a random moment
/// between 3 and 8 s after the first key. `assess resume` then opens the attempt (which
/// replays whatever the sitting kept besides the store) and is stopped at its welcome
/// screen; the essay in the store is what the crash kept. Each run gives the time from the
/// key of the last character kept to the kill (from the first key when none was kept),
/// and the characters typed but not kept.
enum CrashLoss {
    /// Typing speed, and the window the kill falls in.
    static let interval = Duration.milliseconds(100)
    static let killBetween = 3.0...8.0
    private static let password = "crash-bench-pass"

    struct Result {
        /// Milliseconds from the last kept character's key to the kill, a run each.
        var lost = Samples()
        /// Characters typed and not kept, a run each.
        var charactersLost = Samples()
        /// Runs whose kept text was not what was typed up to some character (an earlier
        /// character lost or changed): must be none.
        var damaged = 0
    }

    static func measure(assess: String, exam: String, runs: Int) throws -> Result {
        var result = Result()
        let typed = Array(Workload.typing(characters: 100))
        // `resume` asks for the proctor password: one set once (scrypt takes seconds on a busy
        // machine), its policy given to every run.
        let setup = try Sandbox()
        _ = try Subprocess.run(
            assess, ["passwd", "--password-stdin"], environment: setup.environment, input: password + "\n")
        let policy = try String(contentsOfFile: setup.path("policy.yaml"), encoding: .utf8)
        for run in 0..<runs {
            let sandbox = try Sandbox()
            _ = try sandbox.write(policy, to: "policy.yaml")
            let candidate = "crash-\(run)"
            let sitting = try AssessDriver.openEssay(
                assess: assess, exam: exam, candidate: candidate, practice: false, in: sandbox)
            let killAfter = Duration.milliseconds(Int(Double.random(in: killBetween) * 1000))
            let start = ContinuousClock.now
            var sent: [ContinuousClock.Instant] = []
            var killedAt = start
            while true {
                let next = start + interval * sent.count
                let kill = start + killAfter
                if kill <= next {
                    sitting.pump(for: max(.zero, kill - .now))
                    Glibc.kill(sitting.pid, SIGKILL)
                    killedAt = .now
                    break
                }
                sitting.pump(for: max(.zero, next - .now))
                sitting.send(String(typed[sent.count]))
                sent.append(.now)
            }
            sitting.stop()

            let resumed = try PseudoTerminalProcess(
                arguments: [assess, "resume", exam, "--candidate", candidate], environment: sandbox.environment)
            guard resumed.waitFor("Proctor password:", timeout: .seconds(30)) != nil else {
                throw MeasurementError(description: "assess resume never asked for the proctor password (run \(run))")
            }
            resumed.send(password + "\r")
            guard resumed.waitFor("quit", timeout: .seconds(30)) != nil else {
                throw MeasurementError(description: "assess resume never showed its welcome screen (run \(run))")
            }
            resumed.stop()
            let kept = try storedEssay(in: sandbox)
            let count = kept.count
            if count > sent.count || String(typed.prefix(count)) != kept {
                result.damaged += 1
                progress("crash \(run + 1): kept \"\(kept)\", not what was typed up to a character")
            }
            let lastKept = count == 0 ? start : sent[min(count, sent.count) - 1]
            result.lost.append((killedAt - lastKept).milliseconds)
            result.charactersLost.append(Double(max(0, sent.count - count)))
            progress(
                "crash \(run + 1) of \(runs): \(sent.count) typed, \(count) kept, "
                    + "\(Int((killedAt - lastKept).milliseconds.rounded())) ms lost")
        }
        return result
    }

    /// The essay's text in the sandbox's SQLite store ("" when it has none): the `text` of
    /// its answer's JSON.
    private static func storedEssay(in sandbox: Sandbox) throws -> String {
        let value = try Subprocess.run(
            "sqlite3", [sandbox.path("data/assess.sqlite"), "SELECT value FROM responses WHERE questionID = 'explain'"]
        ).trimmingCharacters(in: .newlines)
        guard !value.isEmpty, value != "null" else { return "" }
        guard let json = try? JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String: Any],
            let text = json["text"] as? String
        else {
            throw MeasurementError(description: "the stored essay is not a text: \(value)")
        }
        return text
    }
}

private func whole(_ value: Double) -> String { String(Int(value.rounded())) }

/// Adds the crash rows: `runs` sittings killed while typing.
func addCrashRows(to report: inout Report, assess: String, exam: String, runs: Int) throws {
    progress("crash: \(runs) sittings typing 10 characters a second, each killed with SIGKILL at a random moment")
    let result = try CrashLoss.measure(assess: assess, exam: exam, runs: runs)
    let lost = result.lost
    let over = lost.values.filter { $0 > 250 }.count
    report.add(
        "kill -9 while typing 10 char/s: typing lost, last kept key to the kill (median / p90 / max)",
        assess: "\(whole(lost.median!)) / \(whole(lost.percentile(90)!)) / \(whole(lost.maximum!)) ms; "
            + "\(over) of \(lost.count) over 250 ms",
        reference: "", ratio: nil, budget: "≤ 250 ms, earlier text never lost",
        holds: lost.maximum! <= 250 && result.damaged == 0)
    report.add(
        "kill -9 while typing: characters lost (median / max); runs with earlier text lost",
        assess: "\(whole(result.charactersLost.median!)) / \(whole(result.charactersLost.maximum!)); "
            + "\(result.damaged) of \(lost.count)",
        reference: "", ratio: nil)
}
