#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Non-portable spawn file actions, looked up at run time so that an older C library
/// (without them) still works, only less tidily. Used by `ChildProcess` and by the tests'
/// own child processes (they avoid Foundation's `Process` too).
public enum SpawnFileActions {
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// The child starts in `path` (when the C library can say so).
    public static func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) {
        guard let symbol = lookup("posix_spawn_file_actions_addchdir_np") else { return }
        _ = unsafeBitCast(symbol, to: AddChdir.self)(actions, path)
    }

    /// The child keeps only its standard input, output and error.
    public static func closeDescriptorsAboveStandardError(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>) {
        guard let symbol = lookup("posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddClosefrom.self)(actions, 3)
    }

    private static func lookup(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
            return dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)  // RTLD_DEFAULT
        #else
            return dlsym(nil, name)  // RTLD_DEFAULT
        #endif
    }
}
