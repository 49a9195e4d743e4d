import AssessCore
import AssessExam
import AssessSpelling
import AssessTestSupport
import Testing

@testable import AssessTUI

private func fakeSpeller() -> FakeSpeller {
    FakeSpeller(
        words: ["the", "cat", "sat", "receive", "relieve", "government", "governor", "my", "town"],
        suggestions: ["recieve": ["receive", "relieve"]],
        autocorrections: ["teh": "the"])
}

/// A flow on the essay question with `settings` from the engine and `speller`.
private func flow(
    _ settings: SuggestionSettings, speller: FakeSpeller? = fakeSpeller(),
    practice: Bool = true
) -> ExamFlow {
    FlowFixtures.onFirstQuestion(of: ExamFixtures.essays, speller: speller, settings: settings, practice: practice)
}

@discardableResult
private func type(_ text: String, into flow: inout ExamFlow) -> [FlowEffect] {
    text.flatMap { flow.update(.key($0 == "\n" ? .enter : .character($0)), now: 0) }
}

private func press(_ key: Key, _ flow: inout ExamFlow) -> [FlowEffect] {
    flow.update(.key(key), now: 0)
}

private func screen(_ flow: ExamFlow) -> String {
    var grid = CellGrid(rows: 30, columns: 100)
    ExamScreens.render(flow, now: 0, into: &grid)
    return grid.lines().joined(separator: "\n")
}

private func text(_ flow: ExamFlow) -> String {
    flow.control.proseEditor?.text ?? ""
}

private let lockedNothing = SuggestionSettings.locked(examAllows: [])
private let lockedSpellCheck = SuggestionSettings.locked(examAllows: [.spellCheck])

