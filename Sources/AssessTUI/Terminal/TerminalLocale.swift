import CNcursesw
import Glibc

/// The C locale the screen draws and reads keys in. A locale that is asked for but not
/// installed (`LANG=ja_JP.UTF-8` on a machine with only `C.UTF-8`) or that is not UTF-8
/// (`LANG` unset) would draw every wide character as `?` and drop typed ones, so the
/// terminal falls back to `C.UTF-8`; the interface's language is still chosen from the
/// request (``AssessCore/InterfaceLanguage/choose(examLanguage:requested:environment:)``).
public enum TerminalLocale {
    /// The UTF-8 locale Debian always has (in `libc-bin`).
    public static let fallback = "C.UTF-8"

    /// What became of the locale asked for.
    public enum Outcome: Sendable, Equatable {
        /// The locale asked for is installed and UTF-8: in use.
        case requested(String)
        /// The locale asked for (`""` when none was) is missing or not UTF-8; `C.UTF-8` is in use.
        case fellBack(from: String)
        /// Neither the locale asked for nor `C.UTF-8` is a UTF-8 locale here: nothing can be shown.
        case noUTF8(requested: String)
    }

    /// The locale the environment asks for, as the C library reads it for characters:
    /// `LC_ALL`, else `LC_CTYPE`, else `LANG`; `""` when none is set.
    public static func requested(in environment: [String: String]) -> String {
        ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    }

    /// Sets the process's locale: the environment's when it is installed and UTF-8,
    /// else `C.UTF-8`. `setLocale` sets every category to a name (`""` is the
    /// environment's) and says whether it could; `codeset` names the character set then
    /// in force. Calling it again gives the same outcome.
    public static func adopt(
        environment: [String: String],
        setLocale: (String) -> Bool = { setlocale(LC_ALL, $0) != nil },
        codeset: () -> String = { String(cString: assess_codeset()) }
    ) -> Outcome {
        let requested = requested(in: environment)
        if setLocale(""), isUTF8(codeset()) { return .requested(requested) }
        if setLocale(fallback), isUTF8(codeset()) { return .fellBack(from: requested) }
        return .noUTF8(requested: requested)
    }

    /// True for the names the C library gives UTF-8 ("UTF-8", "utf8").
    public static func isUTF8(_ codeset: String) -> Bool {
        ["utf-8", "utf8"].contains(codeset.lowercased())
    }
}
