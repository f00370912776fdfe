#if os(Linux)
    import Foundation
    import Glibc

    /// What happened to the entries of one directory, as the kernel reports it (inotify): every
    /// file created in it, moved into it, or whose attributes (its mode among them) changed, in
    /// order. The kernel queues the events as they happen, so nothing is missed however
    /// quickly it happens.
    final class DirectoryEvents {
        enum Kind: String, Sendable {
            case created
            case movedIn = "moved in"
            case attributesChanged = "attributes changed"
        }

        struct Event: Equatable, Sendable, CustomStringConvertible {
            var kind: Kind
            var name: String
            var description: String { "\(name): \(kind.rawValue)" }
        }

        private let descriptor: Int32

        init(watching folder: URL) throws {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { throw Failure("inotify_init1: \(String(cString: strerror(errno)))") }
            let mask = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB)
            guard inotify_add_watch(descriptor, folder.path, mask) >= 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw Failure("inotify_add_watch \(folder.path): \(reason)")
            }
        }

        deinit { close(descriptor) }

        struct Failure: Error, CustomStringConvertible {
            var description: String
            init(_ description: String) { self.description = description }
        }

        /// The events so far (each is reported once).
        func take() throws -> [Event] {
            var events: [Event] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EAGAIN { return events }
                guard count > 0 else { throw Failure("read inotify: \(String(cString: strerror(errno)))") }
                events += Self.parse(buffer[0..<count])
            }
        }

        /// `struct inotify_event`: wd, mask, cookie, len (4 bytes each), then `len` bytes of name.
        private static func parse(_ bytes: ArraySlice<UInt8>) -> [Event] {
            var events: [Event] = []
            var offset = bytes.startIndex
            func word(_ at: Int) -> UInt32 {
                bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at - bytes.startIndex, as: UInt32.self) }
            }
            while offset + 16 <= bytes.endIndex {
                let mask = word(offset + 4)
                let length = Int(word(offset + 12))
                let name = String(decoding: bytes[offset + 16..<offset + 16 + length].prefix { $0 != 0 }, as: UTF8.self)
                if mask & UInt32(IN_CREATE) != 0 { events.append(Event(kind: .created, name: name)) }
                if mask & UInt32(IN_MOVED_TO) != 0 { events.append(Event(kind: .movedIn, name: name)) }
                if mask & UInt32(IN_ATTRIB) != 0 { events.append(Event(kind: .attributesChanged, name: name)) }
                offset += 16 + length
            }
            return events
        }
    }
#endif
