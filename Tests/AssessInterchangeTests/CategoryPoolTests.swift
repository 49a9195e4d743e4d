import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// A teacher's bank sorted into categories imports as one section per category, so that a
/// line `select: N` under a section's title makes it a pool.
@Suite struct CategoryPoolTests {
    /// Two categories of five rivers and three mountains, written for these tests.
    static let gift = """
        // A geography bank in two categories.
        $CATEGORY: $course$/top/Geography/Rivers

        ::nile::Which continent does the Nile flow through? {=Africa ~Asia ~Europe}

        ::danube::The Danube flows into which sea? {=Black Sea ~North Sea ~Baltic Sea}

        ::amazon::The Amazon is in South America. {T}

        ::volga::Which country is the Volga in? {=Russia =russia}

        ::thames::How many kilometres long is the Thames, roughly? {#346:10}

        $CATEGORY: $course$/top/Geography/Mountains

        ::everest::Everest is the highest mountain above sea level. {T}

        ::kilimanjaro::Which country is Kilimanjaro in? {=Tanzania ~Kenya ~Uganda}

        ::mont-blanc::Mont Blanc lies on the border of France and which other country? {=Italy ~Spain ~Austria}
        """

    /// The same idea in Moodle XML: two categories, two questions each.
    static let moodle = """
        <?xml version="1.0" encoding="UTF-8"?>
        <quiz>
          <question type="category"><category><text>$course$/top/Lakes</text></category></question>
          <question type="truefalse">
            <name><text>baikal</text></name>
            <questiontext format="plain_text"><text>Baikal is the deepest lake on Earth.</text></questiontext>
            <answer fraction="100"><text>true</text></answer>
            <answer fraction="0"><text>false</text></answer>
          </question>
          <question type="shortanswer">
            <name><text>titicaca</text></name>
            <questiontext format="plain_text"><text>Lake Titicaca lies on the border of Peru and which country?</text></questiontext>
            <answer fraction="100"><text>Bolivia</text></answer>
          </question>
          <question type="category"><category><text>$course$/top/Deserts</text></category></question>
          <question type="truefalse">
            <name><text>sahara</text></name>
            <questiontext format="plain_text"><text>The Sahara is in Africa.</text></questiontext>
            <answer fraction="100"><text>true</text></answer>
            <answer fraction="0"><text>false</text></answer>
          </question>
          <question type="shortanswer">
            <name><text>gobi</text></name>
            <questiontext format="plain_text"><text>The Gobi lies in Mongolia and which other country?</text></questiontext>
            <answer fraction="100"><text>China</text></answer>
          </question>
        </quiz>
        """

    /// The exam file imported from `bank`.
    private func imported(_ bank: ParsedBank) throws -> String {
        try #require(Banks.importer.assemble([bank]).yaml)
    }

    /// `yaml` with one line, `select: N`, added under the section titled `title`.
    private func selecting(_ count: Int, in title: String, of yaml: String) throws -> String {
        let line = "  - title: \"\(title)\"\n"
        #expect(yaml.contains(line), "\(yaml)")
        return yaml.replacingOccurrences(of: line, with: line + "    select: \(count)\n")
    }

    @Test func giftCategoriesBecomeSectionsAndOneLineMakesAPool() throws {
        let yaml = try imported(try GIFTReader.read(text: Self.gift, file: "geography.gift"))
        let exam = try ExamLoader.load(text: yaml, path: "imported.yaml")
        #expect(exam.sections.map(\.title) == ["Geography / Rivers", "Geography / Mountains"])
        #expect(
            exam.sections.map { $0.questions.map(\.id) } == [
                ["nile", "danube", "amazon", "volga", "thames"], ["everest", "kilimanjaro", "mont-blanc"],
            ])

        let pool = try ExamLoader.load(
            text: try selecting(2, in: "Geography / Rivers", of: yaml), path: "imported.yaml")
        #expect(pool.sections[0].select == 2 && pool.sections[1].select == nil)
        let draws = ["ana", "ben", "cara", "dev"].map { candidate in
            ExamPresentation(exam: pool, candidate: candidate).questions.map(\.question.id)
        }
        for shown in draws {
            #expect(shown.count == 5 && Set(shown.prefix(2)).isSubset(of: Set(exam.sections[0].questions.map(\.id))))
            #expect(Array(shown.suffix(3)) == ["everest", "kilimanjaro", "mont-blanc"])
        }
        #expect(Set(draws).count > 1)
        // The native writer keeps the pool.
        #expect(try ExamLoader.load(text: NativeExamWriter.yaml(for: pool), path: "again.yaml") == pool)
    }

    @Test func moodleCategoriesBecomeSectionsAndOneLineMakesAPool() throws {
        let yaml = try imported(try MoodleXMLReader.read(data: Data(Self.moodle.utf8), file: "lakes.xml"))
        let exam = try ExamLoader.load(text: yaml, path: "imported.yaml")
        #expect(exam.sections.map(\.title) == ["Lakes", "Deserts"])
        #expect(exam.sections.map { $0.questions.map(\.id) } == [["baikal", "titicaca"], ["sahara", "gobi"]])
        let pool = try ExamLoader.load(text: try selecting(1, in: "Deserts", of: yaml), path: "imported.yaml")
        #expect(pool.sections[1].select == 1)
        #expect(ExamPresentation(exam: pool, candidate: "ana").questions.count == 3)
        #expect(pool.questionsSat == 3)
    }

    @Test func aPoolTravelsInQTIAndGIFTSaysItCannotCarryIt() throws {
        let yaml = try imported(try GIFTReader.read(text: Self.gift, file: "geography.gift"))
        let pool = try ExamLoader.load(
            text: try selecting(2, in: "Geography / Rivers", of: yaml), path: "imported.yaml")
        let package = try QTIWriter.package(for: pool)
        let back = try #require(
            Banks.importer.assemble([try Banks.importer.read(data: package, path: "pool.zip", format: nil)]).exam)
        #expect(back.sections.map(\.select) == [2, nil])
        let (_, losses) = GIFTWriter.write(pool)
        #expect(losses.contains { $0.hasPrefix("section \"Geography / Rivers\": the pool (select: 2) is not kept") })
    }
}
