import Foundation

/// Writes outputs through a temporary file in the same folder and a rename,
/// so readers never see half a file and a failure leaves nothing behind.
package enum AtomicFile {
    /// Calls `produce` with a temporary path beside `path`, then renames it to
    /// `path`. The temporary file keeps `path`'s extension (encoders choose
    /// the format by it). On any error the temporary file is removed.
    package static func write(to path: String, _ produce: (String) throws -> Void) throws {
        try checkFolder(of: path)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/" + temporaryName(for: url.lastPathComponent)
        // A signal that ends the run removes it too (SignalCleanup).
        let token = Cleanup.temporary(temporary)
        defer { Cleanup.forget(token) }
        do {
            try produce(temporary)
            guard rename(temporary, path) == 0 else {
                throw FaceStickerError.output(path: path, reason: String(cString: strerror(errno)))
            }
        } catch let error as FaceStickerError {
            unlink(temporary)
            // Writers saw the hidden temporary name; people should see theirs.
            throw error.naming(temporary, as: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// `.NAME.part-PID-RANDOM.EXT` for `name`, within NAME_MAX (255 bytes):
    /// the stem is shortened when a long name would not leave room for the rest.
    package static func temporaryName(for name: String) -> String {
        let ext = (name as NSString).pathExtension
        var stem = Substring((name as NSString).deletingPathExtension)
        let tail = ".part-\(getpid())-\(UUID().uuidString.prefix(8))" + (ext.isEmpty ? "" : "." + ext)
        while 1 + stem.utf8.count + tail.utf8.count > 255, !stem.isEmpty { stem = stem.dropLast() }
        return "." + stem + tail
    }

    /// Throws the error `write(to:)` would give when `path`'s folder is
    /// missing, not a folder or not writable: lets a command refuse a bad
    /// output before a long run instead of after it.
    package static func checkFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw FaceStickerError.output(path: path, reason: "folder \(folder) does not exist")
        }
        guard isFolder.boolValue else {
            throw FaceStickerError.output(path: path, reason: "\(folder) is not a folder")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw FaceStickerError.output(path: path, reason: "folder \(folder) is not writable")
        }
    }
}
