import AssessTestSupport
import Foundation
import Testing

/// `assess import` and `assess export` run by the real binary: a bank becomes an exam that
/// `validate` accepts and `take` shows.
@Suite("Importing and exporting at the terminal", .ownThread)
struct ImportExportTests {
    @Test func anImportedGIFTBankValidatesAndCanBeSat() throws {
        let scratch = try TemporaryDirectory("assess-e2e-import")
        let bank = scratch.file("rivers.gift")
        try """
        $CATEGORY: $course$/top/Rivers

        ::Cairo::Which river flows through Cairo? {=Nile#Yes ~Rhine ~Volga}

        ::Longest::The Amazon is longer than the Thames. {T}
        """.write(toFile: bank, atomically: true, encoding: .utf8)
        let exam = scratch.file("rivers.yaml")
        let importing = try TerminalUnderTest("import \(bank) -o \(exam) --title Rivers")
        #expect(try importing.exitStatus() == 0)
        let summary = try importing.writtenText()
        #expect(summary.contains("2 questions (1 single-choice, 1 true-false)"))
        #expect(summary.contains("rivers.gift:3: Cairo: feedback"))
        // GIFT lists the right choice first: the exam shuffles the choices, and says so.
        #expect(summary.contains("changed: shuffle: {choices: true}: each candidate sees the choices in an order"))
        #expect(
            try String(contentsOfFile: exam, encoding: .utf8).contains(
                "shuffle:\n  questions: false\n  choices: true\n"))
        #expect(try importing.assessCommand(["validate", exam]).status == 0)

