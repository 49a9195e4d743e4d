import AssessCore
import Foundation

/// The receipt's time as the student reads it: local time, in the interface language's
/// usual form ("November 26, 2026 at 2:09:12 PM", "2026年11月26日 14:09:12").
public enum ReceiptTime {
    /// `date` in `language`'s long date and standard time, in `timeZone` (this machine's).
    public static func text(_ date: Date, in language: InterfaceLanguage, timeZone: TimeZone = .current) -> String {
        date.formatted(
            Date.FormatStyle(
                date: .long, time: .standard, locale: Locale(identifier: language.rawValue), timeZone: timeZone))
    }
}
