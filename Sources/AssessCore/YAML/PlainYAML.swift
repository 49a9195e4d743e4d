import Yams

/// Reading the project's YAML files (policies, exams) without Yams' default resolver:
/// that resolver types plain scalars with regular expressions, and compiling its first
/// one starts ICU's regular-expression engine, which was a tenth of the time to the
/// welcome screen's first frame and pages of ICU's data in every sitting. The documents
/// are composed with the basic resolver (every scalar a string) and the few typed values
/// they hold are read from their text here, with YAML 1.1's plain forms as the default
/// resolver has them. Numbers and null need nothing of this: Yams reads them from the
/// text of a plain scalar whatever its tag.
public enum PlainYAML {
    /// The YAML document in `text` as a tree of nodes; nil when it is empty.
    public static func compose(_ text: String) throws -> Node? {
        // A constructor with no maps: the nodes are read by hand, never constructed into
        // values by Yams, and its default maps are a dictionary whose first use looks up a
        // protocol conformance through every record of the binary (a tenth of a millisecond).
        try Parser(yaml: text, resolver: .basic, constructor: Constructor([:], [:], [:])).singleRoot()
    }

    /// The boolean a plain (unquoted) scalar spells (`true`, `no`, `On` ...); nil for any
    /// other node, a quoted `"true"` included.
    public static func bool(_ node: Node) -> Bool? {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return nil }
        return booleans[scalar.string]
    }

    private static let booleans: [String: Bool] = [
        "true": true, "True": true, "TRUE": true, "yes": true, "Yes": true, "YES": true, "on": true, "On": true,
        "ON": true,
        "false": false, "False": false, "FALSE": false, "no": false, "No": false, "NO": false,
        "off": false, "Off": false, "OFF": false,
    ]
}
