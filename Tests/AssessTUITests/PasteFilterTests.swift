import Testing

@testable import AssessTUI

@Suite("Paste filter")
struct PasteFilterTests {
    @Test("Keys outside a paste pass through")
    func keysPassOutsideAPaste() {
        var filter = PasteFilter()
        #expect(filter.filter(.character("a")) == .pass(.character("a")))
        #expect(filter.filter(.enter) == .pass(.enter))
        #expect(!filter.isPasting)
    }

    @Test("A paste is swallowed and reported with its character count")
    func pasteIsRejectedAndCounted() {
        var filter = PasteFilter()
        #expect(filter.filter(.pasteBegin) == .swallowed)
        #expect(filter.isPasting)
        for key: Key in [.character("h"), .character("日"), .enter, .tab, .character("ế")] {
            #expect(filter.filter(key) == .swallowed)
        }
        #expect(filter.pendingCharacterCount == 5)
        #expect(filter.filter(.pasteEnd) == .rejected(characterCount: 5))
        #expect(!filter.isPasting)
        #expect(filter.filter(.character("x")) == .pass(.character("x")))
    }

    @Test("Editing and control keys inside a paste are swallowed but not counted")
    func otherKeysInsideAPaste() {
        var filter = PasteFilter()
        _ = filter.filter(.pasteBegin)
        #expect(filter.filter(.backspace) == .swallowed)
        #expect(filter.filter(.control("c")) == .swallowed)
        #expect(filter.filter(.pasteEnd) == .rejected(characterCount: 0))
    }

    @Test("Resize and hangup pass even during a paste")
    func resizeAndHangupPass() {
        var filter = PasteFilter()
        _ = filter.filter(.pasteBegin)
        #expect(filter.filter(.resize) == .pass(.resize))
        #expect(filter.filter(.hangup) == .pass(.hangup))
        #expect(filter.isPasting)
    }

    @Test("A paste end without a beginning is swallowed")
    func strayPasteEnd() {
        var filter = PasteFilter()
        #expect(filter.filter(.pasteEnd) == .swallowed)
        #expect(filter.filter(.character("a")) == .pass(.character("a")))
    }

    @Test("A repeated paste beginning keeps counting the same paste")
    func repeatedBeginning() {
        var filter = PasteFilter()
        _ = filter.filter(.pasteBegin)
        _ = filter.filter(.character("a"))
        _ = filter.filter(.pasteBegin)
        _ = filter.filter(.character("b"))
        #expect(filter.filter(.pasteEnd) == .rejected(characterCount: 2))
    }
}
