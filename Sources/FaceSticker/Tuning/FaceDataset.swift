import Foundation

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
public struct FaceDataset: Sendable {
    /// The dataset folder, as given.
    public let folder: String
    /// The ground-truth file(s) read.
    public let groundTruthFiles: [String]
    public let format: GroundTruthFormat
    /// The images, in ground-truth order.
    public let images: [LabeledImage]
    /// Whether `difficulty.tsv` was read, so the easy/medium/hard subsets mean something.
    public let hasDifficulty: Bool

    public init(folder: String, groundTruthFiles: [String], format: GroundTruthFormat, images: [LabeledImage],
                hasDifficulty: Bool) {
        self.folder = folder
        self.groundTruthFiles = groundTruthFiles
        self.format = format
        self.images = images
        self.hasDifficulty = hasDifficulty
    }

    /// The subsets an evaluation of this dataset reports: `all`, plus easy,
    /// medium and hard when the difficulty file is there.
    public var subsets: [EvaluationSubset] { hasDifficulty ? EvaluationSubset.allCases : [.all] }

    /// Faces counted in `subset`, over all images.
    public func countedFaces(in subset: EvaluationSubset) -> Int {
        images.reduce(0) { sum, image in sum + image.faces.filter { $0.isCounted(in: subset) }.count }
    }

    /// Loads the dataset in `folder`; `groundTruth` names the ground-truth
    /// file when the folder's own cannot be found by name (format from its name).
    public static func load(folder: String, groundTruth: String? = nil) throws -> FaceDataset {
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
        var entries: [WiderGroundTruth.Entry] = []
        var sources: [String] = []
        for file in files {
            let parsed: [WiderGroundTruth.Entry]
            switch format {
            case .wider: parsed = try WiderGroundTruth.parse(TextLines(path: file))
            case .fddb: parsed = try FDDBGroundTruth.parse(TextLines(path: file))
            case .csv: parsed = try BoxListGroundTruth.parseCSV(TextLines(path: file))
            case .json: parsed = try BoxListGroundTruth.parseJSON(path: file)
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
        if hasDifficulty { try DifficultyFile.apply(TextLines(path: difficulty), to: &images) }
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
