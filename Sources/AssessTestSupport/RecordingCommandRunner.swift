import AssessCore
import Synchronization

/// A `CommandRunner` for unit tests: it records every call and answers with scripted
/// results instead of starting programs.
///
/// Script answers with `respond(to:_:with:)`: answers for one command are given in
/// order and the last one repeats. Arguments `nil` match any arguments of that program;
/// an exact match wins over that. A command with no script exits 0 and prints nothing.
/// `locate` finds only the programs listed in `installed`.
public final class RecordingCommandRunner: CommandRunner {
    /// One call of `run`.
    public struct Call: Sendable, Equatable, CustomStringConvertible {
        public var executable: String
        public var arguments: [String]
        public var timeoutSeconds: Double

        /// The command as one line, e.g. `tmux -S /tmp/s list-buffers`.
        public var description: String { ([executable] + arguments).joined(separator: " ") }
    }

    /// What a scripted command does: return a result, or fail to run.
    private enum Answer: Sendable {
        case result(CommandResult)
        case failure(any Error & Sendable)
    }

    private struct Script {
        var executable: String
        var arguments: [String]?
        var answers: [Answer]
    }

    private struct State {
        var installed: Set<String>
        var scripts: [Script] = []
        var calls: [Call] = []
    }

    private let state: Mutex<State>

    /// A runner on whose `PATH` the programs in `installed` are found (at `/usr/bin/NAME`).
    public init(installed: Set<String> = []) {
        state = Mutex(State(installed: installed))
    }

    /// Every `run` call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// Every `run` call so far as command lines.
    public var commandLines: [String] { calls.map(\.description) }

    /// Makes `executable` installed (or not) from now on.
    public func setInstalled(_ executable: String, _ installed: Bool = true) {
        state.withLock { state in
            if installed { state.installed.insert(executable) } else { state.installed.remove(executable) }
        }
    }

    /// Answers `executable` run with `arguments` (any arguments when `nil`) with `results`,
    /// one per call in order, the last repeating.
    public func respond(to executable: String, _ arguments: [String]? = nil, with results: CommandResult...) {
        state.withLock {
            $0.scripts.append(
                Script(
                    executable: executable, arguments: arguments,
                    answers: results.map(Answer.result)))
        }
    }

    /// Makes `executable` run with `arguments` (any when `nil`) throw `error`, as a
    /// program that cannot start or times out does.
    public func fail(_ executable: String, _ arguments: [String]? = nil, with error: any Error & Sendable) {
        state.withLock {
            $0.scripts.append(
                Script(
                    executable: executable, arguments: arguments,
                    answers: [.failure(error)]))
        }
    }

    public func run(_ executable: String, _ arguments: [String], timeoutSeconds: Double) throws -> CommandResult {
        let answer: Answer? = state.withLock { state in
            state.calls.append(Call(executable: executable, arguments: arguments, timeoutSeconds: timeoutSeconds))
            let index =
                state.scripts.firstIndex { $0.executable == executable && $0.arguments == arguments }
                ?? state.scripts.firstIndex { $0.executable == executable && $0.arguments == nil }
            guard let index else { return nil }
            let answers = state.scripts[index].answers
            if answers.count > 1 { state.scripts[index].answers.removeFirst() }
            return answers.first
        }
        switch answer {
        case nil: return CommandResult(exitStatus: 0)
        case .result(let result): return result
        case .failure(let error): throw error
        }
    }

    public func locate(_ name: String) -> String? {
        state.withLock { $0.installed.contains(name) } ? "/usr/bin/\(name)" : nil
    }
}
