import AssessCore
import Foundation

extension CommandRunner {
    /// Runs one clipboard tool command for `backend` and returns its standard output.
    /// Any failure (the tool cannot start, times out, or exits non-zero) becomes a
    /// `ClipboardError` that names the command and repeats what the tool said.
    func runClipboardCommand(
        for backend: String, _ executable: String, _ arguments: [String],
        timeoutSeconds: Double
    ) throws(ClipboardError) -> String {
        let command = ([executable] + arguments).joined(separator: " ")
        let result: CommandResult
        do {
            result = try run(executable, arguments, timeoutSeconds: timeoutSeconds)
        } catch {
            throw ClipboardError(backend: backend, reason: "`\(command)` failed: \(error)")
        }
        guard result.succeeded else {
            let said = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw ClipboardError(
                backend: backend,
                reason: "`\(command)` exited with status \(result.exitStatus)" + (said.isEmpty ? "" : ": \(said)"))
        }
        return result.standardOutput
    }
}
