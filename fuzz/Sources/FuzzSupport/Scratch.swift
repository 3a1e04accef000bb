import Foundation

/// A scratch file per harness process, for code under test that reads a path.
/// It lives in the temporary folder and is replaced on every input.
public enum Scratch {
    /// Writes `bytes` to this process's scratch file named `name` and returns its path.
    public static func write(_ bytes: [UInt8], name: String) -> String {
        let path = folder + "/" + name
        // The harness must not stop on its own I/O: a failed write replays as an unreadable file.
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    private static let folder: String = {
        let path = NSTemporaryDirectory() + "/facesticker-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}
