import AssessExam
import Testing

@Suite struct ResponseTests {
    static let every: [Response] = [
        .singleChoice(2), .multipleResponse([3, 0, 1]), .trueFalse(false), .shortText("syzygy"),
        .numeric("1,5"), .essay("Olá, 世界 \"quoted\"\nnew line"), .matching([1: 0, 0: 2]), .ordering([2, 0, 1]),
    ]

    @Test(arguments: every)
    func jsonReadsBackToTheSameResponse(response: Response) {
        #expect(Response(json: response.json) == response)
    }

    @Test func jsonIsStableAndSorted() {
        #expect(Response.multipleResponse([3, 0, 1]).json == #"{"choices":[0,1,3],"type":"multiple-response"}"#)
        #expect(Response.matching([1: 0, 0: 2]).json == #"{"pairs":[[0,2],[1,0]],"type":"matching"}"#)
        #expect(Response.singleChoice(2).json == #"{"choice":2,"type":"single-choice"}"#)
        #expect(Response.numeric("1,5").json == #"{"text":"1,5","type":"numeric"}"#)
    }

    @Test func textThatIsNotAResponseReadsAsNil() {
        #expect(Response(json: "not json") == nil)
        #expect(Response(json: #"{"type":"drawing","text":"x"}"#) == nil)
        #expect(Response(json: #"{"type":"matching","pairs":[[1]]}"#) == nil)
    }
}
