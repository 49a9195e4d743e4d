/// The characters a candidate id may hold, as the kiosk's prompt already asks for them.
public enum CandidateID {
    /// The most characters an id may have.
    public static let maximumLength = 64

    /// Why `id` is not a candidate id (letters A–Z and a–z, digits, `.`, `-` and `_`;
    /// from 1 to 64 of them), or `nil` when it is one.
    public static func problem(with id: String) -> String? {
        if id.isEmpty { return "the candidate id is empty; give one such as c-0042" }
        if id.unicodeScalars.count > maximumLength {
            return "the candidate id is longer than \(maximumLength) characters; use a shorter one"
        }
        let allowed = id.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
        }
        guard allowed else {
            return
                "the candidate id \"\(VisibleText.visible(id, keepingLayout: false))\" may hold only letters A-Z and a-z, digits, dot, dash and underscore"
        }
        return nil
    }
}
