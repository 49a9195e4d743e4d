import AssessCore
import AssessTestSupport
import Testing

@Suite("Suggestion settings: what is on, and what may be turned on")
struct SuggestionSettingsTests {
    @Test func practiceOffersEverythingAndTurnsOnAllButAutocorrect() {
        let practice = SuggestionSettings.practice
        #expect(practice.enabled == [.spellCheck, .wordCompletion, .textShortcuts])
        #expect(practice.available == Set(SuggestionFeature.allCases))
        #expect(!practice.isEnabled(.autocorrect))
        #expect(practice.setting(.autocorrect, on: true)?.isEnabled(.autocorrect) == true)
    }

    @Test func lockedTurnsOnOnlyWhatTheExamAllowsAndTheProctorLeftOn() {
        let settings = SuggestionSettings.locked(
            examAllows: [.spellCheck, .wordCompletion, .autocorrect],
            proctorDisabled: [.wordCompletion])
        #expect(settings.enabled == [.spellCheck, .autocorrect])
        #expect(settings.available == [.spellCheck, .autocorrect])
        #expect(SuggestionSettings.locked(examAllows: []).enabled.isEmpty)
    }

    @Test func whileLockedAFeatureTheExamDoesNotNameCannotBeTurnedOn() {
        let settings = SuggestionSettings.locked(examAllows: [.spellCheck])
        #expect(settings.setting(.autocorrect, on: true) == nil)
        #expect(settings.setting(.wordCompletion, on: true) == nil)
        #expect(
            SuggestionSettings.locked(examAllows: [.autocorrect], proctorDisabled: [.autocorrect])
                .setting(.autocorrect, on: true) == nil)
    }

    @Test func anAllowedFeatureCanBeTurnedOffAndOnAgain() throws {
        let settings = SuggestionSettings.locked(examAllows: [.autocorrect])
        let off = try #require(settings.setting(.autocorrect, on: false))
        #expect(!off.isEnabled(.autocorrect))
        #expect(off.setting(.autocorrect, on: true) == settings)
    }

    @Test func aFeatureThatIsNotAvailableIsNeverOn() {
        let settings = SuggestionSettings(enabled: [.spellCheck, .autocorrect], available: [.spellCheck])
        #expect(settings.enabled == [.spellCheck])
    }
}

@Suite("Assessment session: suggestions on request")
struct SessionSuggestionTests {
    @Test func practiceTurnsAutocorrectOnWhenAskedAndLogsIt() async {
        let harness = SessionHarness()
        #expect(await harness.session.requestSuggestion(.autocorrect, on: true))
        #expect(await harness.session.suggestions.isEnabled(.autocorrect))
        #expect(harness.log.kinds == ["suggestions.changed"])
    }

    @Test func askingForWhatIsAlreadySoChangesAndLogsNothing() async {
        let harness = SessionHarness()
        #expect(await harness.session.requestSuggestion(.spellCheck, on: true))
        #expect(harness.log.kinds.isEmpty)
    }

    @Test func whileLockedTheSessionRefusesWhatTheExamDoesNotAllow() async {
        let harness = SessionHarness()
        _ = await harness.session.requestLock(true)
        let before = harness.log.kinds.count
        #expect(await !harness.session.requestSuggestion(.autocorrect, on: true))
        #expect(await harness.session.suggestions.enabled.isEmpty)
        #expect(harness.log.kinds.count == before)
    }

    @Test func autocorrectTurnedOnInPracticeIsOffWhileLockedAndBackAfter() async {
        let harness = SessionHarness()
        await harness.session.requestSuggestion(.autocorrect, on: true)
        _ = await harness.session.requestLock(true)
        #expect(await !harness.session.suggestions.isEnabled(.autocorrect))
        _ = await harness.session.requestLock(false)
        #expect(await harness.session.suggestions.isEnabled(.autocorrect))
    }

    @Test func aLockedExamThatAllowsSpellCheckKeepsOnlySpellCheckAndLogsWhichIsOn() async {
        var exam = SessionHarness.exam
        exam.allowedSuggestions = [.spellCheck]
        let harness = SessionHarness(exam: exam)
        _ = await harness.session.requestLock(true)
        #expect(await harness.session.suggestions.enabled == [.spellCheck])
        #expect(await harness.session.requestSuggestion(.spellCheck, on: false))
        #expect(await harness.session.requestSuggestion(.spellCheck, on: true))
        let changes = harness.log.events.compactMap { event -> String? in
            guard case .suggestionsChanged = event else { return nil }
            return event.details["enabled"]
        }
        #expect(changes == ["spell-check", "none", "spell-check"])
    }
}
