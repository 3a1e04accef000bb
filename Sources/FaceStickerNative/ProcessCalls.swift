import CProcess
import FaceStickerCore
#if canImport(Glibc)
import Glibc
#endif

/// The one file that calls CProcess (child processes and pipes in C over
/// POSIX, and extended attributes). CProcess reports errno values; they come out of here as `Errno`.
package enum ProcessCalls {
    /// Sets the extended attribute `name` of the file at `path` to `value`.
    package static func setAttribute(_ name: String, of path: String, to value: [UInt8]) throws(Errno) {
        let failure = value.withUnsafeBytes { file_set_xattr(path, name, $0.baseAddress, $0.count) }
        guard failure == 0 else { throw Errno(code: failure) }
    }

    /// The extended attribute `name` of the file at `path`, at most `limit` bytes of it.
    package static func attribute(_ name: String, of path: String, limit: Int) throws(Errno) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        var size = 0
        let failure = buffer.withUnsafeMutableBytes { file_get_xattr(path, name, $0.baseAddress, $0.count, &size) }
        guard failure == 0 else { throw Errno(code: failure) }
        return Array(buffer.prefix(size))
    }

    /// A pipe whose both ends are close-on-exec, so no other child inherits one.
    package static func pipe() throws(Errno) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let failure = proc_pipe_cloexec(&fds)
        guard failure == 0 else { throw Errno(code: failure) }
        return (fds[0], fds[1])
    }

    /// Writes all of `bytes` to `descriptor` with SIGPIPE blocked for this write only:
    /// a reader that has gone is `EPIPE`, not a signal that ends us.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
        let failure = proc_write_all_nosignal(descriptor, bytes.baseAddress, bytes.count)
        guard failure == 0 else { throw Errno(code: failure) }
    }

    /// Starts `path` with `arguments` (the first is its name) and `environment` ("NAME=value"),
    /// the given descriptors as its stdin, stdout and stderr (-1: /dev/null), in a process
    /// group of its own, killed when the calling thread ends; its pid.
    package static func spawn(_ path: String, arguments: [String], environment: [String], input: Int32, output: Int32,
                      error: Int32) throws(Errno) -> Int32 {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let failure = proc_spawn(path, argv, envp, input, output, error, &child)
        guard failure == 0 else { throw Errno(code: failure) }
        return child
    }

    /// Waits for child `pid` to end; its exit status, or 128 + the signal that ended it.
    package static func wait(_ pid: Int32) throws(Errno) -> Int32 {
        var raw: Int32 = 0
        let failure = proc_wait(pid, 0, &raw)
        guard failure == 0 else { throw Errno(code: failure) }
        return raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }
}
