import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

@Suite("Replacing a file in one step")
struct AtomicFileTests {
    @Test func aLinkIsFollowedAndTheFileKeepsItsModeAndNothingIsLeftBeside() throws {
        let directory = try TemporaryDirectory("atomic-file")
        let target = directory.file("policy.yaml")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o640)
        let link = directory.file("link.yaml")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        try AtomicFile.replace(link, with: Data("new\n".utf8))

        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
                "link.yaml", "policy.yaml",
            ])
    }

    @Test func aNewFileAndItsFolderAreCreated() throws {
        let directory = try TemporaryDirectory("atomic-file")
        let path = directory.file("etc/assess/policy.yaml")
        try AtomicFile.replace(path, with: Data("x: 1\n".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "x: 1\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o644)
    }
}
