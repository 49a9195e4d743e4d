import AssessCore
import Foundation

/// One candidate of a roster file: the id, the name and the accommodations as launch settings.
public struct RosterCandidate: Sendable, Equatable {
    public var candidate: String
    public var name: String
    public var settings: LaunchSettings

    public init(candidate: String, name: String = "", settings: LaunchSettings = LaunchSettings()) {
        self.candidate = candidate
        self.name = name
        self.settings = settings
    }
}

/// A roster as a CSV file (UTF-8, comma-separated, a header line first, double quotes
/// around a field that holds a comma or a quote):
///
/// ```
/// candidate,name,extra-time,breaks,accessibility,deny
/// s-1042,Ana Lima,1.5x,2x10m,high-contrast large-spacing,
/// s-1043,"Okafor, Ben",,,,back-navigation
/// ```
///
/// Only `candidate` is required; the other columns may be left out or empty. `accessibility`
/// and `deny` list several values separated by spaces or semicolons.
public enum RosterFile {
    /// The columns a roster file may have, in the order docs/proctors.md lists them.
    public static let columns = ["candidate", "name", "extra-time", "breaks", "accessibility", "deny"]

    /// One thing wrong with a roster file, at a line.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var message: String

        public var description: String { "\(path):\(line): \(message)" }
    }

    /// Reads the roster in `text` (the contents of `path`); `restrictions`, when given, are
    /// the ids the exam's restrictions have, which `deny` must name.
    ///
    /// - Throws: every `Problem` found, in line order, as a `ProblemList` (never only the first).
    public static func parse(_ text: String, path: String, restrictions: [String]?) throws(ProblemList)
        -> [RosterCandidate]
    {
        var problems: [Problem] = []
        func problem(_ line: Int, _ message: String) {
            problems.append(Problem(path: path, line: line, message: message))
        }
        // A CRLF line end is one Character (a newline), as is LF.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        guard let headerIndex = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw ProblemList([
                Problem(
                    path: path, line: 1,
                    message:
                        "the file is empty; the first line names the columns, e.g. \(columns.joined(separator: ","))")
            ])
        }
        let header: [String]
        switch fields(of: lines[headerIndex]) {
        case .read(let names): header = names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        case .unreadable(let why): throw ProblemList([Problem(path: path, line: headerIndex + 1, message: why)])
        }
        for name in header where !columns.contains(name) {
            problem(
                headerIndex + 1,
                "unknown column \"\(VisibleText.visible(name, keepingLayout: false))\"\(DidYouMean.hint(for: name, in: columns)); the columns are \(columns.joined(separator: ", "))"
            )
        }
        if !header.contains("candidate") {
            problem(
                headerIndex + 1,
                "there is no candidate column; the first line names the columns, e.g. \(columns.joined(separator: ","))"
            )
        }
        if let repeated = Dictionary(grouping: header, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            problem(headerIndex + 1, "the column \(repeated) is named twice; name each column once")
        }
        guard problems.isEmpty else { throw ProblemList(problems) }

        var roster: [RosterCandidate] = []
        var seen: [String: Int] = [:]
        for (index, line) in lines.enumerated().dropFirst(headerIndex + 1) {
            let number = index + 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let values: [String]
            switch fields(of: line) {
            case .read(let found): values = found
            case .unreadable(let why):
                problem(number, why)
                continue
            }
            guard values.count <= header.count else {
                problem(
                    number,
                    "\(values.count) fields but the header names \(header.count) columns; put a field that holds a comma in double quotes"
                )
                continue
            }
            var row: [String: String] = [:]
            for (column, value) in zip(header, values) { row[column] = value.trimmingCharacters(in: .whitespaces) }
            let id = row["candidate"] ?? ""
            if let why = CandidateID.problem(with: id) {
                problem(number, why)
                continue
            }
            if let first = seen[id] {
                problem(number, "candidate \(id) is already on line \(first); list each candidate once")
                continue
            }
            seen[id] = number
            var settings = LaunchSettings()
            if let text = row["extra-time"], !text.isEmpty {
                if let extra = ExtraTime(parsing: text) {
                    settings.extraTime = extra
                } else {
                    problem(
                        number,
                        "extra-time \"\(VisibleText.visible(text, keepingLayout: false))\" is not a multiplier from 1 to 4 (1.5x) or added minutes up to 600 (+15m); leave it empty for none"
                    )
                }
            }
            if let text = row["breaks"], !text.isEmpty {
                if let breaks = BreakAllowance(parsing: text) {
                    settings.breaks = breaks
                } else {
                    problem(
                        number,
                        "breaks \"\(VisibleText.visible(text, keepingLayout: false))\" is not COUNTxMINUTES with 1-10 breaks of 1-120 minutes (2x10m); leave it empty for none"
                    )
                }
            }
            var accessibility = AccessibilitySettings()
            for name in list(row["accessibility"]) {
                if let option = AccessibilityOption(rawValue: name.lowercased()) {
                    accessibility.set(option, on: true)
                } else {
                    let names = AccessibilityOption.allCases.map(\.rawValue)
                    problem(
                        number,
                        "accessibility \"\(VisibleText.visible(name, keepingLayout: false))\" is not a setting\(DidYouMean.hint(for: name, in: names)); the settings are \(names.joined(separator: ", ")), separated by spaces"
                    )
                }
            }
            settings.accessibility = accessibility
            for id in list(row["deny"]) {
                if let restrictions, !restrictions.contains(id) {
                    problem(
                        number,
                        "deny \"\(VisibleText.visible(id, keepingLayout: false))\" is not a restriction of the exam\(DidYouMean.hint(for: id, in: restrictions)); its restrictions: \(restrictions.isEmpty ? "none" : restrictions.joined(separator: ", "))"
                    )
                } else {
                    settings.restrictionStates[id] = false
                }
            }
            roster.append(RosterCandidate(candidate: id, name: row["name"] ?? "", settings: settings))
        }
        if roster.isEmpty && problems.isEmpty {
            problem(headerIndex + 1, "the file names no candidates; add a line per candidate after the header")
        }
        guard problems.isEmpty else { throw ProblemList(problems) }
        return roster
    }

    /// The problems found in a roster file.
    public struct ProblemList: Error, Sendable, Equatable {
        public var problems: [Problem]
        init(_ problems: [Problem]) { self.problems = problems }
    }

    /// Values separated by spaces or semicolons.
    private static func list(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init)
    }

    /// One CSV line's fields, or why they cannot be read.
    enum LineFields {
        case read([String])
        case unreadable(String)
    }

    /// The fields of one CSV line, or why it cannot be read.
    static func fields(of line: String) -> LineFields {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    if let next = characters.next() {
                        if next == "\"" {
                            field.append("\"")
                        } else if next == "," {
                            quoted = false
                            fields.append(field)
                            field = ""
                            wasQuoted = false
                        } else {
                            return .unreadable(
                                "a closing double quote is followed by \"\(next)\"; a quoted field ends at a comma (write \"\" for a quote inside it)"
                            )
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "," {
                fields.append(field)
                field = ""
                wasQuoted = false
            } else if character == "\"" && field.trimmingCharacters(in: .whitespaces).isEmpty && !wasQuoted {
                quoted = true
                wasQuoted = true
                field = ""
            } else {
                field.append(character)
            }
        }
        if quoted { return .unreadable("a double quote is not closed; close it before the end of the line") }
        fields.append(field)
        return .read(fields)
    }
}
