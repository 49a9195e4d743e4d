/// A count and an English noun in the form the count takes: "1 seat", "0 seats",
/// "3 seats". For the English-only messages of the command line and the monitor; the
/// interface's five languages say counts through ``Catalogue/plural(_:count:_:)``.
public enum Counted {
    /// "1 seat" or "`count` seats"; `plural` for a noun whose plural is not its singular
    /// and an "s" ("1 match", "2 matches").
    public static func english(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
