import CCrypt
import Foundation

/// The C boundary to libxcrypt. Both calls block (hashing is deliberately slow): call them
/// only from `PasswordHasher`'s dedicated threads.
enum Crypt {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The longest passphrase libxcrypt hashes, in bytes (`CRYPT_MAX_PASSPHRASE_SIZE` holds
    /// the terminating NUL too); it refuses longer ones.
    static let maxPassphraseBytes = Int(CRYPT_MAX_PASSPHRASE_SIZE) - 1

    /// A fresh setting string (scheme, cost and a random salt from the OS), e.g. `$y$j9T$…`.
    static func makeSetting(prefix: String, cost: Int) throws -> String {
        var output = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        let result = crypt_gensalt_rn(prefix, UInt(cost), nil, 0, &output, Int32(output.count))
        guard result != nil else {
            throw Failure(description: "crypt_gensalt_rn refused prefix \(prefix) with cost \(cost) (errno \(errno))")
        }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Hashes `password` with `setting` (a setting string or a full stored hash, whose
    /// parameters and salt are reused — that is how a hash is verified).
    static func hash(_ password: String, setting: String) throws -> String {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer { data.deallocate() }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        guard let result = crypt_r(password, setting, data) else {
            throw Failure(description: "crypt_r failed (errno \(errno))")
        }
        let hash = String(cString: result)
        // libxcrypt signals failure with a string starting with "*" instead of NULL.
        guard !hash.hasPrefix("*") else {
            throw Failure(description: "crypt_r rejected the setting")
        }
        return hash
    }
}
