import Testing

@testable import AssessStore

/// What a suite that tries the server's privileges does as one role or another, the way a
/// student or proctor with `psql` and their account's role would.
protocol RoleAttempts {}

extension RoleAttempts {
    /// Runs `sql` as the role of `url` and returns the rows it saw.
    @discardableResult
    func run(_ sql: String, as url: String) throws -> [[String: String]] {
        try PostgresConnection(url).withSession { try $0.execute(sql).rows }
    }

    /// Expects the server to refuse `sql` from the role of `url`, by default for lack of
    /// privilege (42501); `state` names another refusal, such as a limit (54000).
    func expectRefused(
        _ sql: String, as url: String, state: String = "42501", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: PostgresError.self, sourceLocation: sourceLocation) { try run(sql, as: url) }
        #expect(error?.sqlState == state, "\(sql): \(error?.message ?? "")", sourceLocation: sourceLocation)
    }
}
