import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// `export ID --format qti` of an exam published with pictures, on both stores: the scoring
/// key keeps only the pictures' digests, so the package takes their bytes from the delivery
/// form published with it; importing the package gives every picture back, byte for byte.
/// On SQLite, a form sealed under its start code gives its pictures only with that code.
@Suite("Exporting a published exam's pictures", .ownThread)
struct PublishedPicturesExportTests {
    static let exams = TerminalUnderTest.packageRoot + "/Exams"

    /// Each picture an import of the sample's package writes, and the sample's file it must equal.
    static let expected = [
        "imported-pictures/tallest-bar.png": "pictures/bar-chart.png",
        "imported-pictures/triangle-kind.png": "pictures/triangle.png",
        "imported-pictures/round-shape.choice-1.png": "pictures/square.png",
        "imported-pictures/round-shape.choice-2.png": "pictures/circle.png",
    ]

    /// Exports `pictures-quiz` as a QTI package with `more` arguments, imports the package,
    /// and checks every picture came through; returns the export's output.
    @discardableResult
    private func exportAndImport(_ proctor: TerminalUnderTest, folder: TemporaryDirectory, more: [String] = [])
        throws -> String
    {
        let package = folder.file("exported.zip")
        let exported = try proctor.assessCommand(
            ["export", "pictures-quiz", "--format", "qti", "-o", package] + more,
            timeoutSeconds: OneMachineSealTests.scryptSeconds)
        #expect(exported.status == 0, "\(exported.output)")
        let imported = try proctor.assessCommand(["import", package, "-o", folder.file("imported.yaml")])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("4 questions"), "\(imported.output)")
        for (written, original) in Self.expected {
            let bytes = FileManager.default.contents(atPath: folder.file(written))
            #expect(bytes != nil, "\(written) was not written: \(imported.output)")
            #expect(bytes == FileManager.default.contents(atPath: Self.exams + "/" + original), "\(written)")
        }
        let validated = try proctor.assessCommand(["validate", folder.file("imported.yaml")])
        #expect(validated.status == 0, "\(validated.output)")
        return exported.output
    }

    @Test func onSQLite() throws {
        let setup = try ProctorTests.Setup()
        let folder = try TemporaryDirectory("published-pictures")
        defer { folder.remove() }
        let proctor = try TerminalUnderTest("--help", dataDirectory: setup.scratch.file("data"), policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", Self.exams + "/pictures.yaml", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        try exportAndImport(proctor, folder: folder)
    }

    @Test func onSQLiteSealedUnderItsStartCode() throws {
        let setup = try ProctorTests.Setup()
        let folder = try TemporaryDirectory("published-pictures-sealed")
        defer { folder.remove() }
        let proctor = try TerminalUnderTest("--help", dataDirectory: setup.scratch.file("data"), policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", Self.exams + "/pictures.yaml", "--start-code", "--password-stdin"],
            input: ProctorTests.password + "\n", timeoutSeconds: OneMachineSealTests.scryptSeconds)
        #expect(published.status == 0, "\(published.output)")
        let code = try #require(
            OneMachineSealTests.startCode(printedIn: published.output))

        let refused = try proctor.assessCommand(
            ["export", "pictures-quiz", "--format", "qti", "-o", folder.file("refused.zip")])
        #expect(refused.status == 1)
        #expect(
            refused.output.hasSuffix(
                "assess: the pictures of pictures-quiz are in its delivery form, which is sealed under the sitting's start code: give the code with --start-code CODE, or export the exam file instead\n"
            ), "\(refused.output)")
        let wrong = try proctor.assessCommand(
            ["export", "pictures-quiz", "--format", "qti", "-o", folder.file("wrong.zip"), "--start-code", "ZZZZZZZZ"],
            timeoutSeconds: OneMachineSealTests.scryptSeconds)
        #expect(wrong.status == 1)
        #expect(
            wrong.output.hasSuffix(
                "assess: the start code given does not open the delivery form of pictures-quiz; give the code it was published with\n"
            ), "\(wrong.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("refused.zip")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("wrong.zip")))

        try exportAndImport(proctor, folder: folder, more: ["--start-code", String(code)])
    }

    @Test func onPostgreSQL() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup()
        let folder = try TemporaryDirectory("published-pictures-lab")
        defer { folder.remove() }
        let pat = lab.name + "_pat"
        defer { try? lab.psql("DROP ROLE IF EXISTS \(pat)") }
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        let initialised = try admin.assessCommand(["store", "init", "--seat", lab.name + "_ana:ana", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")
        let proctor = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        let published = try proctor.assessCommand(
            ["publish", Self.exams + "/pictures.yaml", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        try exportAndImport(proctor, folder: folder)
    }
}
