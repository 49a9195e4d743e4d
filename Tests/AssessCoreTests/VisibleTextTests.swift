import AssessCore
import Testing

/// Text from files and people is printed with its control characters shown, never sent.
@Suite struct VisibleTextTests {
    @Test func escapeSequencesAreShownInCaretNotation() {
        #expect(VisibleText.visible("A\u{1B}]52;c;aGk=\u{07}B") == "A^[]52;c;aGk=^GB")
        #expect(VisibleText.visible("\u{1B}[2J") == "^[[2J")
        #expect(VisibleText.visible("\u{00}\u{7F}") == "^@^?")
    }

    @Test func c1ControlsAreShownAsScalars() {
        // U+009B is a one-character CSI to some terminals.
        #expect(VisibleText.visible("a\u{9B}2Jb") == "a\\u009B2Jb")
    }

    @Test func bidirectionalControlsAreShownAsEscapes() {
        // "exe.txt" with a right-to-left override before "txt" reads as "exe.txt" backwards.
        #expect(VisibleText.visible("photo\u{202E}gpj.exe") == "photo\\u202Egpj.exe")
        for scalar in VisibleText.bidiControls {
            let shown = VisibleText.visible("a\(Character(scalar))b")
            #expect(
                !shown.unicodeScalars.contains(where: VisibleText.isBidiControl), "U+\(String(scalar.value, radix: 16))"
            )
            #expect(shown.hasPrefix("a\\u") && shown.hasSuffix("b"))
        }
        #expect(VisibleText.bidiControls.count == 12)
    }

    @Test func bidirectionalControlsCanBeDropped() {
        let text = "\u{2067}a\u{202E}b\u{200F}c\u{061C}\u{2069}"
        #expect(VisibleText.withoutBidiControls(text) == ("abc", 5))
        #expect(VisibleText.withoutBidiControls("plain") == ("plain", 0))
    }

    @Test func otherFormatCharactersAreUntouched() {
        // A zero-width joiner makes one emoji of several; a soft hyphen is a hint to break.
        let text = "👩\u{200D}💻 co\u{AD}operate"
        #expect(VisibleText.visible(text) == text)
    }

    @Test func lineBreaksAndTabsStayUnlessAsked() {
        #expect(VisibleText.visible("a\tb\nc") == "a\tb\nc")
        #expect(VisibleText.visible("a\tb\nc\r", keepingLayout: false) == "a^Ib^Jc^M")
    }

    @Test func ordinaryTextIsUnchanged() {
        let text = "Géographie 地理 — ½"
        #expect(VisibleText.visible(text) == text)
    }
}

/// Candidate ids hold the characters the kiosk's prompt asks for, and nothing else.
@Suite struct CandidateIDTests {
    @Test(arguments: ["c-0042", "A.b_c-9", String(repeating: "x", count: 64)])
    func idsOfTheDocumentedCharactersAreAccepted(id: String) {
        #expect(CandidateID.problem(with: id) == nil)
    }

    @Test(arguments: ["", "has space", "c\u{1B}[2J", "café", "a/b", String(repeating: "x", count: 65)])
    func anythingElseIsRefusedWithTheReason(id: String) {
        #expect(CandidateID.problem(with: id) != nil)
        #expect(CandidateID.problem(with: id)?.contains("\u{1B}") == false)
    }
}
