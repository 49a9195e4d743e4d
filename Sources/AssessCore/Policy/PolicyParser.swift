import Foundation
import Yams

/// A problem in a policy file, with its position.
public typealias PolicyError = FileProblem

/// Reads a policy file's YAML text into a `Policy`.
///
/// ```yaml
/// allowed-exams: [geography-101, spelling-7]   # or "*" for any exam
/// max-lock-duration: 3h                        # s, m or h; at most 24h
/// strict-clipboards: true
/// multiplexers: refuse                         # allow | refuse
/// practice: allow                              # allow | refuse
/// minimum-terminal: 80x24
/// charge-downtime: false                       # count a crashed terminal's downtime on resume
/// proctor-password: scrypt$ln=17,r=8,p=1$…     # written by `assess passwd`
/// store: postgresql:///assess?host=/run/postgresql   # or sqlite, the default
/// lease-lost-after: 30s                        # a seat not heard from this long, and not known alive, may be resumed elsewhere
/// student-settings: [high-contrast, larger-spacing]  # or "*" (the default) or none
/// ```
public enum PolicyParser {
    static let keys = [
        "allowed-exams", "max-lock-duration", "strict-clipboards", "multiplexers",
        "practice", "minimum-terminal", "charge-downtime", "proctor-password", "store", "student-settings",
        "lease-lost-after",
    ]

    /// Parses `text`, read from `path`; throws the first problem found.
    public static func parse(_ text: String, path: String) throws -> Policy {
        var policy = Policy(source: .file(path))
        let root: Node?
        do {
            root = try PlainYAML.compose(text)
        } catch let error as YamlError {
            throw PolicyError(path: path, line: 1, column: 1, message: "not valid YAML: \(error)")
        }
        guard let root else { return policy }
        guard let mapping = root.mapping else {
            throw problem(path, root, "the policy must be a mapping of settings (key: value)")
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "allowed-exams":
                if value.string == "*" {
                    policy.allowedExams = nil
                } else if let list = value.sequence {
                    policy.allowedExams = Set(
                        try list.map { item in
                            guard let id = item.string, !id.isEmpty else {
                                throw problem(path, item, "each allowed exam must be an exam id")
                            }
                            return id
                        })
                } else {
                    throw problem(path, value, "allowed-exams must be \"*\" or a list of exam ids")
                }
            case "max-lock-duration":
                guard let seconds = parseDuration(value.string ?? ""), seconds > 0, seconds <= 24 * 3600 else {
                    throw problem(path, value, "max-lock-duration must be a duration such as 90m or 8h, at most 24h")
                }
                policy.maximumLockSeconds = seconds
            case "strict-clipboards":
                guard let flag = PlainYAML.bool(value) else {
                    throw problem(path, value, "strict-clipboards must be true or false")
                }
                policy.strictClipboards = flag
            case "multiplexers":
                policy.allowMultiplexers = try allowOrRefuse(value, key: key, path: path)
            case "practice":
                policy.allowPractice = try allowOrRefuse(value, key: key, path: path)
            case "minimum-terminal":
                let parts = (value.string ?? "").split(separator: "x").compactMap { Int($0) }
                let least = Policy.smallestLayout
                guard parts.count == 2, parts[0] >= least.columns, parts[1] >= least.rows else {
                    throw problem(
                        path, value,
                        """
                        minimum-terminal must be COLUMNSxROWS, at least \(least.columns)x\(least.rows) (the smallest terminal \
                        the exam's screens are laid out for), e.g. 100x30
                        """)
                }
                policy.minimumTerminal = TerminalSize(columns: parts[0], rows: parts[1])
            case "charge-downtime":
                guard let flag = PlainYAML.bool(value) else {
                    throw problem(path, value, "charge-downtime must be true or false")
                }
                policy.chargeDowntime = flag
            case "proctor-password":
                guard let password = ProctorPassword(encoded: value.string ?? "") else {
                    throw problem(
                        path, value,
                        "proctor-password is not a hash written by `assess passwd`; set it again with: assess passwd")
                }
                policy.proctorPassword = password
            case "store":
                guard let store = value.string, Policy.isStore(store) else {
                    throw problem(
                        path, value,
                        "store must be sqlite or a PostgreSQL URL such as postgresql:///assess?host=/run/postgresql")
                }
                policy.store = store == "sqlite" ? nil : store
            case "student-settings":
                policy.studentSettings = try accessibilityOptions(value, path: path)
            case "lease-lost-after":
                guard let seconds = parseDuration(value.string ?? ""), seconds >= Policy.shortestLeaseLostAfter,
                    seconds <= 3600
                else {
                    throw problem(
                        path, value,
                        "lease-lost-after must be a duration from \(Int(Policy.shortestLeaseLostAfter))s to 1h, such as 30s or 2m"
                    )
                }
                policy.leaseLostAfter = seconds
            default:
                throw problem(
                    path, keyNode,
                    "unknown setting \"\(key)\"\(DidYouMean.hint(for: key, in: keys)); known settings: \(keys.joined(separator: ", "))"
                )
            }
        }
        return policy
    }

    /// Seconds in a duration written as `45s`, `90m`, `8h`, `1h30m` or a bare number of seconds.
    public static func parseDuration(_ text: String) -> Double? {
        let trimmed = text.trimmedOfWhiteSpace
        if let seconds = Double(trimmed) { return seconds }
        var total = 0.0
        var number = ""
        for character in trimmed {
            if character.isNumber || character == "." {
                number.append(character)
            } else {
                guard let value = Double(number) else { return nil }
                switch character {
                case "h": total += value * 3600
                case "m": total += value * 60
                case "s": total += value
                default: return nil
                }
                number = ""
            }
        }
        return number.isEmpty && !trimmed.isEmpty ? total : nil
    }

    /// `"*"` (every setting), `none`, or a list of accessibility settings by name.
    private static func accessibilityOptions(_ node: Node, path: String) throws -> Set<AccessibilityOption> {
        let names = AccessibilityOption.allCases.map(\.rawValue)
        if node.string == "*" { return Set(AccessibilityOption.allCases) }
        if node.string == "none" { return [] }
        guard let list = node.sequence else {
            throw problem(
                path, node, "student-settings must be \"*\", none, or a list of: \(names.joined(separator: ", "))")
        }
        return Set(
            try list.map { item in
                let name = item.string ?? ""
                guard let option = AccessibilityOption(rawValue: name) else {
                    throw problem(
                        path, item,
                        "\"\(name)\" is not an accessibility setting\(DidYouMean.hint(for: name, in: names)); known: \(names.joined(separator: ", "))"
                    )
                }
                return option
            })
    }

    private static func allowOrRefuse(_ node: Node, key: String, path: String) throws -> Bool {
        switch node.string {
        case "allow": return true
        case "refuse": return false
        default: throw problem(path, node, "\(key) must be allow or refuse")
        }
    }

    private static func problem(_ path: String, _ node: Node, _ message: String) -> PolicyError {
        PolicyError(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message: message)
    }
}