@Suite("Suggestions in the editor, gated by the engine's settings")
struct SuggestionControlTests {
    @Test func theDictionaryOpensWhenTheAttemptTurnsASuggestionOnAndNotBefore() throws {
        let files = try #require(
            DictionaryLocator().dictionary(forLanguage: "en"),
            "no en_US dictionary: apt-get install -y hunspell-en-us")
        let completing = BackgroundSpeller(files: files, language: "en", checksSpelling: false)
        let sitting = ExamSitting(
            exam: ExamFixtures.essays, presentation: ExamPresentation(exam: ExamFixtures.essays, candidate: "c-1"))
        var flow = ExamFlow(sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8)
        flow.suggestions = SuggestionControl(speller: completing, language: "en")
        // The welcome screen asks nothing of it.
        _ = screen(flow)
        #expect(!completing.hasStartedOpening)
        // The engine's settings once the lock is granted turn completion on.
        _ = flow.update(.suggestionsChanged(.locked(examAllows: [.wordCompletion])), now: 0)
        #expect(completing.hasStartedOpening)
        // With no suggestion allowed, typing never opens it.
        let unused = BackgroundSpeller(files: files, language: "en", checksSpelling: false)
        var plain = FlowFixtures.onFirstQuestion(
            of: ExamFixtures.essays, speller: unused, settings: lockedNothing, practice: false)
        type("cat", into: &plain)
        _ = screen(plain)
        #expect(!unused.hasStartedOpening)
    }

    @Test func practiceMarksMisspelledWordsAndShowsTheKeys() {
        var flow = flow(.practice)
        type("teh cat recieve", into: &flow)
        let shown = screen(flow)
        #expect(shown.contains("2 words marked for spelling"))
        #expect(shown.contains("F7 spelling"))
        #expect(shown.contains("^N complete"))
        #expect(shown.contains("F8 autocorrect on"))
    }

    // A misspelled word drawn underlined in the error colour, and only the word: the
    // golden screen `essay-misspelled` (WholeScreenTests) has it in its style layer.

    @Test func lockedWithNothingAllowedShowsNoMarksNoKeysAndTheKeysDoNothing() {
        var flow = flow(lockedNothing, practice: false)
        type("teh cat recieve gov", into: &flow)
        #expect(press(.function(7), &flow).isEmpty)
        #expect(press(.control("n"), &flow).isEmpty)
        #expect(press(.function(8), &flow).isEmpty)
        #expect(text(flow) == "teh cat recieve gov")
        #expect(flow.suggestions.offer == nil)
        #expect(flow.suggestions.note == nil)
        let shown = screen(flow)
        #expect(!shown.contains("marked for spelling"))
        #expect(!shown.contains("F7"))
        #expect(!shown.contains("^N"))
        #expect(!shown.contains("autocorrect"))
    }

    @Test func lockedWithSpellCheckOnlyMarksButDoesNotComplete() {
        var flow = flow(lockedSpellCheck, practice: false)
        type("teh cat gover", into: &flow)
        #expect(press(.control("n"), &flow).isEmpty)
        #expect(text(flow) == "teh cat gover")
        #expect(flow.suggestions.offer == nil)
        let shown = screen(flow)
        #expect(shown.contains("2 words marked for spelling"))
        #expect(shown.contains("F7 spelling"))
        #expect(!shown.contains("^N"))
    }

    @Test func f7OffersSuggestionsForTheWordAtTheCursorAndUndoBringsItBack() {
        var flow = flow(.practice)
        type("cat recieve", into: &flow)
        _ = press(.function(7), &flow)
        #expect(flow.suggestions.offer?.candidates == ["receive", "relieve"])
        #expect(screen(flow).contains("Spelling of “recieve”: 1 receive  2 relieve"))
        #expect(press(.character("1"), &flow).isEmpty)
        #expect(text(flow) == "cat receive")
        #expect(flow.suggestions.offer == nil)
        _ = press(.control("u"), &flow)
        #expect(text(flow) == "cat recieve")
    }

    @Test func f7OnACorrectWordSaysSoAndEscapeClosesAList() {
        var flow = flow(.practice)
        type("cat", into: &flow)
        _ = press(.function(7), &flow)
        #expect(flow.suggestions.note == "“cat” is spelled correctly.")
        type(" recieve", into: &flow)
        _ = press(.function(7), &flow)
        _ = press(.escape, &flow)
        #expect(flow.suggestions.offer == nil)
        #expect(text(flow) == "cat recieve")
    }

    @Test func anyOtherKeyClosesTheListAndIsTyped() {
        var flow = flow(.practice)
        type("recieve", into: &flow)
        _ = press(.function(7), &flow)
        type("s", into: &flow)
        #expect(flow.suggestions.offer == nil)
        #expect(text(flow) == "recieves")
    }

    @Test func ctrlNCompletesAtOnceWhenOneWordFitsAndListsSeveral() {
        var flow = flow(.practice)
        type("My to", into: &flow)
        _ = press(.control("n"), &flow)
        #expect(text(flow) == "My town")
        type(" gov", into: &flow)
        _ = press(.control("n"), &flow)
        #expect(flow.suggestions.offer?.candidates == ["governor", "government"])
        _ = press(.down, &flow)
        _ = press(.enter, &flow)
        #expect(text(flow) == "My town government")
    }

    @Test func completionKeepsACapitalAndSaysWhenNothingFits() {
        var flow = flow(.practice)
        type("Rel", into: &flow)
        _ = press(.control("n"), &flow)
        #expect(text(flow) == "Relieve")
        type(" xyz", into: &flow)
        _ = press(.control("n"), &flow)
        #expect(flow.suggestions.note == "No dictionary word starts with “xyz”.")
    }

    @Test func autocorrectIsOffInPracticeUntilAskedForThenCorrectsAsTheWordEndsAndUndoRestores() {
        var flow = flow(.practice)
        type("teh ", into: &flow)
        #expect(text(flow) == "teh ")
        #expect(press(.function(8), &flow) == [.setSuggestion(.autocorrect, on: true)])
        flow.suggestions.follow(SuggestionSettings.practice.setting(.autocorrect, on: true)!)
        #expect(screen(flow).contains("F8 autocorrect off"))
        type("teh.", into: &flow)
        #expect(text(flow) == "teh the.")
        #expect(flow.suggestions.note == "Autocorrected “teh” to “the”; ^U undoes it.")
        _ = press(.control("u"), &flow)
        #expect(text(flow) == "teh teh.")
    }

    @Test func aListOpenWhenTheStudentMovesOnStaysWithItsQuestion() {
        var flow = flow(.practice)
        type("recieve", into: &flow)
        _ = press(.function(7), &flow)
        _ = press(.tab, &flow)
        #expect(flow.suggestions.offer(for: flow.control) == nil)
        #expect(!screen(flow).contains("Spelling of"))
        type("1", into: &flow)
        #expect(text(flow) == "1")
        #expect(flow.suggestions.offer == nil)
    }

    @Test func aListClosesWhenTheEngineTurnsItsFeatureOff() {
        var flow = flow(.practice)
        type("recieve", into: &flow)
        _ = press(.function(7), &flow)
        flow.suggestions.follow(lockedNothing)
        #expect(flow.suggestions.offer == nil)
    }

    @Test func drawingALongEssayChecksOnlyTheWordsOnScreen() {
        let speller = fakeSpeller()
        var flow = flow(.practice, speller: speller)
        type(String(repeating: "the cat sat\n", count: 200), into: &flow)
        let before = speller.checkedWords.count
        _ = screen(flow)
        let checked = speller.checkedWords.count - before
        #expect(checked > 0)
        #expect(checked < 100, "checked \(checked) words to draw about 20 lines")
    }

    @Test func shortTextAnswersAreMarkedToo() {
        var flow = flow(.practice)
        _ = press(.tab, &flow)
        type("recieve", into: &flow)
        #expect(screen(flow).contains("1 word marked for spelling"))
    }

    @Test func practiceWithoutADictionarySaysSoOnceAndOffersNothing() {
        var flow = flow(.practice, speller: nil)
        #expect(flow.notice?.text.contains("No spelling dictionary is installed for this exam's language (en)") == true)
        type("recieve", into: &flow)
        _ = press(.function(7), &flow)
        #expect(flow.suggestions.offer == nil)
        #expect(!screen(flow).contains("F7"))
    }

    @Test func anExamInSeveralLanguagesSaysNoOneDictionaryFits() {
        let note = SuggestionControl(speller: nil, language: "mul").missingDictionaryNote
        #expect(note?.hasPrefix("This exam is in several languages") == true)
        #expect(SuggestionControl(speller: fakeSpeller(), language: "en").missingDictionaryNote == nil)
    }

    @Test func aLockedExamWithoutADictionarySaysNothing() {
        let flow = flow(lockedSpellCheck, speller: nil, practice: false)
        #expect(flow.notice == nil)
    }
}
