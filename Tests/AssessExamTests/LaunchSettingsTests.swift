import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@Suite("Launch settings: extra time, breaks, restrictions, suggestions")
struct LaunchSettingsTests {
    @Test func extraTimeReadsMultipliersAndAddedMinutes() {
        #expect(ExtraTime(parsing: "1.5x") == .multiplier(1.5))
        #expect(ExtraTime(parsing: "x2") == .multiplier(2))
        #expect(ExtraTime(parsing: "1.25") == .multiplier(1.25))
        #expect(ExtraTime(parsing: "+15m") == .minutes(15))
        #expect(ExtraTime(parsing: "30m") == .minutes(30))
        #expect(ExtraTime(parsing: "none") == ExtraTime.none)
        #expect(ExtraTime(parsing: "1x") == ExtraTime.none)
        for bad in ["0.5x", "5x", "-10m", "0m1", "lots", "601m", ""] {
            #expect(ExtraTime(parsing: bad) == nil, "\(bad)")
        }
        #expect(ExtraTime.multiplier(1.5).seconds(for: 600) == 900)
        #expect(ExtraTime.minutes(15).seconds(for: 600) == 1500)
        #expect(ExtraTime.multiplier(1.5).description == "1.5x")
        #expect(ExtraTime.minutes(15).description == "+15m")
    }

    @Test func breaksReadCountTimesMinutes() {
        #expect(BreakAllowance(parsing: "2x10m") == BreakAllowance(count: 2, minutes: 10))
        #expect(BreakAllowance(parsing: "none") == BreakAllowance.none)
        for bad in ["2x10", "0x10m", "11x5m", "2x121m", "two"] {
            #expect(BreakAllowance(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func settingsApplyToTheExamAndSurviveTheStoresJSON() throws {
        let exam = ExamFixtures.everyType
        let settings = LaunchSettings(
            extraTime: .multiplier(2), breaks: BreakAllowance(count: 1, minutes: 5),
            restrictionStates: ["back-navigation": false], disabledSuggestions: [])
        #expect(settings.secondsAllowed(for: exam) == 2 * exam.durationSeconds)
        #expect(settings.restrictionStates(for: exam)["back-navigation"] == false)
        #expect(settings.problems(for: exam).isEmpty)
        #expect(LaunchSettings(json: settings.json) == settings)
        #expect(LaunchSettings(json: "not json") == nil)
    }

    /// The language the attempt started in is kept with its settings for `resume`; settings
    /// stored before it was (or naming a language this version does not speak) still load.
    @Test func theLanguageIsKeptInTheStoresJSONAndOldSettingsWithoutItStillLoad() throws {
        let settings = LaunchSettings(extraTime: .minutes(15), language: .japanese)
        #expect(settings.json.contains(#""language":"ja""#))
        #expect(LaunchSettings(json: settings.json) == settings)
        #expect(!LaunchSettings(extraTime: .minutes(15)).json.contains("language"))

        let old =
            #"{"breaks":{"count":0,"minutes":0},"disabledSuggestions":[],"extraTime":{"minutes":{"_0":15}},"restrictionStates":{}}"#
        #expect(LaunchSettings(json: old) == LaunchSettings(extraTime: .minutes(15)))
        let unknown =
            #"{"breaks":{"count":0,"minutes":0},"disabledSuggestions":[],"extraTime":{"minutes":{"_0":15}},"language":"fr","restrictionStates":{}}"#
        #expect(LaunchSettings(json: unknown) == LaunchSettings(extraTime: .minutes(15)))
    }

    @Test func unknownRestrictionsAndSuggestionsTheExamDoesNotAllowAreProblems() {
        let exam = ExamFixtures.everyType
        let settings = LaunchSettings(
            restrictionStates: ["back-navigaton": false],
            disabledSuggestions: Set(SuggestionFeature.allCases).subtracting(exam.suggestions))
        let problems = settings.problems(for: exam)
        #expect(problems.first?.contains("did you mean \"back-navigation\"") == true)
        #expect(problems.count == 1 + settings.disabledSuggestions.count)
        let locked = SuggestionSettings.locked(
            examAllows: exam.suggestions, proctorDisabled: settings.disabledSuggestions)
        #expect(locked.available == exam.suggestions)
    }
}
