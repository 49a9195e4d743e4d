import AssessCore
import Testing

@Suite("The proctor password's hash")
struct ProctorPasswordTests {
    // A low cost keeps the tests quick; the format and the check are the same.
    @Test func aHashMatchesItsPasswordOnlyAndSurvivesItsOneLineForm() throws {
        let hash = try ProctorPassword(hashing: "correct horse", logRounds: 10)
        #expect(hash.matches("correct horse"))
        #expect(!hash.matches("correct hors"))
        #expect(!hash.matches(""))
        let line = hash.description
        #expect(line.hasPrefix("scrypt$ln=10,r=8,p=1$"))
        #expect(!line.contains("correct"))
        let read = try #require(ProctorPassword(encoded: line))
        #expect(read == hash)
        #expect(read.matches("correct horse"))
    }

    @Test func twoHashesOfOnePasswordDifferByTheirSalt() throws {
        let first = try ProctorPassword(hashing: "same password", logRounds: 10)
        let second = try ProctorPassword(hashing: "same password", logRounds: 10)
        #expect(first.salt != second.salt)
        #expect(first.hash != second.hash)
    }

    @Test func linesThatAreNotAHashAreRefused() {
        for line in [
            "", "plain-text-password", "scrypt$ln=15,r=8,p=1$c2FsdA==", "bcrypt$ln=15,r=8,p=1$c2FsdA==$aGFzaA==",
            "scrypt$ln=40,r=8,p=1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==", "scrypt$ln=15$c2FsdA==$aGFzaA==",
        ] {
            #expect(ProctorPassword(encoded: line) == nil, "\(line)")
        }
    }

    @Test func thePolicyFileReadsTheHashAndRefusesAnythingElse() throws {
        let hash = try ProctorPassword(hashing: "pw-123456", logRounds: 10)
        let policy = try PolicyParser.parse("proctor-password: \"\(hash)\"\ncharge-downtime: true\n", path: "p.yaml")
        #expect(policy.proctorPassword == hash)
        #expect(policy.chargeDowntime)
        #expect(throws: PolicyError.self) { try PolicyParser.parse("proctor-password: hunter2\n", path: "p.yaml") }
    }
}

/// A student can read the policy file and guess offline: each guess must cost time and memory.
@Suite struct ProctorPasswordCostTests {
    @Test func aDefaultHashCosts128MiBAndAtLeastAFifthOfASecondAGuess() throws {
        let hash = try ProctorPassword(hashing: "a proctor's passphrase")
        #expect((1 << hash.logRounds) * hash.blockSize * 128 >= 128 << 20)
        let guess = ContinuousClock().measure { #expect(!hash.matches("a guess")) }
        #expect(guess > .milliseconds(200), "one guess took \(guess)")
        print("timing: one guess against the default proctor-password hash took \(guess)")
    }
}
