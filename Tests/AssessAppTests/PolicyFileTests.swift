import AssessCore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessApp

/// The policy named by `ASSESS_POLICY` is read through a file handle: any readable file
/// is a policy (an empty one gives the built-in settings), a character device included.
@Suite struct PolicyFileTests {
    @Test func devNullIsAnEmptyPolicy() throws {
        let policy = try PolicyFile.load(environment: ["ASSESS_POLICY": "/dev/null"])
        #expect(policy.source == .file("/dev/null"))
        var defaults = try PolicyParser.parse("", path: "/dev/null")
        defaults.source = .file("/dev/null")
        #expect(policy == defaults)
    }

    @Test func aDeviceThatNeverEndsIsRefusedAsTooLarge() throws {
        #expect {
            try PolicyFile.load(environment: ["ASSESS_POLICY": "/dev/zero"])
        } throws: { error in
            "\(error)".contains("larger than 1024 KiB")
        }
    }

    @Test func anUnreadableFileIsStillRefused() throws {
        let scratch = try TemporaryDirectory("assess-policy")
        defer { scratch.remove() }
        #expect(throws: CommandFailure.self) {
            try PolicyFile.load(environment: ["ASSESS_POLICY": scratch.path])
        }
    }

    @Test func theSharedReaderStopsOneBytePastItsLimit() throws {
        #expect(throws: BoundedFileRead.Failure.tooLarge(limit: 10)) {
            try BoundedFileRead.contents(atPath: "/dev/zero", limit: 10)
        }
        #expect(try BoundedFileRead.contents(atPath: "/dev/null", limit: 10).isEmpty)
    }
}
