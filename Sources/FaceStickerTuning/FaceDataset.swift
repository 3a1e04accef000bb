import Foundation
import FaceStickerCore

/// A face-detection dataset: a folder laid out like `../shared/data/wider-dev`.
///
/// The folder holds `images/` (paths in the ground truth are relative to it,
/// or absolute), one ground-truth file and optionally `difficulty.tsv`. The
/// ground-truth file is found by name, first match wins:
/// `wider_face_gt.txt`, `*bbx_gt.txt` or `*_gt.txt` (WIDER FACE format);
/// `*ellipseList.txt` (FDDB; several fold files are read together);
/// `*.csv` (`image,x,y,w,h`); `*.json` (`{"image": [[x, y, w, h], ...]}`).
/// See `GroundTruthFormat` for each format. Every image named must exist;
/// errors name the file and line.
package struct FaceDataset: Sendable {
    /// The dataset folder, as given.
    package let folder: String
    /// The ground-truth file(s) read.
    package let groundTruthFiles: [String]
    package let format: GroundTruthFormat
    /// The images, in ground-truth order.
    package let images: [LabeledImage]
    /// Whether `difficulty.tsv` was read, so the easy/medium/hard subsets mean something.
    package let hasDifficulty: Bool

    package init(folder: String, groundTruthFiles: [String], format: GroundTruthFormat, images: [LabeledImage],
                hasDifficulty: Bool) {
        self.folder = folder
        self.groundTruthFiles = groundTruthFiles
        self.format = format
        self.images = images
        self.hasDifficulty = hasDifficulty
    }

    /// The subsets an evaluation of this dataset reports: `all`, plus easy,
    /// medium and hard when the difficulty file is there.
    package var subsets: [EvaluationSubset] { hasDifficulty ? EvaluationSubset.allCases : [.all] }

    /// Faces counted in `subset`, over all images.
    package func countedFaces(in subset: EvaluationSubset) -> Int {
        images.reduce(0) { sum, image in sum + image.faces.filter { $0.isCounted(in: subset) }.count }
    }

    /// Loads the dataset in `folder`; `groundTruth` names the ground-truth
    /// file when the folder's own cannot be found by name (format from its name).
    package static func load(folder: String, groundTruth: String? = nil) throws -> FaceDataset {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw FaceStickerError.fileNotFound(path: folder)
        }
        guard isFolder.boolValue else {
            throw FaceStickerError.unreadable(
                path: folder, reason: "not a folder (a dataset is a folder with images/ and a ground-truth file)")
        }
        let (files, format) = try groundTruth.map { ([$0], GroundTruthFormat(fileName: $0)) }
            ?? findGroundTruth(in: folder)
        var entries: [GroundTruth.Entry] = []
        var sources: [String] = []
        for file in files {
            let parsed: [GroundTruth.Entry]
            switch format {
            case .wider: parsed = try GroundTruth.Wider.parse(TextLines(path: file))
            case .fddb: parsed = try GroundTruth.FDDB.parse(TextLines(path: file))
            case .csv: parsed = try GroundTruth.BoxList.parseCSV(TextLines(path: file))
            case .json: parsed = try GroundTruth.BoxList.parseJSON(path: file)
            }
            entries += parsed
            sources += Array(repeating: file, count: parsed.count)
        }
        var images: [LabeledImage] = []
        var seen: Set<String> = []
        for (entry, source) in zip(entries, sources) {
            let location = format == .json ? source : "\(source):\(entry.line + 1)"
            guard seen.insert(entry.name).inserted else {
                throw FaceStickerError.unreadable(path: location, reason: "image \(entry.name) is listed twice")
            }
            guard let path = imagePath(entry.name, folder: folder, guessExtension: format == .fddb) else {
                throw FaceStickerError.unreadable(path: location,
                                                  reason: "image \(entry.name) not found in \(folder)/images")
            }
            images.append(LabeledImage(name: entry.name, path: path, faces: entry.faces))
        }
        guard !images.isEmpty else {
            throw FaceStickerError.unreadable(path: files.first ?? folder, reason: "lists no images")
        }
        let difficulty = folder + "/difficulty.tsv"
        let hasDifficulty = fileManager.fileExists(atPath: difficulty)
        if hasDifficulty { try GroundTruth.Difficulty.apply(TextLines(path: difficulty), to: &images) }
        return FaceDataset(folder: folder, groundTruthFiles: files, format: format, images: images,
                           hasDifficulty: hasDifficulty)
    }

    private static func findGroundTruth(in folder: String) throws -> ([String], GroundTruthFormat) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .filter { !$0.hasPrefix(".") }
        let rules: [(GroundTruthFormat, (String) -> Bool)] = [
            (.wider, { $0 == "wider_face_gt.txt" }),
            (.wider, { $0.hasSuffix("bbx_gt.txt") }),
            (.wider, { $0.hasSuffix("_gt.txt") }),
            (.fddb, { $0.hasSuffix("ellipseList.txt") }),
            (.csv, { $0.lowercased().hasSuffix(".csv") }),
            (.json, { $0.lowercased().hasSuffix(".json") }),
        ]
        for (format, matches) in rules {
            let found = names.filter(matches)
            if found.isEmpty { continue }
            // FDDB comes as ten fold files; any other format must be one file.
            guard found.count == 1 || format == .fddb else {
                throw FaceStickerError.unreadable(
                    path: folder, reason: "several ground-truth files (\(found.joined(separator: ", "))): keep one")
            }
            return (found.map { folder + "/" + $0 }, format)
        }
        throw FaceStickerError.unreadable(
            path: folder,
            reason: "no ground-truth file (wider_face_gt.txt, *bbx_gt.txt, *ellipseList.txt, *.csv or *.json)")
    }

    /// The image file for `name`: absolute, or under `images/` (then the folder
    /// itself); FDDB names have no extension, so .jpg, .png and .jpeg are tried.
    private static func imagePath(_ name: String, folder: String, guessExtension: Bool) -> String? {
        let bases = name.hasPrefix("/") ? [name] : [folder + "/images/" + name, folder + "/" + name]
        let suffixes = guessExtension ? ["", ".jpg", ".png", ".jpeg"] : [""]
        for base in bases {
            for suffix in suffixes {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: base + suffix, isDirectory: &isFolder), !isFolder.boolValue {
                    return base + suffix
                }
            }
        }
        return nil
    }
}

