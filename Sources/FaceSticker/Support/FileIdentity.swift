import Foundation

/// Whether two paths name one file, so no command ever writes over its input.
package enum FileIdentity {
    /// True when the paths are the same once resolved (`.`, `..`, symlinks),
    /// or when both exist and share device and inode (hard links, bind mounts).
    package static func same(_ a: String, _ b: String) -> Bool {
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        if resolved(a) == resolved(b) { return true }
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
