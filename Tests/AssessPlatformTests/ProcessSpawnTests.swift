import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

/// How every program is started (`ProcessSpawn`): the command runner's programs and the
/// sandbox's runs go through it, so what holds here holds for both.
@Suite struct ProcessSpawnTests {
    /// `assess` installed setgid (the protected store) keeps its group while a sitting
    /// runs, and a sample run starts from that sitting: the started program must get the
    /// real group back as its effective one (POSIX_SPAWN_RESETIDS). A setgid copy of
    /// `spawned-ids` (Tests/Support/SpawnedIDs), run by root with the group `nogroup`
    /// lent, starts a program that reports its ids.
    @Test func aProgramStartedBySetgidCodeDoesNotKeepTheLentGroup() throws {
        try #require(getuid() == 0, "this test installs a setgid program: run it as root (CI does)")
        let lent = getgrnam("nogroup").map { $0.pointee.gr_gid } ?? 65534
        let folder = try TemporaryDirectory("assess-spawn")
        let copy = folder.file("spawned-ids")
        let runner = SubprocessCommandRunner()
        // Copied by `install`, not by this process: a program forked here meanwhile would
        // hold the copy open for writing, and starting it would fail (ETXTBSY).
        let installed = try runner.run(
            "install",
            ["-m", "2755", "-o", "root", "-g", String(lent), try BuiltProducts.path(of: "spawned-ids"), copy],
            timeoutSeconds: 30)
        #expect(installed.exitStatus == 0, "\(installed)")

        let result = try runner.run(copy, [], timeoutSeconds: 30)
        #expect(result.exitStatus == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // The copy did run with the group lent (a folder mounted nosuid would void the test).
        #expect(lines.first == "own \(getgid()) \(lent)", "\(result)")
        // Real, effective, saved and file-system group of the started program: none is the lent one.
        let ids = lines.dropFirst().first?.split(whereSeparator: \.isWhitespace).dropFirst().map(String.init)
        #expect(ids == Array(repeating: String(getgid()), count: 4), "\(result)")
    }
}
