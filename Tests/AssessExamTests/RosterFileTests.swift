import AssessCore
import AssessExam
import Testing

@Suite("Roster files: candidates and their accommodations in CSV")
struct RosterFileTests {
    private func parse(_ text: String, restrictions: [String]? = ["back-navigation", "flagging"]) throws(RosterFile
        .ProblemList) -> [RosterCandidate]
    {
        try RosterFile.parse(text, path: "room-12.csv", restrictions: restrictions)
    }

    /// The problems a roster file has, as the command prints them.
    private func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func everyColumnBecomesALaunchSetting() throws {
        let roster = try parse(
            """
            Candidate,Name,Extra-Time,Breaks,Accessibility,Deny
            s-1042,Ana Lima,1.5x,2x10m,high-contrast;larger-spacing,back-navigation flagging
            s-1043,"Okafor, Ben",,,,
            s-1044,"Dee ""DJ"" Jones",+20m,,screen-reader,\r

            """)
        #expect(roster.map(\.candidate) == ["s-1042", "s-1043", "s-1044"])
        #expect(roster.map(\.name) == ["Ana Lima", "Okafor, Ben", "Dee \"DJ\" Jones"])
        let ana = roster[0].settings
        #expect(ana.extraTime == .multiplier(1.5))
        #expect(ana.breaks == BreakAllowance(count: 2, minutes: 10))
        #expect(ana.accessibility == AccessibilitySettings([.highContrast, .largerSpacing]))
        #expect(ana.restrictionStates == ["back-navigation": false, "flagging": false])
        #expect(roster[1].settings == LaunchSettings())
        #expect(roster[2].settings.extraTime == .minutes(20))
    }

    @Test func theNoCountdownAccommodationAndTheCalculatorAreARostersToo() throws {
        let roster = try parse(
            "candidate,accessibility,deny\nana,no-countdown,calculator\n", restrictions: ["calculator"])
        #expect(roster[0].settings.accessibility == AccessibilitySettings([.noCountdown]))
        #expect(roster[0].settings.restrictionStates == ["calculator": false])
    }

    @Test func onlyTheCandidateColumnIsRequired() throws {
        let roster = try parse("candidate\nana\nben\n")
        #expect(roster == [RosterCandidate(candidate: "ana"), RosterCandidate(candidate: "ben")])
    }

    @Test func eachProblemNamesTheFileTheLineWhatIsWrongAndWhatToDo() {
        #expect(
            problems("") == [
                "room-12.csv:1: the file is empty; the first line names the columns, e.g. candidate,name,extra-time,breaks,accessibility,deny"
            ])
        #expect(
            problems("name,extra-tme\nAna,2x\n") == [
                "room-12.csv:1: unknown column \"extra-tme\" (did you mean \"extra-time\"?); the columns are candidate, name, extra-time, breaks, accessibility, deny",
                "room-12.csv:1: there is no candidate column; the first line names the columns, e.g. candidate,name,extra-time,breaks,accessibility,deny",
            ])
        #expect(
            problems(
                """
                candidate,name,extra-time,breaks,accessibility,deny
                ana,Ana,9x,,,
                ben,Ben,,3x200m,,
                cy,Cy,,,big-text,
                dee,Dee,,,,back-navigaton
                ana,Ana again,,,,
                e f,Eve,,,,
                fay,"Fay,,,,
                gus,Gus,,,,,extra
                """) == [
                    "room-12.csv:2: extra-time \"9x\" is not a multiplier from 1 to 4 (1.5x) or added minutes up to 600 (+15m); leave it empty for none",
                    "room-12.csv:3: breaks \"3x200m\" is not COUNTxMINUTES with 1-10 breaks of 1-120 minutes (2x10m); leave it empty for none",
                    "room-12.csv:4: accessibility \"big-text\" is not a setting; the settings are high-contrast, no-colour, reduced-motion, screen-reader, larger-spacing, no-countdown, separated by spaces",
                    "room-12.csv:5: deny \"back-navigaton\" is not a restriction of the exam (did you mean \"back-navigation\"?); its restrictions: back-navigation, flagging",
                    "room-12.csv:6: candidate ana is already on line 2; list each candidate once",
                    "room-12.csv:7: the candidate id \"e f\" may hold only letters A-Z and a-z, digits, dot, dash and underscore",
                    "room-12.csv:8: a double quote is not closed; close it before the end of the line",
                    "room-12.csv:9: 7 fields but the header names 6 columns; put a field that holds a comma in double quotes",
                ])
        #expect(
            problems("candidate,name\n\n") == [
                "room-12.csv:1: the file names no candidates; add a line per candidate after the header"
            ])
    }

    @Test func withoutTheExamAnyRestrictionIdIsKept() throws {
        let roster = try parse("candidate,deny\nana,calculator\n", restrictions: nil)
        #expect(roster[0].settings.restrictionStates == ["calculator": false])
    }
}
