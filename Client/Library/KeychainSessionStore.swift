#if canImport(Security)
    import Foundation
    import Security

    /// The session as one generic-password item in the Keychain (Apple platforms), readable
    /// only on this device after its first unlock.
    public struct KeychainSessionStore: SessionStore {
        public let service: String
        public let account: String
        public let accessGroup: String?

        public init(service: String = "ExamPrep", account: String = "session", accessGroup: String? = nil) {
            self.service = service
            self.account = account
            self.accessGroup = accessGroup
        }

        public func load() -> AuthSession? {
            var query = baseQuery
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var item: CFTypeRef?
            guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let data = item as? Data else {
                return nil
            }
            return SessionCoding.decode(data)
        }

        public func store(_ session: AuthSession) throws {
            let data = try SessionCoding.encode(session)
            let update: [String: Any] = [kSecValueData as String: data]
            let status = SecItemUpdate(baseQuery as CFDictionary, update as CFDictionary)
            if status == errSecSuccess { return }
            guard status == errSecItemNotFound else {
                throw SessionStoreError.keychain(operation: "update", status: status)
            }
            var add = baseQuery
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let added = SecItemAdd(add as CFDictionary, nil)
            guard added == errSecSuccess else {
                throw SessionStoreError.keychain(operation: "add", status: added)
            }
        }

        public func remove() throws {
            let status = SecItemDelete(baseQuery as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw SessionStoreError.keychain(operation: "delete", status: status)
            }
        }

        private var baseQuery: [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
            if let accessGroup {
                query[kSecAttrAccessGroup as String] = accessGroup
            }
            return query
        }
    }
#endif
