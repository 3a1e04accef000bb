import Foundation

/// Reads and writes image files: PNG and JPEG.
public enum ImageFile {
    /// Decodes a PNG or JPEG file, upright (EXIF orientation applied).
    public static func read(path: String) throws -> RGBAImage {
        try OpenCV.readImage(path: path)
    }

    /// Writes `image` to `path` as JPEG (`.jpg`, `.jpeg`): to a temporary file
    /// beside it first, then renamed, so a failure never leaves a partial file.
    public static func write(_ image: RGBAImage, to path: String, quality: Int = 92) throws {
        try AtomicFile.write(to: path) { temporary in
            try OpenCV.writeJPEG(image, path: temporary, quality: quality)
        }
    }
}
