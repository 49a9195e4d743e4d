import AssessExam
import AssessTestSupport
import Foundation
import Testing
import ZIPFoundation

@testable import AssessInterchange

/// QTI items, packages and their refusals.
@Suite struct QTIReaderTests {
    private func item(_ declarations: String, _ body: String, processing: String = "match_correct") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="item-one" title="One">
            \(declarations)
            <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
            <itemBody>\(body)</itemBody>
            <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/\(processing)"/>
            </assessmentItem>
            """.utf8)
    }

    private func read(_ data: Data) throws -> ParsedBank {
        try QTIItemReader.readItem(data: data, file: "item.xml", member: nil, section: nil)
    }

    @Test func choiceInteractionSingleAndMultipleWithMapping() throws {
        let single = try read(
            item(
                """
                <responseDeclaration identifier="R" cardinality="single" baseType="identifier">
                  <correctResponse><value>b</value></correctResponse></responseDeclaration>
                """,
                """
                <p>Largest ocean?</p>
                <choiceInteraction responseIdentifier="R" maxChoices="1">
                  <simpleChoice identifier="a">Atlantic</simpleChoice><simpleChoice identifier="b">Pacific</simpleChoice>
                </choiceInteraction>
                """))
        let question = try #require(Banks.questions(single).first)
        #expect(question.prompt == "Largest ocean?")
        #expect(question.title == "item-one")
        #expect(question.kind == .singleChoice(choices: ["Atlantic", "Pacific"], correct: 1))
        let multiple = try read(
            item(
                """
                <responseDeclaration identifier="R" cardinality="multiple" baseType="identifier">
                  <mapping lowerBound="0" defaultValue="0"><mapEntry mapKey="a" mappedValue="1"/><mapEntry mapKey="b" mappedValue="2"/>
                  <mapEntry mapKey="c" mappedValue="-1"/></mapping></responseDeclaration>
                """,
                """
                <choiceInteraction responseIdentifier="R" maxChoices="0"><prompt>Prime numbers?</prompt>
                  <simpleChoice identifier="a">2</simpleChoice><simpleChoice identifier="b">3</simpleChoice><simpleChoice identifier="c">4</simpleChoice>
                </choiceInteraction>
                """, processing: "map_response"))
        let mapped = try #require(Banks.questions(multiple).first)
        #expect(mapped.prompt == "Prime numbers?")
        #expect(mapped.points == 3)
        #expect(
            mapped.kind == .multipleResponse(choices: ["2", "3", "4"], correct: [0, 1], partialCredit: .proportional))
        #expect(mapped.losses.contains { $0.contains("unequal mapping weights") })
    }

    @Test func textEntryExtendedTextOrderMatchAndAssociate() throws {
        let text = try read(
            item(
                """
                <responseDeclaration identifier="R" cardinality="single" baseType="string"><correctResponse><value>Paris</value></correctResponse></responseDeclaration>
                """, "<p>The capital of France is <textEntryInteraction responseIdentifier=\"R\"/>.</p>"))
        #expect(Banks.questions(text).first?.kind == .shortText(accepted: ["Paris"], caseSensitive: true))
        #expect(Banks.questions(text).first?.prompt == "The capital of France is _____ .")
        let essay = try read(
            item(
                "<responseDeclaration identifier=\"R\" cardinality=\"single\" baseType=\"string\"/>",
                "<extendedTextInteraction responseIdentifier=\"R\"><prompt>Why?</prompt></extendedTextInteraction>"))
        #expect(Banks.questions(essay).first?.kind == .essay(wordLimit: nil))
        let order = try read(
            item(
                """
                <responseDeclaration identifier="R" cardinality="ordered" baseType="identifier"><correctResponse><value>y</value><value>x</value></correctResponse></responseDeclaration>
                """,
                "<orderInteraction responseIdentifier=\"R\"><prompt>Order.</prompt><simpleChoice identifier=\"x\">second</simpleChoice><simpleChoice identifier=\"y\">first</simpleChoice></orderInteraction>"
            ))
        #expect(Banks.questions(order).first?.kind == .ordering(items: ["first", "second"], partialCredit: .none))
        let match = try read(
            item(
                """
                <responseDeclaration identifier="R" cardinality="multiple" baseType="directedPair">
                  <correctResponse><value>l1 r2</value><value>l2 r1</value></correctResponse></responseDeclaration>
                """,
                """
                <matchInteraction responseIdentifier="R" maxAssociations="2"><prompt>Match.</prompt>
                  <simpleMatchSet><simpleAssociableChoice identifier="l1" matchMax="1">red</simpleAssociableChoice>
                    <simpleAssociableChoice identifier="l2" matchMax="1">green</simpleAssociableChoice></simpleMatchSet>
                  <simpleMatchSet><simpleAssociableChoice identifier="r1" matchMax="1">grass</simpleAssociableChoice>
                    <simpleAssociableChoice identifier="r2" matchMax="1">blood</simpleAssociableChoice></simpleMatchSet>
                </matchInteraction>
                """))
        #expect(
            Banks.questions(match).first?.kind
                == .matching(
                    pairs: [
                        MatchingPair(left: "red", right: "blood"),
                        MatchingPair(left: "green", right: "grass"),
                    ], partialCredit: .none))
        let associate = try read(
            item(
                """
                <responseDeclaration identifier="R" cardinality="multiple" baseType="pair">
                  <correctResponse><value>a b</value><value>c d</value></correctResponse></responseDeclaration>
                """,
                """
                <associateInteraction responseIdentifier="R" maxAssociations="2"><prompt>Pair them.</prompt>
                  <simpleAssociableChoice identifier="a" matchMax="1">salt</simpleAssociableChoice>
                  <simpleAssociableChoice identifier="b" matchMax="1">pepper</simpleAssociableChoice>
                  <simpleAssociableChoice identifier="c" matchMax="1">bread</simpleAssociableChoice>
                  <simpleAssociableChoice identifier="d" matchMax="1">butter</simpleAssociableChoice>
                </associateInteraction>
                """))
        let associated = try #require(Banks.questions(associate).first)
        #expect(
            associated.kind
                == .matching(
                    pairs: [
                        MatchingPair(left: "salt", right: "pepper"),
                        MatchingPair(left: "bread", right: "butter"),
                    ], partialCredit: .none))
        #expect(associated.losses.contains { $0.contains("no direction") })
    }

    @Test func qti3SpellingReadsTheSame() throws {
        let data = Data(
            """
            <qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="q3" title="Three">
              <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
                <qti-correct-response><qti-value>no</qti-value></qti-correct-response></qti-response-declaration>
              <qti-item-body><qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
                <qti-prompt>Is lead lighter than water?</qti-prompt>
                <qti-simple-choice identifier="yes">Yes</qti-simple-choice><qti-simple-choice identifier="no">No</qti-simple-choice>
              </qti-choice-interaction></qti-item-body>
            </qti-assessment-item>
            """.utf8)
        let question = try #require(Banks.questions(try read(data)).first)
        #expect(question.kind == .singleChoice(choices: ["Yes", "No"], correct: 1))
        #expect(question.prompt == "Is lead lighter than water?")
    }

    @Test func anUndeclaredResponseAndAnUnsupportedInteractionAreNamed() throws {
        let undeclared = try read(
            item(
                "",
                """

