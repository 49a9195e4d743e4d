import AssessCore
import Testing

@Suite("Counts in English")
struct CountedTests {
    @Test func oneTakesTheSingularAndEveryOtherCountThePlural() {
        #expect(Counted.english(1, "seat") == "1 seat")
        #expect(Counted.english(0, "seat") == "0 seats")
        #expect(Counted.english(3, "question") == "3 questions")
        #expect(Counted.english(2, "match", plural: "matches") == "2 matches")
        #expect(Counted.english(1, "match", plural: "matches") == "1 match")
    }
}
