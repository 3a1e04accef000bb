import FaceSticker

/// What the program reads from its surroundings, each in one table: the
/// variables (ENVIRONMENT in every man page) and where files are looked for
/// (FILES; the orders come from the library, which searches them).
enum Reference {
    /// Every environment variable the program reads, and what for.
    static let environment: [(name: String, meaning: String)] = [
        (ModelStore.environmentVariable, "a folder searched first for the YuNet and CenterFace models (see FILES)"),
        (StickerLibrary.environmentVariable, "a folder searched first for stickers.json and its art (see FILES)"),
        ("FACESTICKER_SHARD", "I/N for --shard auto, before any scheduler's variables"),
        ("SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_MAX, SLURM_ARRAY_TASK_STEP, SLURM_ARRAY_TASK_COUNT",
         "a Slurm job array's task: I and N for --shard auto"),
        ("JOB_COMPLETION_INDEX", "a Kubernetes Indexed Job's index: I for --shard auto (N from FACESTICKER_SHARD_COUNT)"),
        ("AWS_BATCH_JOB_ARRAY_INDEX", "an AWS Batch array job's index: I for --shard auto (N from FACESTICKER_SHARD_COUNT)"),
        ("FACESTICKER_SHARD_COUNT", "N for --shard auto with JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX"),
        (PreviewWindow.displayVariables.joined(separator: ", "),
         "where a --preview window opens (a Qt platform such as offscreen needs no display); with none set, "
            + "selfie says so and carries on without a window"),
        ("TMPDIR", "the folder for temporary files (default /tmp)"),
        ("PATH", "where ffmpeg and ffprobe are found (video, and video files as a selfie or live source)"),
        ("LIBV4L2_LOG_FILENAME", "libv4l2's log file; when unset, libv4l2 logs nothing"),
    ]

    /// The FILES section: what is looked for, and where, in order.
    static var files: [(what: String, places: [String])] {
        [
            ("Models (\(ModelStore.yunetFile), \(ModelStore.centerFaceFile), and the face mesh, \(ModelStore.meshFile), "
                + "which `make mesh` converts): the first of", ModelStore.searchOrder.map(\.description)),
            ("Haar cascades (--detector haar)", [ModelStore.haarFolder + ", from Debian's opencv-data"]),
            ("Stickers (stickers.json and the art it names): the first of", StickerLibrary.searchOrder.map(\.description)),
            ("Detector settings", ["only the --config FILE named (JSON, as tune -o writes it); none is read otherwise"]),
        ]
    }
}
