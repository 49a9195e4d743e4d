import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// Marking on a lab's PostgreSQL store, with the real binary in tmux: a seat sits an essay,
/// a proctor's role marks it, and a seat's role cannot. Needs `.ci/with-postgres`.
@Suite("Marking on a lab's PostgreSQL store", .ownThread)
struct LabMarkingTests {
    @Test func aProctorsRoleMarksASeatsEssayAndASeatsRoleCannot() throws {
        let lab = try LabStoreTests.LabDatabase()
        defer { try? lab.psql("DROP ROLE IF EXISTS \(lab.name)_pat") }
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam(
            "essay.yaml",
            """
            id: one-essay
            title: One essay
            duration: 10m
            questions:
              - id: story
                type: essay
                prompt: Tell a short story.
                points: 3
            """)
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        #expect(
            try admin.assessCommand(["store", "init", "--seat", lab.name + "_ana:ana", "--proctor", lab.name + "_pat"])
                .status == 0)
        let seat = lab.url(user: lab.name + "_ana")
        let proctor = lab.url(user: lab.name + "_pat")

        let sitting = try TerminalUnderTest(
            "take \(exam) --candidate ana", policy: setup.policy, environment: ["ASSESS_STORE": seat])
        try sitting.acceptTheLock()
        try sitting.waitFor("Tell a short story.")
        try sitting.type("The lab was quiet.")
        try sitting.submitAndLeaveThroughTheReceipt()
        #expect(try sitting.exitStatus() == 0)

        // The seat's role gets as far as the password, then the server refuses it the marks.
        let refused = try TerminalUnderTest("mark \(exam)", policy: setup.policy, environment: ["ASSESS_STORE": seat])
        try refused.answer("Proctor password:", with: ProctorTests.password)
        #expect(try refused.exitStatus() == 1)
        #expect(try refused.screen().contains("permission denied for table marks"))

        let marking = try TerminalUnderTest(
            "mark \(exam)", policy: setup.policy, environment: ["ASSESS_STORE": proctor])
        try marking.answer("Proctor password:", with: ProctorTests.password)
        try marking.waitFor("The lab was quiet.")
        try marking.mark("2", "Short but clear.")
        try marking.press("Escape")
        #expect(try marking.exitStatus() == 0)

        let room = try PostgresStore(url: lab.url())
        let attempt = try #require(try room.attempts(candidate: "ana").first)
        let marks = try room.markHistory(for: attempt.id)
        #expect(marks.map(\.points) == [2] && marks.map(\.comment) == ["Short but clear."])
        #expect(marks.map(\.marker) == [lab.name + "_pat"])
        let results = try marking.assessCommand(["results", exam, "--json"]).output
        #expect(results.contains("\"fullyMarked\" : true") && results.contains("\"markedBy\" : \"\(lab.name)_pat\""))
    }
}
