/// A name made safe to be one file name (a journal's, named by its attempt or seat): every
/// byte but ASCII letters, digits, `_` and `-` written as `%XX`, so that a name is one
/// file name and two names never share one.
public enum SafeFileName {
    /// `name` with every other byte as `%` and two upper-case hex digits.
    public static func encoded(_ name: String) -> String {
        var bytes: [UInt8] = []
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(contentsOf: String(byte >> 4, radix: 16, uppercase: true).utf8)
                bytes.append(contentsOf: String(byte & 0x0F, radix: 16, uppercase: true).utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
