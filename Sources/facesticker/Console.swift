import FaceSticker
import Foundation

/// Where the CLI talks to people: results on stdout, everything else on stderr.
enum Console {
    /// The one line an error gets.
    static func error(_ error: Error) {
        write("facesticker: \(error)\n")
    }

    /// Information that is not a result (which detector ran, progress).
    static func note(_ text: String) {
        write(text + "\n")
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
