extension String {
    /// The text without the white space at its ends, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it (Unicode's White_Space and
    /// the zero-width space), without bridging to `NSString`: reading an exam trims every
    /// text in it, before the welcome screen's first frame.
    public var trimmedOfWhiteSpace: String {
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar == "\u{200B}" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
