import AssessCore
import Foundation

/// Finds and reads the policy in force: `$ASSESS_POLICY` when set (it must exist),
/// else `/etc/assess/policy.yaml` when present, else the built-in defaults.
package enum PolicyFile {
    /// The most a policy file may hold (1 MiB); a device that never ends is refused.
    static let largest = 1 << 20

    /// The policy in force for `environment`; a policy file that cannot be read or is not
    /// valid fails with ``FailureReason/policyInvalid``.
    package static func load(environment: [String: String]) throws -> Policy {
        let explicit = environment.nonEmpty("ASSESS_POLICY")
        let path = Policy.path(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else {
            if let explicit {
                throw CommandFailure(
                    .policyInvalid,
                    "ASSESS_POLICY names \(explicit), which does not exist; create it or unset ASSESS_POLICY")
            }
            return Policy(source: .builtInDefaults(lookedFor: path))
        }
        // Through a file handle, so that any readable file is read, /dev/null (an empty
        // policy) included.
        let data: Data
        do {
            data = try BoundedFileRead.contents(atPath: path, limit: Self.largest)
        } catch .tooLarge {
            throw CommandFailure(
                .policyInvalid,
                "the policy file \(path) is larger than \(Self.largest >> 10) KiB; a policy holds a few settings")
        } catch {
            throw CommandFailure(.policyInvalid, "cannot read the policy file \(path); check its permissions")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(.policyInvalid, "\(path):1:1: the policy file is not UTF-8 text")
        }
        do {
            return try PolicyParser.parse(text, path: path)
        } catch let error as PolicyError {
            throw CommandFailure(.policyInvalid, "\(error.description)\nfix the policy file, then try again")
        }
    }
}
