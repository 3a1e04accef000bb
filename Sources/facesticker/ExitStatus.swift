import FaceSticker

// The exit statuses and how a batch run ends.

/// Exit statuses, the same for every command; `table` is what help, the man
/// pages and the README say about them.
enum ExitStatus {
    /// Done: every output written (those of pictures without a face too, without stickers).
    static let success: Int32 = 0
    /// An input or an output failed (unreadable or damaged input, a failed write, ffmpeg failing); the others are done.
    static let failure: Int32 = 1
    /// The command line is wrong: a bad option or value, an unknown sticker or filter, an output on an input,
    /// an output already there without -y.
    static let usage: Int32 = 2
    /// Done, but with `--require-face` some input had no face (its output is still written). 1 wins over 3.
    static let noFace: Int32 = 3
    /// A signal N ended the run: 128 + N, as a shell reports it.
    static func signal(_ number: Int32) -> Int32 { 128 + number }

    /// Each status and what it means, for help texts and man pages.
    static let table: [(status: String, meaning: String)] = [
        ("\(success)", "done: every output written, those of pictures without a face included (unstickered, with a note)"),
        ("\(failure)", "an input or an output failed (unreadable or damaged input, a write that failed, ffmpeg failing); "
            + "the other inputs are still done"),
        ("\(usage)", "usage error: a bad option or value, an unknown sticker or filter name, an output that would "
            + "overwrite an input, an output already there without -y/--overwrite; nothing is done"),
        ("\(noFace)", "with --require-face: done, but some input had no face (a video: in no frame; selfie: the shot); "
            + "the outputs are still written, and 1 wins when both happen"),
        ("128+N", "signal N (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2) ended the run; no partial output "
            + "and no child process is left"),
    ]
}

/// How a run that does many inputs ends: the counts of its summary line and
/// its exit status (`ExitStatus`: a failure wins over a missing face).
struct RunOutcome {
    /// `--require-face`: an input without a face makes the status 3.
    let requireFace: Bool
    var written = 0
    var skipped = 0
    var failed = 0
    var withoutFace = 0

    var status: Int32 {
        if failed > 0 { return ExitStatus.failure }
        return requireFace && withoutFace > 0 ? ExitStatus.noFace : ExitStatus.success
    }

    /// `3 written, 1 skipped (already there), 0 failed` (`, 1 without a face` when some).
    var summary: String {
        "\(written) written, \(skipped) skipped (already there), \(failed) failed"
            + (withoutFace > 0 ? ", \(withoutFace) without a face" : "")
    }
}
