import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// Results reports use the identifiers of the exported items, and carry the marks.
@Suite struct QTIResultsWriterTests {
    @Test func everyResponseTypeBecomesTheExportedItemsIdentifiers() throws {
        let exam = RoundTripTests.everyType
        let responses: [String: Response] = [
            "single": .singleChoice(1), "multi": .multipleResponse([2, 0]), "tf": .trueFalse(false),
            "short": .shortText("Ada"), "value": .numeric("-2,5 km/h"), "essay": .essay("Text & more"),
            "match": .matching([1: 0, 0: 1]), "order": .ordering([2, 0, 1]),
        ]
        let score = Scorer.total(exam, responses: responses)
        let sitting = QTIResultsWriter.Sitting(
            candidate: "c-1", attemptID: "a-1", datestamp: Date(timeIntervalSince1970: 0),
            responses: responses, score: score)
        let document = QTIResultsWriter.document(exam: exam, sitting: sitting)
        let root = try XMLTree.parse(Data(document.utf8), location: SourceLocation(file: "r.xml", line: 1))
        var values: [String: [String]] = [:]
        var scores: [String: String] = [:]
        for item in root.children("itemResult") {
            let id = item.attributes["identifier"] ?? ""
            values[id] = item.descendants("candidateResponse").first?.children("value").map(\.text)
            scores[id] = item.children("outcomeVariable").first { $0.attributes["identifier"] == "SCORE" }?.text
        }
        #expect(values["single"] == ["c2"])
        #expect(values["multi"] == ["c1", "c3"])
        #expect(values["tf"] == ["false"])
        #expect(values["value"] == ["-2.5"])
        #expect(values["essay"] == ["Text & more"])
        #expect(values["match"] == ["l1 r2", "l2 r1"])
        #expect(values["order"] == ["c3", "c1", "c2"])
        #expect(values["range"] == [])
        #expect(scores["single"] == "2")
        #expect(scores["value"] == "0.5")
        #expect(scores["essay"] == nil)
        #expect(root.child("testResult")?.child("outcomeVariable")?.text == NativeExamWriter.number(score.awarded))

        // The identifiers are the ones the exported item gives the same choices.
        let item = QTIWriter.item(try #require(exam.question(withID: "single")))
        #expect(item.contains("<simpleChoice identifier=\"c2\">#z</simpleChoice>"))
    }
}
