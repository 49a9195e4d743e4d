import Foundation
import Testing

@testable import AssessStore

/// A server that takes the connection and never answers (a hung host, a half-dead
/// network) is given up after libpq's `connect_timeout`, not waited for for ever: a seat
/// opening its store, or reconnecting after an outage, must not hang.
@Suite struct ConnectTimeoutTests {
    /// A TCP socket on loopback that the kernel accepts connections on and no one answers.
    final class SilentListener {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.descriptor = descriptor
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(descriptor, generic, length) == 0 && listen(descriptor, 8) == 0
                        && getsockname(descriptor, generic, &length) == 0
                }
            }
            guard descriptor >= 0, bound else {
                close(descriptor)
                throw SocketError(errno: errno)
            }
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }
    }

    struct SocketError: Error { let errno: Int32 }

    @Test func aServerThatNeverAnswersIsGivenUpWithinSeconds() throws {
        let listener = try SilentListener()
        let started = Date()
        #expect {
            _ = try PostgresStore(url: "postgresql://127.0.0.1:\(listener.port)/assess?user=seat&sslmode=disable")
        } throws: { error in
            guard case StoreProblem.noServer(let detail) = error else { return false }
            return detail.contains("timeout")
        }
        let waited = Date().timeIntervalSince(started)
        let timeout = try #require(
            PostgresConnection.defaults.first { $0.keyword == "connect_timeout" }.flatMap { Double($0.value) })
        #expect(waited >= timeout - 0.5 && waited < timeout + 3, "gave up after \(waited) s")
    }

    @Test func theURLsOwnConnectTimeoutWins() throws {
        let listener = try SilentListener()
        let started = Date()
        #expect(throws: StoreProblem.self) {
            _ = try PostgresStore(
                url: "postgresql://127.0.0.1:\(listener.port)/assess?user=seat&sslmode=disable&connect_timeout=2")
        }
        #expect(Date().timeIntervalSince(started) < 4)
    }
}