                <choiceInteraction responseIdentifier="MISSING" maxChoices="1"><simpleChoice identifier="a">A</simpleChoice></choiceInteraction>
                """))
        #expect(
            undeclared.rejections.first?.reason.contains("response \"MISSING\", which no responseDeclaration declares")
                == true)
        #expect(undeclared.rejections.first?.location.line == 6)
        let hotspot = try read(
            item(
                "<responseDeclaration identifier=\"R\" cardinality=\"single\" baseType=\"identifier\"/>",
                "<hotspotInteraction responseIdentifier=\"R\"/>"))
        #expect(hotspot.rejections.first?.reason.contains("hotspotInteraction has no counterpart") == true)
    }

    @Test func aPackageWithATestKeepsItsSectionsAndOrder() throws {
        let exam = Exam(
            id: "pkg", title: "Package", durationSeconds: 60,
            sections: [
                ExamSection(
                    title: "First", questions: [Question(id: "b", prompt: "B?", kind: .trueFalse(answer: true))]),
                ExamSection(
                    title: "Second", questions: [Question(id: "a", prompt: "A?", kind: .essay(wordLimit: nil))]),
            ])
        let bank = try QTIPackageReader().read(data: try QTIWriter.package(for: exam), path: "pkg.zip")
        let questions = Banks.questions(bank)
        #expect(questions.map(\.title) == ["b", "a"])
        #expect(questions.map(\.section) == ["First", "Second"])
        #expect(questions.first?.location.member == "items/item-1.xml")
    }

    private func zip(_ files: [(String, Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, bytes) in files {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate
            ) { position, size in
                bytes.subdata(in: Int(position)..<min(bytes.count, Int(position) + size))
            }
        }
        return try #require(archive.data)
    }

    @Test func aQTI3PackageWithATestAndARubric() throws {
        let manifest = """
            <manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m">
              <resources>
                <resource identifier="t" type="imsqti_test_xmlv3p0" href="tests/test.xml"/>
                <resource identifier="i" type="imsqti_item_xmlv3p0" href="items/sum.xml"/>
              </resources>
            </manifest>
            """
        let test = """
            <qti-assessment-test identifier="t" title="T"><qti-test-part identifier="p" navigation-mode="linear" submission-mode="individual">
              <qti-assessment-section identifier="s" title="Sums" visible="true">
                <qti-rubric-block view="candidate"><p>No calculators.</p></qti-rubric-block>
                <qti-assessment-item-ref identifier="sum" href="../items/sum.xml"/>
              </qti-assessment-section></qti-test-part></qti-assessment-test>
            """
        let item = """
            <qti-assessment-item identifier="sum" title="Sum">
              <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="integer">
                <qti-correct-response><qti-value>7</qti-value></qti-correct-response></qti-response-declaration>
              <qti-item-body><p>3 + 4 = <qti-text-entry-interaction response-identifier="RESPONSE"/></p></qti-item-body>
              <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct"/>
            </qti-assessment-item>
            """
        let data = try zip([
            ("imsmanifest.xml", Data(manifest.utf8)), ("tests/test.xml", Data(test.utf8)),
            ("items/sum.xml", Data(item.utf8)),
        ])
        let bank = try QTIPackageReader().read(data: data, path: "sums.zip")
        #expect(bank.rejections.isEmpty)
        guard case .description(let rubric, let section, _) = bank.entries.first else {
            Issue.record("the rubric block was not read: \(bank.entries)")
            return
        }
        #expect(rubric == "No calculators.")
        #expect(section == "Sums")
        let question = try #require(Banks.questions(bank).first)
        #expect(question.kind == .numeric(answer: .value(7, tolerance: 0), unit: nil))
        #expect(question.prompt == "3 + 4 = _____")
        #expect(question.section == "Sums")
        #expect(question.location.member == "items/sum.xml")
    }

    @Test func aZipWithoutManifestIsRefused() throws {
        let data = try zip([("item.xml", Data("<assessmentItem/>".utf8))])
        #expect(throws: InterchangeError.self) { try QTIPackageReader().read(data: data, path: "p.zip") }
        do { _ = try QTIPackageReader().read(data: data, path: "p.zip") } catch {
            #expect(error.message.contains("no imsmanifest.xml"))
        }
    }

    @Test func zipBombsAreRefusedQuickly() throws {
        let start = ContinuousClock.now
        let limits = ZipLimits(maximumEntries: 10, maximumTotalBytes: 100_000)
        let many = try zip((1...11).map { ("f\($0).txt", Data("x".utf8)) })
        #expect(throws: InterchangeError.self) { try QTIPackageReader(limits: limits).unzip(many, path: "many.zip") }
        var big = try zip([("imsmanifest.xml", Data(count: 1_000_000))])
        do {
            _ = try QTIPackageReader(limits: limits).unzip(big, path: "big.zip")
            Issue.record("a package larger than the limit was accepted")
        } catch {
            #expect(error.message.contains("zip bomb"))
        }
        // The same package with its headers claiming 10 bytes: the bytes inflated are counted too.
        Self.claimSmallSizes(in: &big)
        do {
            _ = try QTIPackageReader(limits: limits).unzip(big, path: "big.zip")
            Issue.record("a package that lies about its size was accepted")
        } catch {
            #expect(error.message.contains("zip bomb"))
            #expect(error.location.member == "imsmanifest.xml")
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    /// Rewrites the uncompressed size in every local and central header to 10.
    private static func claimSmallSizes(in data: inout Data) {
        let bytes = [UInt8](data)
        for index in 0..<(bytes.count - 4) {
            let signature =
                UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(
                    bytes[index + 3]) << 24
            let offset = signature == 0x0403_4B50 ? 22 : signature == 0x0201_4B50 ? 24 : nil
            guard let offset else { continue }
            let position = data.startIndex + index + offset
            data.replaceSubrange(position..<(position + 4), with: [10, 0, 0, 0])
        }
    }
}
