import ArgumentParser
import AssessApp

/// `results --format text|html` reads the candidate report's format by name.
extension CandidateReport.Format: ExpressibleByArgument {}
