/// Bytes in lower-case hexadecimal: a digest as keys, receipts, the event log and the
/// typing journal name it. Written with a table, not `String(format:)`, whose variadic
/// arguments cost a dynamic cast and a conformance look-up a byte.
public enum Hex {
    /// Lower-case hexadecimal digits, by value.
    public static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` in lower-case hexadecimal, two digits each.
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