        let sitting = try TerminalUnderTest("take \(exam) --candidate c-301 --practice")
        #expect(try sitting.waitFor("Exam key").contains("Rivers"))
        try sitting.press("Enter")
        try sitting.waitFor("Practice: this terminal is not locked.")
        try sitting.press("Enter")
        let first = try sitting.waitFor("Question 1 of 2")
        #expect(first.contains("Which river flows through Cairo?"))
        #expect(first.contains("Nile"))
    }

    @Test func aPartlyBrokenBankImportsNothingUnlessKeepGoing() throws {
        let scratch = try TemporaryDirectory("assess-e2e-import")
        let bank = scratch.file("broken.gift")
        try "Fine? {T}\n\nBroken? {=a ~b\n".write(toFile: bank, atomically: true, encoding: .utf8)
        let exam = scratch.file("broken.yaml")
        let refused = try TerminalUnderTest("import \(bank) -o \(exam)")
        #expect(try refused.exitStatus() == 65)
        #expect(try refused.writtenText().contains("broken.gift:3: the { on this line has no closing }"))
        #expect(!FileManager.default.fileExists(atPath: exam))
        let kept = try TerminalUnderTest("import \(bank) -o \(exam) --keep-going")
        #expect(try kept.exitStatus() == 0)
        #expect(try kept.writtenText().contains("1 question (1 true-false)"))
        #expect(FileManager.default.fileExists(atPath: exam))
    }

    @Test func anUnpackedPackageFolderImportsAndAPlainFolderIsNamed() throws {
        let scratch = try TemporaryDirectory("assess-e2e-folder")
        let package = scratch.file("tides")
        try FileManager.default.createDirectory(atPath: package + "/items", withIntermediateDirectories: true)
        try """
        <manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="tides">
          <resources><resource identifier="i" type="imsqti_item_xmlv2p1" href="items/tide.xml"/></resources>
        </manifest>
        """.write(toFile: package + "/imsmanifest.xml", atomically: true, encoding: .utf8)
        try """
        <assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="tide" title="Tide">
          <responseDeclaration identifier="R" cardinality="single" baseType="identifier">
            <correctResponse><value>m</value></correctResponse></responseDeclaration>
          <itemBody><choiceInteraction responseIdentifier="R" maxChoices="1"><prompt>What mostly causes the tides?</prompt>
            <simpleChoice identifier="m">The Moon</simpleChoice><simpleChoice identifier="w">The wind</simpleChoice>
          </choiceInteraction></itemBody>
          <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
        </assessmentItem>
        """.write(toFile: package + "/items/tide.xml", atomically: true, encoding: .utf8)
        let exam = scratch.file("tides.yaml")
        let importing = try TerminalUnderTest("import \(package) -o \(exam)")
        #expect(try importing.exitStatus() == 0)
        #expect(try importing.writtenText().contains("1 question (1 single-choice)"))
        let plain = scratch.file("plain")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        let (output, status) = try importing.assessCommand(["import", plain, "-o", scratch.file("plain.yaml")])
        #expect(status == 65)
        #expect(output.contains("is a folder without imsmanifest.xml"))
        #expect(!output.contains("permissions"))
    }

    @Test func aMatchingDistractorIsOfferedToTheStudent() throws {
        let scratch = try TemporaryDirectory("assess-e2e-import")
        let bank = scratch.file("sounds.gift")
        try "::sounds::Who says it? {=Woof -> Dog =Moo -> Cow = -> Heron}\n".write(
            toFile: bank, atomically: true, encoding: .utf8)
        let exam = scratch.file("sounds.yaml")
        let importing = try TerminalUnderTest("import \(bank) -o \(exam)")
        #expect(try importing.exitStatus() == 0)
        #expect(try importing.writtenText().contains("(Heron) are kept as distractors"))
        let sitting = try TerminalUnderTest("take \(exam) --candidate c-302 --practice")
        try sitting.waitFor("Exam key")
        try sitting.press("Enter")
        try sitting.waitFor("Practice: this terminal is not locked.")
        try sitting.press("Enter")
        let screen = try sitting.waitFor("Question 1 of 1")
        #expect(screen.contains("Heron"))
        #expect(screen.contains("Woof"))
    }

    @Test func exportedSamplesImportBack() throws {
        let scratch = try TemporaryDirectory("assess-e2e-export")
        let package = scratch.file("all-types.zip")
        let exporting = try TerminalUnderTest("export Exams/all-types.yaml --format qti -o \(package)")
        #expect(try exporting.exitStatus() == 0)
        let back = scratch.file("back.yaml")
        let (output, status) = try exporting.assessCommand(["import", package, "-o", back])
        #expect(status == 0, "\(output)")
        #expect(try exporting.assessCommand(["validate", back]).status == 0)
    }

    @Test func resultsGoBackAsQTIResultsReports() throws {
        let scratch = try TemporaryDirectory("assess-e2e-qti-results")
        let exam = scratch.file("short.yaml")
        try """
        id: short-quiz
        title: Short quiz
        duration: 5m
        questions:
          - id: sky
            type: true-false
            prompt: The sky is blue on a clear day.
            answer: true
          - id: capital
            type: short-text
            prompt: The capital of France?
            accepted: [Paris]
            points: 2
        """.write(toFile: exam, atomically: true, encoding: .utf8)
        let terminal = try TerminalUnderTest("take \(exam) --candidate c-310")
        try terminal.acceptTheLock()
        try terminal.waitFor("The sky is blue")
        try terminal.press("1", "Tab")
        try terminal.waitFor("The capital of France?")
        try terminal.type("paris")
        try terminal.submitAndLeaveThroughTheReceipt()
        #expect(try terminal.exitStatus() == 0)

        let folder = scratch.file("qti-results")
        let written = try terminal.assessCommand(["results", exam, "--qti-results", folder])
        #expect(written.status == 0, "\(written.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 1)
        let report = try String(
            contentsOfFile: (folder as NSString).appendingPathComponent(try #require(files.first)), encoding: .utf8)
        #expect(report.contains("<context sourcedId=\"c-310\">"))
        #expect(report.contains("<candidateResponse><value>true</value></candidateResponse>"))
        #expect(report.contains("<candidateResponse><value>paris</value></candidateResponse>"))
        #expect(
            report.contains(
                "<outcomeVariable identifier=\"SCORE\" cardinality=\"single\" baseType=\"float\"><value>3</value></outcomeVariable>"
            ))
    }
}
