import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// docs/lab.md's "A lab across machines", tried on loopback: a server that takes only TLS
/// connections with passwords over TCP, a certificate from a certificate authority made
/// for the test, a seat role whose password is in a `.pgpass` file, and a URL with
/// `sslmode=verify-full`. The seat connects; a URL naming the server by a name its
/// certificate does not carry, or trusting another authority, is refused.
@Suite("A lab across machines: TLS and .pgpass", .ownThread)
struct LabAcrossMachinesTests {
    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard found else { throw TestFailure("no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Makes a certificate authority named `name` in `folder`: `name.pem`, `name.key`.
    static func authority(_ name: String, in server: ServerOutageTests.PrivateServer) throws {
        try server.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", server.folder.file("\(name).key"), "-out", server.folder.file("\(name).pem"),
                "-days", "2", "-subj", "/CN=\(name)",
            ])
    }

    @Test func aSeatConnectsOverVerifiedTLSWithItsPasswordFromPgpassAndNothingElseDoes() throws {
        let port = try Self.freePort()
        let server = try ServerOutageTests.PrivateServer { server in
            let file = server.folder.file
            try Self.authority("school-ca", in: server)
            try Self.authority("other-ca", in: server)
            // The server's certificate, for the name `localhost` only, signed by the school's authority.
            try "subjectAltName=DNS:localhost\n".write(toFile: file("san.ext"), atomically: true, encoding: .utf8)
            try server.run(
                "/usr/bin/openssl",
                [
                    "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=localhost",
                ])
            try server.run(
                "/usr/bin/openssl",
                [
                    "x509", "-req", "-in", file("server.csr"), "-CA", file("school-ca.pem"),
                    "-CAkey", file("school-ca.key"), "-CAcreateserial", "-out", file("server.pem"),
                    "-days", "2", "-extfile", file("san.ext"),
                ])
            try server.run("/bin/chmod", ["0600", file("server.key")])
            // TCP takes TLS with a password only; the socket stays the admin's.
            let rules = "hostssl assess all 127.0.0.1/32 scram-sha-256\nhostssl assess all ::1/128 scram-sha-256\n"
            let hba = try String(contentsOfFile: file("data/pg_hba.conf"), encoding: .utf8)
                .split(separator: "\n").filter { !$0.hasPrefix("host") }.joined(separator: "\n")
            try (hba + "\n" + rules).write(toFile: file("data/pg_hba.conf"), atomically: false, encoding: .utf8)
            server.port = port
            server.options =
                "-c listen_addresses=127.0.0.1 -c ssl=on -c ssl_cert_file=\(file("server.pem")) "
                + "-c ssl_key_file=\(file("server.key")) -c password_encryption=scram-sha-256"
        }
        let admin = server.url()
        let initialized = try TerminalUnderTest("store init --seat 'lab07:*'", environment: ["ASSESS_STORE": admin])
        #expect(try initialized.exitStatus() == 0)
        try PostgresConnectionForTests.psql(admin, "ALTER ROLE lab07 PASSWORD 'correct horse battery staple'")

        let scratch = try TemporaryDirectory("assess-e2e-pgpass")
        let pgpass = scratch.file("pgpass")
        try "localhost:\(port):assess:lab07:correct horse battery staple\n".write(
            toFile: pgpass, atomically: true, encoding: .utf8)
        chmod(pgpass, 0o600)
        func check(host: String, authority: String, passwords: String? = pgpass) throws -> (
            output: String, status: Int32
        ) {
            let url =
                "postgresql://lab07@\(host):\(port)/assess?sslmode=verify-full&sslrootcert=\(server.folder.file(authority))"
            let terminal = try TerminalUnderTest(
                "--help",
                environment: [
                    "ASSESS_STORE": url,
                    "PGPASSFILE": passwords ?? scratch.file("none"),
                ])
            return try terminal.assessCommand(["store", "check"])
        }

        let ok = try check(host: "localhost", authority: "school-ca.pem")
        #expect(ok.status == 0 && ok.output.hasPrefix("ok: PostgreSQL postgresql://lab07@localhost"), "\(ok.output)")
        let wrongName = try check(host: "127.0.0.1", authority: "school-ca.pem")
        #expect(
            wrongName.status == 73 && wrongName.output.contains("TLS refused")
                && wrongName.output.contains("does not match host name"),
            "\(wrongName.output)")
        let wrongAuthority = try check(host: "localhost", authority: "other-ca.pem")
        #expect(
            wrongAuthority.status == 73 && wrongAuthority.output.contains("TLS refused"), "\(wrongAuthority.output)")
        let noPassword = try check(host: "localhost", authority: "school-ca.pem", passwords: nil)
        #expect(noPassword.status == 73 && noPassword.output.contains("authentication failed"), "\(noPassword.output)")
        // Nothing but TLS: the same seat without it is turned away by the server.
        let plain = try TerminalUnderTest(
            "--help",
            environment: [
                "ASSESS_STORE": "postgresql://lab07@localhost:\(port)/assess?sslmode=disable", "PGPASSFILE": pgpass,
            ])
        let refused = try plain.assessCommand(["store", "check"])
        #expect(refused.status == 73 && refused.output.contains("no pg_hba.conf entry"), "\(refused.output)")
    }
}
