import Foundation

/// Sample runs on PostgreSQL: the server counts them against the budget of the form it
/// published (`assess.take_code_run`, v17); the seat's word on the budget is not asked.
extension PostgresStore: CodeRunStore {
    /// This store counts sample runs.
    public var codeRuns: (any CodeRunStore)? { self }

    public func takeCodeRun(attempt attemptID: String, question questionID: String, codeHash: String, allowed: Int)
        throws -> Int
    {
        do {
            let rows = try call(
                "SELECT assess.take_code_run($1, $2, $3) AS number", [attemptID, questionID, codeHash],
                attempt: attemptID)
            guard let number = rows.first?["number"].flatMap({ Int($0) }) else {
                throw StoreError.unreadableRow(table: "code_runs", column: "number")
            }
            return number
        } catch let error as PostgresError where error.sqlState == "AS020" {
            throw StoreError.noRunsLeft(allowed: Int(error.message) ?? 0)
        }
    }

    public func codeRunsTaken(attempt attemptID: String, question questionID: String) throws -> Int {
        let rows = try call(
            "SELECT assess.code_runs_taken($1, $2) AS taken", [attemptID, questionID], attempt: attemptID)
        guard let taken = rows.first?["taken"].flatMap({ Int($0) }) else {
            throw StoreError.unreadableRow(table: "code_runs", column: "number")
        }
        return taken
    }
}
