/// What kind of irregularity a proctor reports from the monitor (`i`): the categories a
/// school's incident form uses. Kept in the report's record as its raw value.
public enum IncidentCategory: String, Sendable, CaseIterable, Codable {
    case disturbance
    case suspectedMisconduct = "suspected misconduct"
    case technicalProblem = "technical problem"
    case illness
    case other
}
