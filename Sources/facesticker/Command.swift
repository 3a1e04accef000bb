import FaceSticker

/// One subcommand of the CLI: it parses and validates its arguments, then
/// hands the work to library types.
protocol Command {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    /// Runs with the arguments after the subcommand's name; returns the exit status.
    static func run(_ arguments: [String]) throws -> Int32
}

/// Exit statuses shared by every command (as the classic `facedetect` CLI uses them).
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let noFace: Int32 = 2
    /// The command line asks for something it must not do (an output on an input).
    static let usage: Int32 = 2
}
