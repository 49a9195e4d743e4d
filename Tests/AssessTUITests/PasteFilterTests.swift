import Testing
@testable import AssessTUI

@Suite("Paste filter")
struct PasteFilterTests {
    @Test("Keys outside a paste pass through")
    func keysPassOutsideAPaste() {
        var filter = PasteFilter()
        let outcome = filter.filter(.character("a")) == .pass(.character("a"))
        #expect(outcome)
        let outcome2 = filter.filter(.enter) == .pass(.enter)
        #expect(outcome2)
        #expect(!filter.isPasting)
    }

    @Test("A paste is swallowed and reported with its character count")
    func pasteIsRejectedAndCounted() {
        var filter = PasteFilter()
        let outcome = filter.filter(.pasteBegin)
        #expect(outcome == .swallowed)
        #expect(filter.isPasting)
        for key: Key in [.character("h"), .character("日"), .enter, .tab, .character("ế")] {
            let outcome2 = filter.filter(key)
            #expect(outcome2 == .swallowed)
        }
        #expect(filter.pendingCharacterCount == 5)
        let outcome3 = filter.filter(.pasteEnd) == .rejected(characterCount: 5)
        #expect(outcome3)
        #expect(!filter.isPasting)
        let outcome4 = filter.filter(.character("x")) == .pass(.character("x"))
        #expect(outcome4)
    }

    @Test("Editing and control keys inside a paste are swallowed but not counted")
    func otherKeysInsideAPaste() {
        var filter = PasteFilter()
        _ = filter.filter(.pasteBegin)
        let outcome = filter.filter(.backspace)
        #expect(outcome == .swallowed)
        let outcome2 = filter.filter(.control("c"))
        #expect(outcome2 == .swallowed)
        let outcome3 = filter.filter(.pasteEnd) == .rejected(characterCount: 0)
        #expect(outcome3)
    }

    @Test("Resize and hangup pass even during a paste")
    func resizeAndHangupPass() {
        var filter = PasteFilter()
        _ = filter.filter(.pasteBegin)
        let outcome = filter.filter(.resize) == .pass(.resize)
        #expect(outcome)
        let outcome2 = filter.filter(.hangup) == .pass(.hangup)
        #expect(outcome2)
        #expect(filter.isPasting)
    }

    @Test("A paste end without a beginning is swallowed")
    func strayPasteEnd() {
        var filter = PasteFilter()
        let outcome = filter.filter(.pasteEnd)
        #expect(outcome == .swallowed)
        let outcome2 = filter.filter(.character("a")) == .pass(.character("a"))
        #expect(outcome2)
    }

    @Test("A repeated paste beginning keeps counting the same paste")
    func repeatedBeginning() {
        var filter = PasteFilter()
        _ = filter.filter(.pasteBegin)
        _ = filter.filter(.character("a"))
        _ = filter.filter(.pasteBegin)
        _ = filter.filter(.character("b"))
        let outcome = filter.filter(.pasteEnd) == .rejected(characterCount: 2)
        #expect(outcome)
    }
}
