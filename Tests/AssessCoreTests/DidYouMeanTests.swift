import AssessCore
import Testing

@Suite("Did you mean")
struct DidYouMeanTests {
    @Test func suggestsTheNearestCandidateForATypo() {
        #expect(DidYouMean.closest(to: "tittle", in: ["title", "id", "duration"]) == "title")
    }

    @Test func suggestsNothingWhenNothingIsClose() {
        #expect(DidYouMean.closest(to: "banana", in: ["title", "id"]) == nil)
    }

    @Test func countsInsertionsDeletionsAndSubstitutions() {
        #expect(DidYouMean.editDistance("kitten", "sitting") == 3)
        #expect(DidYouMean.editDistance("", "abc") == 3)
        #expect(DidYouMean.editDistance("abc", "abc") == 0)
    }
}
