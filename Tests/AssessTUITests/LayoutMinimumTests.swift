import AssessCore
import AssessTUI
import Testing

/// The smallest terminal a policy may ask for is the one the screens are laid out for,
/// so that no policy lets an exam start on a terminal that shows only a notice.
@Suite struct LayoutMinimumTests {
    @Test func thePolicysSmallestMinimumIsTheScreensMinimum() {
        #expect(Policy.smallestLayout == ExamScreens.minimumSize)
        #expect(Policy.smallestLayout == ExamFlow.minimumSize)
        #expect(Policy().minimumTerminal == ExamScreens.minimumSize)
    }
}
