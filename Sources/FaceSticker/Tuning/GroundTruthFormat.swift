/// The ground-truth file formats `FaceDataset` reads.
public enum GroundTruthFormat: String, Sendable {
    /// WIDER FACE `wider_face_val_bbx_gt.txt`: image path, face count, then
    /// `x y w h blur expression illumination invalid occlusion pose` per face
    /// (a count of 0 is followed by one line of zeros).
    case wider
    /// FDDB `*ellipseList.txt`: image path without extension, face count, then
    /// `major_radius minor_radius angle center_x center_y [score]` per face.
    case fddb
    /// CSV, one face per line: `image,x,y,w,h` (a header line is allowed; a
    /// line with only the image name lists an image without faces).
    case csv
    /// JSON: `{"image.jpg": [[x, y, w, h], ...], ...}`.
    case json

    /// The format a file's name says: `.json`, `.csv`, `*ellipseList*`, else WIDER.
    public init(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".json") {
            self = .json
        } else if lower.hasSuffix(".csv") {
            self = .csv
        } else if lower.contains("ellipselist") {
            self = .fddb
        } else {
            self = .wider
        }
    }
}
