import Crypto
import Foundation
import _CryptoExtras

/// A delivery form kept in a SQLite store under its sitting's start code, so an exam account
/// that reads the store before the code is announced reads no question.
///
/// The key is scrypt (N = 2^16, r = 8, p = 1: 64 MiB and about a fifth of a second a try)
/// of the normalized code with a random 16-byte salt; the form is sealed with AES-GCM
/// (256-bit key, random nonce), its exam id and delivery key bound in as associated data so
/// one exam's sealed form cannot stand in for another's. Stored as
/// `sealed-v1$<log2 N>$<salt, base64>$<nonce, ciphertext and tag, base64>`.
public enum SealedDeliveryForm {
    static let prefix = "sealed-v1$"
    /// log2 of scrypt's cost N.
    static let logRounds = 16

    /// True when `stored` is a sealed form, not a form's JSON.
    public static func isSealed(_ stored: String) -> Bool {
        stored.hasPrefix(prefix)
    }

    /// `form` sealed under `code` for the exam `exam` whose delivery key is `deliveryKey`.
    public static func seal(_ form: String, code: String, exam: String, deliveryKey: String) throws -> String {
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let key = try derive(code: code, salt: salt, logRounds: logRounds)
        let box = try AES.GCM.seal(
            Data(form.utf8), using: key, authenticating: associatedData(exam: exam, deliveryKey: deliveryKey))
        guard let combined = box.combined else { throw StoreError.notPermitted("cannot seal the delivery form") }
        return prefix + "\(logRounds)$" + Data(salt).base64EncodedString() + "$" + combined.base64EncodedString()
    }

    /// The form `sealed` holds, opened with `code` (as typed: case, spaces and dashes do not
    /// matter); nil when the code is not the one it was sealed under (or `sealed` is damaged).
    public static func open(_ sealed: String, code: String, exam: String, deliveryKey: String) -> String? {
        let parts = sealed.dropFirst(prefix.count).split(separator: "$", omittingEmptySubsequences: false)
        guard isSealed(sealed), parts.count == 3, let logRounds = Int(parts[0]), (10...20).contains(logRounds),
            let salt = Data(base64Encoded: String(parts[1])), let combined = Data(base64Encoded: String(parts[2])),
            let key = try? derive(code: code, salt: Array(salt), logRounds: logRounds),
            let box = try? AES.GCM.SealedBox(combined: combined),
            let opened = try? AES.GCM.open(
                box, using: key, authenticating: associatedData(exam: exam, deliveryKey: deliveryKey))
        else { return nil }
        return String(decoding: opened, as: UTF8.self)
    }

    private static func associatedData(exam: String, deliveryKey: String) -> Data {
        Data("assess sealed delivery form\u{0}\(exam)\u{0}\(deliveryKey)".utf8)
    }

    private static func derive(code: String, salt: [UInt8], logRounds: Int) throws -> SymmetricKey {
        try KDF.Scrypt.deriveKey(
            from: Array(StartCode.normalized(code).utf8), salt: salt, outputByteCount: 32,
            rounds: 1 << logRounds, blockSize: 8, parallelism: 1)
    }
}
