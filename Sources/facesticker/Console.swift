import FaceSticker
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the CLI talks to people: results on stdout, everything else on stderr.
enum Console {
    /// The one line an error gets, whatever bytes a user's file put into it. A
    /// Foundation file error that got this far is told as its file and strerror's
    /// reason, never as Foundation's dump.
    static func error(_ error: Error) {
        write("facesticker: \(oneLine(SystemReason.line(error) ?? "\(error)"))\n")
    }

    /// `text` fit for one terminal line: control characters (line breaks,
    /// escapes, C1 codes) shown as `\xNN` or `\u{NNNN}`, at most 2000 characters.
    static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                out += scalar.value < 0x100 ? "\\x" + String(format: "%02x", scalar.value) : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out.count > 2000 ? String(out.prefix(1997)) + "..." : out
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
        if level != .quiet { write(text + "\n") }
    }

    /// Details only -v asks for (settings, timings).
    static func detail(_ text: String) {
        if level == .verbose { write(text + "\n") }
    }

    /// A warning: printed whatever the level.
    static func warning(_ text: String) {
        write("facesticker: warning: \(oneLine(text))\n")
    }

    /// Text on stderr as it is (progress lines); not with -q.
    static func progress(_ text: String) {
        if level != .quiet { write(text) }
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
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = retryingOnInterrupt { bytes[offset...].withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) } }
            guard written > 0 else { return } // nowhere left to tell anyone
            offset += written
        }
    }
}

/// Stdout could not take a result line.
struct StandardOutputFailure: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "standard output: cannot write: \(String(cString: strerror(code)))" }
}
