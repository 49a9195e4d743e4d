import AssessCore
import Foundation
import Testing

@testable import AssessStore

/// A sitting's roster and its common start, the same for every backend.
@Suite struct RosterStoreTests {
    private func roster(_ opened: StoreUnderTest) throws -> (any RosterStore) {
        try #require(opened.store.roster)
    }

    @Test(arguments: StoreBackend.allCases)
    func theRosterListsWhoIsExpectedWithTheirAccommodations(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try roster(opened)
        #expect(try store.rosterStanding(exam: "algebra", candidate: "ana") == .noRoster)
        try store.addToRoster(
            exam: "algebra",
            entries: [
                RosterEntry(candidate: "ben", name: "Ben Okafor"),
                RosterEntry(candidate: "ana", name: "Ana Lima", settings: #"{"extraTime":1}"#),
            ])
        try store.addToRoster(exam: "physics", entries: [RosterEntry(candidate: "cy")])
        #expect(try store.roster(exam: "algebra").map(\.candidate) == ["ana", "ben"])
        #expect(
            try store.rosterStanding(exam: "algebra", candidate: "ana")
                == .listed(RosterEntry(candidate: "ana", name: "Ana Lima", settings: #"{"extraTime":1}"#)))
        #expect(try store.rosterStanding(exam: "algebra", candidate: "cy") == .notListed)
        #expect(try store.rosterStanding(exam: "geography", candidate: "cy") == .noRoster)

        // Adding a candidate again replaces the entry; removing says who was there.
        try store.addToRoster(exam: "algebra", entries: [RosterEntry(candidate: "ben", name: "Ben O.")])
        #expect(try store.roster(exam: "algebra").map(\.name) == ["Ana Lima", "Ben O."])
        #expect(try store.removeFromRoster(exam: "algebra", candidates: ["ben", "zed"]) == ["ben"])
        #expect(
            try store.rosters(exams: nil).mapValues { $0.map(\.candidate) } == ["algebra": ["ana"], "physics": ["cy"]])
        #expect(try store.rosters(exams: ["physics"]).keys.sorted() == ["physics"])
    }

    @Test(arguments: StoreBackend.allCases)
    func aSittingWaitsUntilTheProctorOpensIt(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try roster(opened)
        let now = Date()
        try store.addToRoster(exam: "algebra", entries: [RosterEntry(candidate: "ana")])
        #expect(try store.secondsSinceOpening(exam: "algebra", at: now) == nil)
        #expect(
            try store.sittingStarts(exams: nil, at: now)
                == [
                    SittingStart(
                        exam: "algebra", rosterSize: 1, hasCode: false, secondsSinceOpening: nil, openedBy: nil)
                ])
        #expect(try !store.startCodeMatches(exam: "algebra", code: "ABC234"))

        try store.setStartCode(exam: "algebra", code: "abc-234", by: "pat", at: now)
        #expect(try store.startCodeMatches(exam: "algebra", code: "ABC234"))
        #expect(try store.startCodeMatches(exam: "algebra", code: "abc 234"))
        #expect(try !store.startCodeMatches(exam: "algebra", code: "ABC235"))
        #expect(try !store.startCodeMatches(exam: "physics", code: "ABC234"))
        // A new code replaces the old one.
        try store.setStartCode(exam: "algebra", code: "XYZ789", by: "pat", at: now)
        #expect(try !store.startCodeMatches(exam: "algebra", code: "ABC234"))
        #expect(try store.sittingStarts(exams: ["algebra"], at: now).first?.hasCode == true)

        try store.openSitting(exam: "algebra", by: "pat", at: now)
        let age = try #require(try store.secondsSinceOpening(exam: "algebra", at: now.addingTimeInterval(2)))
        #expect(age >= 0 && age < 5)
        // Opening again keeps the first opening.
        Thread.sleep(forTimeInterval: 0.05)
        try store.openSitting(exam: "algebra", by: "pat", at: now.addingTimeInterval(60))
        let again = try #require(try store.secondsSinceOpening(exam: "algebra", at: now.addingTimeInterval(2)))
        #expect(again >= age)
        #expect(try store.sittingStarts(exams: nil, at: now).first?.openedBy != nil)
        // The next sitting of the same exam waits again, with no code.
        #expect(try store.resetStart(exam: "algebra"))
        #expect(try store.secondsSinceOpening(exam: "algebra", at: now) == nil)
        #expect(try !store.startCodeMatches(exam: "algebra", code: "XYZ789"))
        #expect(try !store.resetStart(exam: "algebra"))
    }
}
