import Foundation

/// Writes outputs through a temporary file in the same folder and a rename,
/// so readers never see half a file and a failure leaves nothing behind.
public enum AtomicFile {
    /// Calls `produce` with a temporary path beside `path`, then renames it to
    /// `path`. The temporary file keeps `path`'s extension (encoders choose
    /// the format by it). On any error the temporary file is removed.
    public static func write(to path: String, _ produce: (String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw FaceStickerError.output(path: path, reason: "folder \(folder) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw FaceStickerError.output(path: path, reason: "folder \(folder) is not writable")
        }
        let ext = url.pathExtension
        let temporary = folder + "/." + url.deletingPathExtension().lastPathComponent
            + ".part-\(getpid())-\(UUID().uuidString.prefix(8))" + (ext.isEmpty ? "" : "." + ext)
        do {
            try produce(temporary)
            guard rename(temporary, path) == 0 else {
                throw FaceStickerError.output(path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
