import AssessPlatform
import Foundation
import Testing

struct ProtectedStoreTests {
    /// Every variable a student could set to move a file the program writes or reads.
    static let redirecting = [
        "ASSESS_DATA_DIR": "/home/student/own", "ASSESS_LOCK_DIR": "/var/lib/assess",
        "ASSESS_POLICY": "/home/student/policy.yaml", "ASSESS_STORE": "sqlite",
        "ASSESS_DICTIONARY_PATH": "/var/lib/assess", "XDG_STATE_HOME": "/home/student/state",
        "XDG_CONFIG_HOME": "/home/student/config", "HOME": "/home/student/fake", "TMPDIR": "/var/lib/assess",
        "SQLITE_TMPDIR": "/var/lib/assess", "PATH": "/home/student/bin:/usr/bin", "LD_PRELOAD": "/home/student/x.so",
        "USER": "proctor",
    ]

    @Test func runSetgidTheStoreIsTheProtectedFolderWhateverTheEnvironmentSays() {
        let kept = ProtectedStore.environment(
            from: Self.redirecting.merging(["TERM": "xterm-256color", "LANG": "pt_BR.UTF-8", "LC_TIME": "C"]) { $1 },
            home: "/home/student", mayWrite: { $0.hasPrefix("/home/student") })
        #expect(
            kept == [
                "ASSESS_DATA_DIR": "/var/lib/assess", "PATH": "/usr/bin:/bin", "HOME": "/home/student",
                "TERM": "xterm-256color", "LANG": "pt_BR.UTF-8", "LC_TIME": "C",
            ])
    }

    @Test func theLocksFoldersAreKeptOnlyWhenTheAccountCouldWriteThemItself() {
        let writable = ProtectedStore.environment(
            from: ["XDG_RUNTIME_DIR": "/run/user/1000", "ASSESS_LOCK_DIR": "/run/assess"], home: nil,
            mayWrite: { $0.hasPrefix("/run/") })
        #expect(writable["XDG_RUNTIME_DIR"] == "/run/user/1000")
        #expect(writable["ASSESS_LOCK_DIR"] == "/run/assess")
        let protected = ProtectedStore.environment(
            from: ["XDG_RUNTIME_DIR": "/var/lib/assess", "ASSESS_LOCK_DIR": "/var/lib/assess"], home: nil,
            mayWrite: { $0.hasPrefix("/run/") })
        #expect(protected["XDG_RUNTIME_DIR"] == nil)
        #expect(protected["ASSESS_LOCK_DIR"] == nil)
        let relative = ProtectedStore.environment(from: ["ASSESS_LOCK_DIR": "lock"], home: nil, mayWrite: { _ in true })
        #expect(relative["ASSESS_LOCK_DIR"] == nil)
    }

    @Test func aFolderTheAccountCanWriteIsNotProtected() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-protection-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(ProtectedStore.protection(of: folder) == .writableByThisAccount)
    }

}
