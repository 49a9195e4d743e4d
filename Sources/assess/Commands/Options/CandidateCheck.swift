import ArgumentParser
import AssessApp
import AssessCore

/// Refuses (exit 64) a `--candidate` outside the characters a candidate id may hold.
func checkCandidate(_ id: String?) throws {
    if let id, let problem = CandidateID.problem(with: id) { throw ValidationError(problem) }
}
