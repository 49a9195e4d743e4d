import AssessCore
import Testing

@Suite("Policy files")
struct PolicyParserTests {
    @Test func readsEverySetting() throws {
        let policy = try PolicyParser.parse(
            """
            allowed-exams: [geography-quiz, spelling-test]
            max-lock-duration: 3h
            strict-clipboards: true
            multiplexers: refuse
            practice: refuse
            minimum-terminal: 100x30
            """, path: "policy.yaml")
        #expect(policy.allowedExams == ["geography-quiz", "spelling-test"])
        #expect(policy.maximumLockSeconds == 3 * 3600)
        #expect(policy.strictClipboards)
        #expect(!policy.allowMultiplexers)
        #expect(!policy.allowPractice)
        #expect(policy.minimumTerminal == TerminalSize(columns: 100, rows: 30))
        #expect(policy.source == .file("policy.yaml"))
    }

    @Test func studentSettingsAreEveryOneByDefaultAListOrNone() throws {
        #expect(try PolicyParser.parse("", path: "p.yaml").studentSettings == Set(AccessibilityOption.allCases))
        #expect(
            try PolicyParser.parse("student-settings: [high-contrast, larger-spacing]\n", path: "p.yaml")
                .studentSettings
                == [.highContrast, .largerSpacing])
        #expect(try PolicyParser.parse("student-settings: none\n", path: "p.yaml").studentSettings.isEmpty)
        #expect(try PolicyParser.parse("student-settings: \"*\"\n", path: "p.yaml").studentSettings.count == 6)
        #expect(
            throws: PolicyError(
                path: "p.yaml", line: 1, column: 20,
                message:
                    "\"high-contrst\" is not an accessibility setting (did you mean \"high-contrast\"?); known: high-contrast, no-colour, reduced-motion, screen-reader, larger-spacing, no-countdown"
            )
        ) {
            try PolicyParser.parse("student-settings: [high-contrst]\n", path: "p.yaml")
        }
    }

    @Test func anEmptyFileMeansDefaults() throws {
        let policy = try PolicyParser.parse("", path: "p.yaml")
        #expect(policy.allowedExams == nil)
        #expect(policy.maximumLockSeconds == 8 * 3600)
    }

    @Test func anUnknownSettingNamesItsPositionAndTheLikelyIntent() {
        #expect(
            throws: PolicyError(
                path: "p.yaml", line: 2, column: 1,
                message:
                    "unknown setting \"strict-clipboard\" (did you mean \"strict-clipboards\"?); known settings: allowed-exams, max-lock-duration, strict-clipboards, multiplexers, practice, minimum-terminal, charge-downtime, proctor-password, store, student-settings, lease-lost-after"
            )
        ) {
            try PolicyParser.parse("multiplexers: allow\nstrict-clipboard: true\n", path: "p.yaml")
        }
    }

    @Test func aLeaseIsLostAfter30SecondsUnlessThePolicySaysOtherwiseNeverUnder10() throws {
        #expect(try PolicyParser.parse("", path: "p.yaml").leaseLostAfter == 30)
        #expect(try PolicyParser.parse("lease-lost-after: 2m\n", path: "p.yaml").leaseLostAfter == 120)
        #expect(
            throws: PolicyError(
                path: "p.yaml", line: 1, column: 19,
                message: "lease-lost-after must be a duration from 10s to 1h, such as 30s or 2m")
        ) {
            try PolicyParser.parse("lease-lost-after: 5s\n", path: "p.yaml")
        }
    }

    @Test func theStoreIsSQLiteUnlessAPostgreSQLURLIsGiven() throws {
        #expect(try PolicyParser.parse("", path: "p.yaml").store == nil)
        #expect(try PolicyParser.parse("store: sqlite\n", path: "p.yaml").store == nil)
        #expect(
            try PolicyParser.parse("store: postgresql:///assess?host=/run/postgresql\n", path: "p.yaml").store
                == "postgresql:///assess?host=/run/postgresql")
        #expect(
            throws: PolicyError(
                path: "p.yaml", line: 1, column: 8,
                message: "store must be sqlite or a PostgreSQL URL such as postgresql:///assess?host=/run/postgresql")
        ) {
            try PolicyParser.parse("store: mysql://school/assess\n", path: "p.yaml")
        }
    }

    @Test func aBadDurationIsReportedAtItsValue() {
        do {
            _ = try PolicyParser.parse("max-lock-duration: forever\n", path: "p.yaml")
            Issue.record("expected an error")
        } catch let error as PolicyError {
            #expect(error.line == 1)
            #expect(error.column == 20)
            #expect(error.description.hasPrefix("p.yaml:1:20: max-lock-duration must be"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: ["60x20", "79x24", "80x23", "40x10"])
    func aMinimumTerminalSmallerThanTheScreensAreLaidOutForIsRefused(size: String) {
        do {
            _ = try PolicyParser.parse("minimum-terminal: \(size)\n", path: "p.yaml")
            Issue.record("\(size) was accepted")
        } catch let error as PolicyError {
            #expect(error.line == 1)
            #expect(error.message.contains("at least 80x24"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func durationsTakeHoursMinutesAndSeconds() {
        #expect(PolicyParser.parseDuration("8h") == 28800)
        #expect(PolicyParser.parseDuration("1h30m") == 5400)
        #expect(PolicyParser.parseDuration("45s") == 45)
        #expect(PolicyParser.parseDuration("90") == 90)
        #expect(PolicyParser.parseDuration("ten") == nil)
        #expect(PolicyParser.parseDuration("5x") == nil)
        #expect(PolicyParser.parseDuration("") == nil)
    }

    @Test func allowedExamsNamesTheRefusedExam() {
        let policy = Policy(allowedExams: ["a"])
        #expect(policy.refusal(forExam: "a") == nil)
        #expect(policy.refusal(forExam: "b")?.contains("\"b\"") == true)
    }
}