/// One dataset image and its annotated faces.
package struct LabeledImage: Hashable, Sendable {
    /// The image's name as the ground-truth file gives it (relative to `images/`).
    package var name: String
    /// The image file's path, ready to open.
    package var path: String
    /// The faces, in ground-truth file order (difficulty indices refer to this order).
    package var faces: [GroundTruth.Box]

    package init(name: String, path: String, faces: [GroundTruth.Box]) {
        self.name = name
        self.path = path
        self.faces = faces
    }
}

/// The ground-truth file formats `FaceDataset` reads.
package enum GroundTruthFormat: String, Sendable {
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
    package init(fileName: String) {
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

/// Which ground-truth boxes an evaluation counts.
///
/// `all` counts every box except those the WIDER FACE evaluation ignores (the
/// `invalid` flag, and boxes with no area). `easy`, `medium` and `hard` count
/// only the boxes `difficulty.tsv` lists for that subset, as the official
/// WIDER FACE evaluation does; every other box is ignored there.
package enum EvaluationSubset: String, CaseIterable, Sendable, Comparable {
    case all
    case easy
    case medium
    case hard

    /// The WIDER FACE difficulty subsets, in order.
    package static let difficulties: [EvaluationSubset] = [.easy, .medium, .hard]

    package static func < (a: EvaluationSubset, b: EvaluationSubset) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}
