import Foundation
import GRDBSQLite

/// Reads one published exam's delivery form from a SQLite store the quick way, for a
/// sitting's first frame: one read-only connection through SQLite's own interface, three
/// queries, closed again. Opening the store as `SQLiteStore` does (a pool, its log set up,
/// the migrations checked) and closing it (a checkpoint and two fsyncs) took half the time
/// to the welcome screen; the sitting opens the store that way after the screen is out.
///
/// It answers only when it can answer exactly as ``SQLiteStore/deliveryForm(exam:candidate:)``
/// would: the store exists, every migration of this `assess` has run, the exam is
/// published, the candidate may sit it and its sitting is open. Anything else (no store, an
/// older schema, an exam not open yet, a busy or unreadable file) is `nil`, and the caller
/// asks the store itself, which explains.
public enum SQLiteFormReader {
    /// The delivery key and form of `exam` for `candidate` in the store of `dataDirectory`,
    /// when the quick read can tell; `nil` otherwise.
    public static func deliveryForm(dataDirectory: String, exam: String, candidate: String)
        -> (deliveryKey: String, form: String)?
    {
        let path = (dataDirectory as NSString).appendingPathComponent(SQLiteStore.fileName)
        var connection: OpaquePointer?
        // Read-only: closing it never checkpoints the log, whoever else has the file open.
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let connection
        else {
            sqlite3_close_v2(connection)
            return nil
        }
        defer { sqlite3_close_v2(connection) }
        sqlite3_busy_timeout(connection, 200)
        guard
            Set(rows(connection, "SELECT identifier FROM grdb_migrations", []) ?? [])
                .isSuperset(of: SQLiteSchema.migrations.map(\.recorded)),
            let published = row(
                connection, "SELECT delivery_key, delivery_form FROM published_exams WHERE exam_id = ?", [exam],
                columns: 2),
            let rostered = row(
                connection,
                """
                SELECT NOT EXISTS (SELECT 1 FROM roster WHERE exam_id = ?1)
                    OR EXISTS (SELECT 1 FROM roster WHERE exam_id = ?1 AND candidate = ?2)
                """, [exam, candidate], columns: 1),
            rostered[0] == "1",
            let opened = row(
                connection,
                "SELECT EXISTS (SELECT 1 FROM sitting_starts WHERE exam_id = ? AND opened_at IS NOT NULL)", [exam],
                columns: 1),
            opened[0] == "1"
        else { return nil }
        return (published[0], published[1])
    }

    /// The first column of every row `sql` gives with `arguments`, as text; `nil` on any error.
    private static func rows(_ connection: OpaquePointer, _ sql: String, _ arguments: [String]) -> [String]? {
        var values: [String] = []
        let done = query(connection, sql, arguments) { statement in
            values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return done ? values : nil
    }

    /// The first row `sql` gives with `arguments`, its first `columns` columns as text;
    /// `nil` when there is none or on any error.
    private static func row(_ connection: OpaquePointer, _ sql: String, _ arguments: [String], columns: Int)
        -> [String]?
    {
        var first: [String]?
        let done = query(connection, sql, arguments) { statement in
            guard first == nil else { return }
            first = (0..<Int32(columns)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
            }
        }
        return done ? first : nil
    }

    /// Runs `sql` with `arguments` bound as text, calling `each` for every row; false on any error.
    private static func query(
        _ connection: OpaquePointer, _ sql: String, _ arguments: [String], each: (OpaquePointer) -> Void
    ) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            return false
        }
        defer { sqlite3_finalize(statement) }
        for (index, argument) in arguments.enumerated() {
            // SQLITE_TRANSIENT: SQLite copies the text, which lives only for this call.
            let bound = argument.withCString { text in
                sqlite3_bind_text(
                    statement, Int32(index + 1), text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
            guard bound == SQLITE_OK else { return false }
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: each(statement)
            case SQLITE_DONE: return true
            default: return false
            }
        }
    }
}
