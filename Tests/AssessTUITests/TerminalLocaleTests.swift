import Glibc
import Testing

@testable import AssessTUI

/// The locale the screen draws in: the one asked for when it is installed and UTF-8,
/// else C.UTF-8, else a refusal; the real C library's answers too.
@Suite struct TerminalLocaleTests {
    /// A C library with `installed` locales (name → character set) and a current one.
    final class FakeLocales {
        let installed: [String: String]
        let environment: String
        var current = "C"
        init(installed: [String: String], environment: String) {
            self.installed = installed
            self.environment = environment
        }
        func set(_ name: String) -> Bool {
            let wanted = name.isEmpty ? environment : name
            guard installed[wanted] != nil else { return false }
            current = wanted
            return true
        }
        var codeset: String { installed[current] ?? "ANSI_X3.4-1968" }
    }

    static func adopt(_ locales: FakeLocales, _ environment: [String: String]) -> TerminalLocale.Outcome {
        TerminalLocale.adopt(environment: environment, setLocale: locales.set, codeset: { locales.codeset })
    }

    @Test func anInstalledUTF8LocaleIsUsed() {
        let locales = FakeLocales(installed: ["ja_JP.UTF-8": "UTF-8", "C.UTF-8": "UTF-8"], environment: "ja_JP.UTF-8")
        #expect(Self.adopt(locales, ["LANG": "ja_JP.UTF-8"]) == .requested("ja_JP.UTF-8"))
        #expect(locales.current == "ja_JP.UTF-8")
    }

    @Test func aMissingLocaleFallsBackToCUTF8() {
        let locales = FakeLocales(installed: ["C": "ANSI_X3.4-1968", "C.UTF-8": "UTF-8"], environment: "ja_JP.UTF-8")
        #expect(Self.adopt(locales, ["LANG": "ja_JP.UTF-8"]) == .fellBack(from: "ja_JP.UTF-8"))
        #expect(locales.current == "C.UTF-8")
    }

    @Test func aLocaleThatIsNotUTF8FallsBackToo() {
        let locales = FakeLocales(installed: ["C": "ANSI_X3.4-1968", "C.UTF-8": "UTF-8"], environment: "C")
        #expect(Self.adopt(locales, [:]) == .fellBack(from: ""))
        #expect(locales.current == "C.UTF-8")
    }

    @Test func withoutAnyUTF8LocaleNothingCanBeShown() {
        let locales = FakeLocales(installed: ["C": "ANSI_X3.4-1968"], environment: "C")
        #expect(Self.adopt(locales, ["LC_ALL": "ko_KR.UTF-8", "LANG": "C"]) == .noUTF8(requested: "ko_KR.UTF-8"))
    }

    @Test func theRequestIsLCAllThenLCCTypeThenLang() {
        #expect(TerminalLocale.requested(in: ["LC_ALL": "", "LC_CTYPE": "vi_VN.UTF-8", "LANG": "C"]) == "vi_VN.UTF-8")
        #expect(TerminalLocale.requested(in: ["LANG": "pt_BR.UTF-8"]) == "pt_BR.UTF-8")
        #expect(TerminalLocale.requested(in: [:]) == "")
    }

    @Test func thisMachinesCLibraryFallsBackFromAMissingLocaleToUTF8() {
        // ja_JP.UTF-8 is not installed on the machines this runs on (Debian's C.UTF-8 is
        // the only UTF-8 locale); were it, the outcome would be `.requested`, also UTF-8.
        let outcome = TerminalLocale.adopt(
            environment: ["LC_ALL": "ja_JP.UTF-8"],
            setLocale: { name in name.isEmpty ? setlocale(LC_ALL, "ja_JP.UTF-8") != nil : setlocale(LC_ALL, name) != nil
            })
        #expect(outcome == .fellBack(from: "ja_JP.UTF-8") || outcome == .requested("ja_JP.UTF-8"))
        #expect(TerminalLocale.isUTF8(String(cString: nl_langinfo(nl_item(CODESET)))))
        setlocale(LC_ALL, "C")
    }
}
