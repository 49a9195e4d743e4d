/// JSON written byte by byte, for what goes out with every keystroke or every save (the
/// typing journal's lines, the event log's details), where `JSONEncoder`'s generic
/// containers cost several times the write itself. `JSONDecoder` reads it back.
public enum HandWrittenJSON {
    /// Appends `value` as a JSON string: quotes, backslashes and control characters
    /// escaped, everything else as its UTF-8.
    public static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: "\\t".utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: "\\r".utf8)
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Hex.digits[Int(byte >> 4)])
                bytes.append(Hex.digits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `members` as a JSON object of strings, its keys in the order of their UTF-8 bytes.
    public static func object(_ members: [String: String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendString(members[key] ?? "", to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
