import AssessCore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// The seat's poller of the proctor's commands on its own: it renews the lease only while
/// the sitting does not, and otherwise wakes for news alone.
@Suite("The seat's command poller")
struct CommandPollerTests {
    private static let message = SeatCommand(
        id: 4, action: .message, message: "Ten minutes left", reason: "time",
        issuedBy: "pat")

    /// Waits up to two seconds for `condition`.
    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }

    @Test func itRenewsTheLeaseUntilTheSittingDoesAndThenOnlyHearsNews() {
        let link = InMemoryCommandLink()
        let inbox = ProgramInbox<FlowEvent>()
        let poller = CommandPoller(link: link, inbox: inbox, keepAliveEvery: .milliseconds(40))
        defer { poller.stop() }
        // At the welcome screen: renewed every 40 ms.
        #expect(eventually { link.keepAlives >= 3 })

        // An attempt runs: its progress saves renew the lease, and the poller sleeps.
        poller.setSittingKeepsLease(true)
        Thread.sleep(forTimeInterval: 0.1)
        let keepAlives = link.keepAlives
        let reads = link.reads
        Thread.sleep(forTimeInterval: 0.4)
        #expect(link.keepAlives == keepAlives)
        #expect(link.reads == reads)

        // News still wakes it, and the command reaches the sitting.
        link.issue(Self.message)
        #expect(eventually { inbox.takeAll().contains { $0 == .proctorCommand(Self.message) } })

        // After the submission (the receipt) it renews the lease again.
        poller.setSittingKeepsLease(false)
        #expect(eventually { link.keepAlives >= keepAlives + 3 })
    }
}
