import FaceSticker
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the CLI talks to people: results on stdout, everything else on stderr.
///
/// Every line goes through one rule, `escaped`, so no byte of a file name, a
/// manifest or a device reaches the terminal as a control: `note`, `detail`,
/// `warning`, `error`, `progress` and `out` escape what they are given. Only
/// the program's own text (`outText`, `usageText`), JSON lines (`out(json:)`,
/// whose strings `JSONText` escapes) and image bytes go as they are.
enum Console {
    /// The one line an error gets, whatever bytes a user's file put into it. A
    /// Foundation file error that got this far is told as its file and strerror's
    /// reason, never as Foundation's dump.
    static func error(_ error: Error) {
        write("facesticker: \(line(error))\n")
    }

    /// An error as one line for a person: a file error's file and reason, a library
    /// setting named by its option (`SettingOptions`), escaped.
    static func line(_ error: Error) -> String {
        oneLine(SystemReason.line(error) ?? SettingOptions.text(error))
    }

    /// `escaped(text)`, at most 2000 characters: an error or warning line.
    static func oneLine(_ text: String) -> String {
        let out = escaped(text)
        return out.count > 2000 ? String(out.prefix(1997)) + "..." : out
    }

    /// The one escaping rule for text meant for a person. File names the user
    /// gave are shown as given (`FileNames.shownBytes`), then: a backslash is
    /// `\\`; a byte that is not UTF-8, and a C0 control or DEL, is `\xNN` (the
    /// byte); a C1 control (U+0080-U+009F), a line or paragraph separator and
    /// a bidirectional override or isolate is `\u{NNNN}` (the character).
    /// Everything else is itself, so the escaped text reads as the name and
    /// can be decoded back to its bytes without doubt.
    static func escaped(_ text: String) -> String {
        var out = ""
        FileNames.pieces(FileNames.shownBytes(text)) { piece in
            switch piece {
            case .byte(let byte): out += "\\x" + FileNames.hex(byte)
            case .scalar(let scalar):
                switch scalar.value {
                case 0x5C: out += "\\\\"
                case 0..<0x20, 0x7F: out += "\\x" + FileNames.hex(UInt8(truncatingIfNeeded: scalar.value))
                case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// How much a run says on stderr besides errors and warnings (-q, -v).
    enum Level: Int, Sendable {
        case quiet, normal, verbose
    }

    /// Set once from the command line, before any work.
    static var level: Level {
        get { Level(rawValue: levelValue.load(ordering: .relaxed)) ?? .normal }
        set { levelValue.store(newValue.rawValue, ordering: .relaxed) }
    }

    private static let levelValue = Atomic<Int>(Level.normal.rawValue)

    /// Information that is not a result (which detector ran, a summary); not with -q.
    static func note(_ text: String) {
        if level != .quiet { write(escaped(text) + "\n") }
    }

    /// Details only -v asks for (settings, timings).
    static func detail(_ text: String) {
        if level == .verbose { write(escaped(text) + "\n") }
    }

    /// A warning: printed whatever the level.
    static func warning(_ text: String) {
        write("facesticker: warning: \(oneLine(text))\n")
    }

    /// The progress line on a terminal, redrawn in place (`\r`, erase the line); not with -q.
    static func progress(_ line: String) {
        if level != .quiet { write("\r\u{1B}[K" + escaped(line)) }
    }

    /// Erases the progress line before other lines are written; not with -q.
    static func endProgress() {
        if level != .quiet { write("\r\u{1B}[K") }
    }

    /// Bytes on stdout (an image for `-o -`), checked as `out` is.
    static func outBytes(_ bytes: [UInt8]) throws {
        try checkStandardOutput()
        var offset = 0
        while offset < bytes.count {
            let written = retryingOnInterrupt { bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) } }
            if written < 0 { throw StandardOutputFailure(code: errno) }
            offset += written
        }
    }

    /// A result line on stdout, written at once and checked: a result that did
    /// not arrive (a full disk, a closed stdout, a reader gone) is an error,
    /// never a silent success.
    static func out(_ text: String) throws {
        try outBytes(Array((escaped(text) + "\n").utf8))
    }

    /// A JSON line on stdout, as it is (its strings are escaped by `JSONText`), checked as `out` is.
    static func out(json: String) throws {
        try outBytes(Array((json + "\n").utf8))
    }

    /// The program's own text on stdout, as it is (help, the completion script), checked as `out` is.
    static func outText(_ text: String) throws {
        try outBytes(Array((text + "\n").utf8))
    }

    /// The usage text or a usage error line on stderr, whatever the level.
    static func usageText(_ text: String) {
        write(text + "\n")
    }

    /// Run first: a standard stream that was closed (`>&-`) is held open on
    /// /dev/null, so no file we open can take its number and receive our
    /// output; a closed stdout makes every `out` fail.
    static func reserveStandardStreams() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            if fd == STDOUT_FILENO { standardOutputWasClosed.store(true, ordering: .relaxed) }
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0, opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// Throws what writing to a closed stdout (`>&-`) would: for a command
    /// that writes there without `out` (`live --y4m -`), before any work.
    static func checkStandardOutput() throws {
        if standardOutputWasClosed.load(ordering: .relaxed) { throw StandardOutputFailure(code: EBADF) }
    }

    private static let standardOutputWasClosed = Atomic<Bool>(false)

    private static func write(_ text: String) {
        // A signal is ending the run: its line is the only one (a child it
        // killed must not be reported as a failure), and its handler exits.
        if Cleanup.ending { parkUntilExit() }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = retryingOnInterrupt { bytes[offset...].withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) } }
            guard written > 0 else { return } // nowhere left to tell anyone
            offset += written
        }
    }

    /// Waits for the signal handler that is ending the run to exit the process.
    static func parkUntilExit() -> Never {
        while true { pause() }
    }
}

/// Stdout could not take a result line.
struct StandardOutputFailure: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "standard output: cannot write: \(Errno(code).description)" }
}
