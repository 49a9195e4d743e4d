import Crypto
import Foundation
import _CryptoExtras

/// The proctor's password as the policy file keeps it: a salted scrypt hash, never the
/// password itself. Written as one line,
/// `scrypt$ln=17,r=8,p=1$<salt, base64>$<hash, base64>`, under `proctor-password:`.
///
/// Every exam account must read the policy file, so a student can copy the hash and
/// guess offline; the cost is set so that each guess takes 128 MiB of memory and about
/// 0.3 s of a core (``defaultLogRounds``), which a graphics card cannot run by the thousand.
///
/// `assess passwd` makes one with `init(hashing:)`; the exam's hidden prompt,
/// `assess launch`, `assess resume` and `assess unlock --stale` check a typed password
/// with `matches(_:)`.
public struct ProctorPassword: Sendable, Equatable, CustomStringConvertible {
    /// log2 of scrypt's cost N; memory is N × r × 128 bytes.
    public let logRounds: Int

    /// The cost `assess passwd` uses: 2^17 with r = 8, 128 MiB and about 0.3 s of a core
    /// a guess in a release build here.
    public static let defaultLogRounds = 17
    /// scrypt's block size r.
    public let blockSize: Int
    /// scrypt's parallelism p.
    public let parallelism: Int
    /// The random salt.
    public let salt: [UInt8]
    /// The derived hash.
    public let hash: [UInt8]

    /// The shortest password `assess passwd` accepts.
    public static let minimumLength = 8

    /// Hashes `password` with a fresh random salt.
    public init(hashing password: String, logRounds: Int = defaultLogRounds, blockSize: Int = 8, parallelism: Int = 1)
        throws
    {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let hash = try Self.derive(
            password, salt: salt, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
        self.init(logRounds: logRounds, blockSize: blockSize, parallelism: parallelism, salt: salt, hash: hash)
    }

    private init(logRounds: Int, blockSize: Int, parallelism: Int, salt: [UInt8], hash: [UInt8]) {
        self.logRounds = logRounds
        self.blockSize = blockSize
        self.parallelism = parallelism
        self.salt = salt
        self.hash = hash
    }

    /// Reads the one-line form; `nil` when `text` is not one.
    public init?(encoded text: String) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "scrypt",
            let salt = Data(base64Encoded: String(parts[2])), !salt.isEmpty,
            let hash = Data(base64Encoded: String(parts[3])), hash.count >= 16
        else { return nil }
        var parameters: [String: Int] = [:]
        for pair in parts[1].split(separator: ",") {
            let keyValue = pair.split(separator: "=")
            guard keyValue.count == 2, let value = Int(keyValue[1]) else { return nil }
            parameters[String(keyValue[0])] = value
        }
        guard let logRounds = parameters["ln"], (10...20).contains(logRounds),
            let blockSize = parameters["r"], (1...32).contains(blockSize),
            let parallelism = parameters["p"], (1...16).contains(parallelism)
        else { return nil }
        self.init(
            logRounds: logRounds, blockSize: blockSize, parallelism: parallelism,
            salt: Array(salt), hash: Array(hash))
    }

    /// The one-line form for the policy file.
    public var description: String {
        "scrypt$ln=\(logRounds),r=\(blockSize),p=\(parallelism)$\(Data(salt).base64EncodedString())$\(Data(hash).base64EncodedString())"
    }

    /// True when `password` is the one this hash was made from. Compares in constant time.
    public func matches(_ password: String) -> Bool {
        guard
            let candidate = try? Self.derive(
                password, salt: salt, logRounds: logRounds,
                blockSize: blockSize, parallelism: parallelism, length: hash.count)
        else { return false }
        // Derived at the stored hash's length, so the two are the same length.
        return zip(candidate, hash).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func derive(
        _ password: String, salt: [UInt8], logRounds: Int, blockSize: Int,
        parallelism: Int, length: Int = 32
    ) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: length,
            rounds: 1 << logRounds, blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { Array($0) }
    }
}
