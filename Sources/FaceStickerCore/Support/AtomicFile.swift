import Foundation

/// Writes outputs through a temporary file in the same folder and a rename,
/// so readers never see half a file and a failure leaves nothing behind. Every
/// output takes this way: `write(to:)` for a file made in one go, `Pending` for
/// one written over a run (a Y4M stream) or placed under the first free name
/// (a selfie).
package enum AtomicFile {
    /// Calls `produce` with a temporary path beside `path`, then renames it to
    /// `path`. The temporary file keeps `path`'s extension (encoders choose
    /// the format by it). On any error the temporary file is removed.
    /// `replacing` false: a file that appeared at `path` during the run is not
    /// replaced (`Pending.commit(replacing:)`).
    package static func write(to path: String, replacing: Bool = true, _ produce: (String) throws -> Void) throws {
        let pending = try Pending(for: path)
        do {
            try produce(pending.temporary)
            try pending.commit(replacing: replacing)
        } catch let error as FaceStickerError {
            pending.abandon()
            // Writers saw the hidden temporary name; people should see theirs.
            throw error.naming(pending.temporary, as: path)
        } catch {
            pending.abandon()
            throw error
        }
    }

    /// An output being written under a temporary name beside it (`temporaryName`),
    /// which a signal that ends the run removes too (`Cleanup`); `commit` renames
    /// it into place, `place(at:)` links it in only where no file is, `abandon`
    /// (or dropping it uncommitted) removes it.
    package final class Pending {
        /// The output.
        package let path: String
        /// Where it is written meanwhile.
        package let temporary: String
        private var token: Int?

        /// Checks `path`'s folder (`checkFolder`) and names the temporary; creates nothing.
        package init(for path: String) throws {
            try AtomicFile.checkFolder(of: path)
            self.path = path
            temporary = PathText.join(PathText.folder(of: path), AtomicFile.temporaryName(for: PathText.name(of: path)))
            token = Cleanup.temporary(temporary)
        }

        deinit { abandon() }

        /// Renames the temporary to `path`, replacing what is there; with `replacing`
        /// false, only where nothing is (a hard link, which fails rather than replaces:
        /// two runs to one new output without leave to replace cannot both win, issue #41).
        package func commit(replacing: Bool = true) throws {
            guard token != nil else { throw FaceStickerError.internal("\(path): committed twice") }
            if !replacing {
                guard try place(at: path) else {
                    abandon()
                    throw FaceStickerError.output(path: path, reason: "another program wrote it during the run; it is not replaced")
                }
                return
            }
            guard rename(temporary, path) == 0 else {
                let reason = Errno.current.description
                abandon()
                throw FaceStickerError.output(path: path, reason: reason)
            }
            forget()
        }

        /// Puts the temporary at `target` only if no file is there (`AtomicFile.placeNew`);
        /// false, keeping the temporary, when `target` exists.
        package func place(at target: String) throws -> Bool {
            guard token != nil else { throw FaceStickerError.internal("\(path): committed twice") }
            guard try AtomicFile.placeNew(temporary, at: target) else { return false }
            forget()
            return true
        }

        /// Removes the temporary (if it was made); nothing happens after `commit`.
        package func abandon() {
            guard token != nil else { return }
            unlink(temporary)
            forget()
        }

        private func forget() {
            if let token { Cleanup.forget(token) }
            token = nil
        }
    }

    /// Moves the file `source` to `target` only if no file is at `target`: a hard
    /// link, which fails rather than replaces (two runs to one new output cannot
    /// both win, issue #41), then `source` unlinked; where the file system has no
    /// hard links (FAT, some network mounts), a rename after a check, which a
    /// writer in between could still lose. False, `source` kept, when `target` exists.
    package static func placeNew(_ source: String, at target: String) throws -> Bool {
        if link(source, target) == 0 {
            unlink(source)
            return true
        }
        switch errno {
        case EEXIST:
            return false
        case EPERM, ENOTSUP, EXDEV:
            var info = stat()
            if lstat(target, &info) == 0 { return false }
            guard rename(source, target) == 0 else { break }
            return true
        default:
            break
        }
        throw FaceStickerError.output(path: target, reason: Errno.current.description)
    }

    /// `.NAME.part-PID-RANDOM.EXT` for `name`, within NAME_MAX (255 bytes):
    /// the stem is shortened when a long name would not leave room for the rest.
    package static func temporaryName(for name: String) -> String {
        let ext = PathText.extension(of: name)
        var stem = Substring(PathText.removingExtension(name))
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
