import AssessCore
import Foundation

/// The receipt's time as the student reads it: local time, in the interface language's
/// usual form ("November 26, 2026 2:09:12 PM", "2026年11月26日 14:09:12").
public enum ReceiptTime {
    /// `date` in `language`'s long date, then its standard time, in `timeZone` (this
    /// machine's). The two apart: joined, some languages say "at", which the label says already.
    public static func text(_ date: Date, in language: InterfaceLanguage, timeZone: TimeZone = .current) -> String {
        let locale = Locale(identifier: language.rawValue)
        return date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: timeZone))
            + " "
            + date.formatted(Date.FormatStyle(date: .omitted, time: .standard, locale: locale, timeZone: timeZone))
    }
}
