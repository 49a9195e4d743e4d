import Foundation
import GRDB

/// A date as the SQLite store keeps it (GRDB's storage form, `yyyy-MM-dd HH:mm:ss.SSS` in
/// UTC, to the nearest millisecond), made with integer arithmetic: GRDB makes it
/// with a `DateFormatter`, whose ICU formatting was a tenth of a save's time, and every
/// seat saves twice a second while typing. Reads parse it as GRDB always has.
enum StoredDateText {
    /// `date` in the store's form; the same text GRDB's `Date.databaseValue` gives.
    static func text(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        var whole = time_t(millisecond < 0 ? seconds - 1 : seconds)
        var parts = tm()
        guard gmtime_r(&whole, &parts) != nil, parts.tm_year + 1900 >= 0, parts.tm_year + 1900 <= 9999 else {
            // A year the four digits cannot hold: GRDB's own form, whatever it is.
            return String.fromDatabaseValue(date.databaseValue) ?? ""
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(23)
        func digits(_ value: Int32, _ count: Int) {
            var divisor: Int32 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8((value / divisor) % 10))
                divisor /= 10
            }
        }
        digits(parts.tm_year + 1900, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(parts.tm_mon + 1, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(parts.tm_mday, 2)
        bytes.append(UInt8(ascii: " "))
        digits(parts.tm_hour, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(parts.tm_min, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(parts.tm_sec, 2)
        bytes.append(UInt8(ascii: "."))
        digits(Int32(millisecond < 0 ? millisecond + 1000 : millisecond), 3)
        return String(decoding: bytes, as: UTF8.self)
    }
}
