import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessInterchange

/// A Moodle XML question text's picture, held base64 in its `<file>`, imported as the
/// question's `image:` (its bytes to be written beside the exam), and a hostile or
/// damaged one refused with the question, as `validate` refuses it.
@Suite struct ImportedPictureTests {
    private func bank(picture: Data, alt: String = "a map of the river's mouth") throws -> ParsedBank {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <quiz>
            <question type="truefalse">
              <name><text>Delta</text></name>
              <questiontext format="html">
                <text><![CDATA[<p>Is this a delta?</p><p><img src="@@PLUGINFILE@@/mouth%20map.png" alt="\(alt)"></p>]]></text>
                <file name="mouth map.png" path="/" encoding="base64">\(picture.base64EncodedString())</file>
              </questiontext>
              <answer fraction="100"><text>true</text></answer>
              <answer fraction="0"><text>false</text></answer>
            </question>
            </quiz>
            """
        return try MoodleXMLReader.read(data: Data(xml.utf8), file: "bank.xml")
    }

    @Test func theQuestionTextsPictureBecomesTheQuestionsImage() throws {
        let picture = TestPictures.disc()
        let outcome = Banks.importer.assemble([try bank(picture: picture)])
        let exam = try #require(outcome.exam)
        let question = try #require(exam.questions.first)
        #expect(question.image == ExamImage(file: "imported-pictures/Delta.png", alt: "a map of the river's mouth"))
        #expect(outcome.pictures == ["imported-pictures/Delta.png": picture])
        #expect(
            outcome.yaml?.contains(#"image: {file: "imported-pictures/Delta.png", alt: "a map of the river's mouth"}"#)
                == true)
        #expect(question.prompt == "Is this a delta?")
        #expect(!outcome.notes.contains { $0.contains("not carried") || $0.contains("not imported") })
    }

    @Test(arguments: [
        ("huge", TestPictures.hugeHeader(width: 30_000, height: 30_000), "30,000 × 30,000 pixels"),
        ("bomb", TestPictures.bomb(width: 16_000, height: 16_000), "16,000 × 16,000 pixels"),
        ("damaged", TestPictures.damaged(TestPictures.disc()), "the PNG file is damaged ("),
    ])
    func aHostilePictureRefusesItsQuestion(name: String, picture: Data, message: String) throws {
        let bank = try bank(picture: picture)
        #expect(Banks.questions(bank).isEmpty, "\(name)")
        let rejection = try #require(bank.rejections.first, "\(name)")
        #expect(rejection.reason.hasPrefix("picture \"mouth map.png\": "), "\(name): \(rejection)")
        #expect(rejection.reason.contains(message), "\(name): \(rejection)")
        #expect(rejection.location.file == "bank.xml")
    }

    @Test func aPictureWithoutAltTextIsNamedForItsFileAndNoted() throws {
        let question = try #require(Banks.questions(try bank(picture: TestPictures.disc(), alt: "")).first)
        #expect(question.picture?.alt == "a picture (mouth map.png)")
        #expect(question.losses.contains("the picture mouth map.png has no alt text; write one in the exam file"))
    }

    @Test func aQTIPackageCarriesThePromptsPicturesThereAndBack() throws {
        let exam = try ExamLoader.load(fileAt: Banks.exams.appendingPathComponent("pictures.yaml").path)
        let package = try QTIWriter.package(for: exam)
        let bank = try QTIPackageReader().read(data: package, path: "pictures.zip")
        #expect(bank.rejections.isEmpty)
        let outcome = Banks.importer.assemble([bank])
        let imported = try #require(outcome.exam)
        let chart = try #require(exam.pictures["pictures/bar-chart.png"])
        #expect(
            imported.questions[0].image
                == ExamImage(
                    file: "imported-pictures/tallest-bar.png", alt: exam.questions[0].image?.alt ?? "", width: 24))
        #expect(imported.questions[0].prompt == exam.questions[0].prompt)
        #expect(outcome.pictures["imported-pictures/tallest-bar.png"] == chart)
        #expect(outcome.pictures["imported-pictures/triangle-kind.png"] == exam.pictures["pictures/triangle.png"])
        // The last question's pictures are its choices', not its prompt's.
        #expect(imported.questions[3].image == nil)
        #expect(imported.questions[3].choiceImages.count == 2)
        #expect(
            !outcome.notes.contains {
                !$0.hasPrefix("shuffle:") && $0.contains("tallest-bar") && $0.contains("picture")
            })
    }

    @Test func aQTIPackageCarriesTheChoicesPicturesInTheirChoices() throws {
        let exam = try ExamLoader.load(fileAt: Banks.exams.appendingPathComponent("pictures.yaml").path)
        let files = QTIWriter.files(for: exam)
        let item = try #require(files.first { $0.path == "items/item-4.xml" }?.text)
        #expect(
            item.contains(
                #"<simpleChoice identifier="c1">Picture 1 <img src="pictures/square.png" alt="a green square"/></simpleChoice>"#
            ))
        #expect(
            item.contains(
                #"<simpleChoice identifier="c2">Picture 2 <img src="pictures/circle.png" alt="a red circle"/></simpleChoice>"#
            ))
        #expect(!item.contains("<p><img"), "the question's prompt has no picture")
        let manifest = try #require(files.first?.text)
        #expect(
            manifest.contains(
                #"href="items/item-4.xml"><file href="items/item-4.xml"/><file href="items/pictures/circle.png"/><file href="items/pictures/square.png"/></resource>"#
            ))
        let pictures = Dictionary(uniqueKeysWithValues: QTIWriter.pictures(for: exam).map { ($0.path, $0.data) })
        #expect(pictures["items/pictures/square.png"] == exam.pictures["pictures/square.png"])
        #expect(pictures["items/pictures/circle.png"] == exam.pictures["pictures/circle.png"])
        #expect(pictures.count == 4, "each file once: the chart is shown by two questions")

        // Read back, a question with a picture in its prompt and in its choices keeps them all.
        var both = exam
        both.sections[0].questions[3].image = exam.questions[0].image
        let bank = try QTIPackageReader().read(data: try QTIWriter.package(for: both), path: "pictures.zip")
        let outcome = Banks.importer.assemble([bank])
        let imported = try #require(outcome.exam)
        #expect(imported.questions[3].image?.alt == exam.questions[0].image?.alt)
        if case .singleChoice(let choices, _) = imported.questions[3].kind {
            #expect(choices == ["Picture 1", "Picture 2"])
            #expect(imported.questions[3].choiceImages.mapValues(\.alt) == [0: "a green square", 1: "a red circle"])
        } else {
            Issue.record("the last question is not single choice: \(imported.questions[3].kind)")
        }
    }

    @Test func aHostilePictureInAQTIPackageRefusesItsItem() throws {
        var exam = try ExamLoader.load(fileAt: Banks.exams.appendingPathComponent("pictures.yaml").path)
        exam.pictures["pictures/triangle.png"] = TestPictures.hugeHeader(width: 30_000, height: 30_000)
        let bank = try QTIPackageReader().read(data: try QTIWriter.package(for: exam), path: "pictures.zip")
        #expect(Banks.questions(bank).map(\.title) == ["tallest-bar", "bar-total", "round-shape"])
        let rejection = try #require(bank.rejections.first)
        #expect(rejection.location.member == "items/pictures/triangle.png")
        #expect(
            rejection.reason
                == "picture \"items/pictures/triangle.png\" of items/item-3.xml: the picture is 30,000 × 30,000 pixels; a picture may be at most 2048 × 2048: scale it down"
        )
    }
}
