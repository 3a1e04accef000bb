import Foundation
import Testing

/// Issue 15, class 4: success is reported only when the result arrived. A
/// stdout on a full disk or closed is exit 1 with one line; a reader that
/// leaves (`| head`) ends the run quietly, as cat does.
@Suite struct StandardOutputTests {
    /// The arguments after `facesticker` (PHOTO, OUT filled in) and the shell
    /// redirection of its stdout.
    static let cases: [([String], String)] = [
        (["detect", "--json", "--detector", "haar", "PHOTO"], "> /dev/full"),
        (["detect", "--detector", "haar", "PHOTO"], "> /dev/full"),
        (["detect", "--detector", "haar", "PHOTO"], ">&-"),
        (["stickers"], "> /dev/full"),
        (["stickers"], ">&-"),
        (["selfie", "--detector", "haar", "--source", "PHOTO", "-o", "OUT"], "> /dev/full"),
        (["--help"], "> /dev/full"),
        (["--version"], ">&-"),
    ]

    @Test(arguments: cases)
    func aResultThatCannotBeWrittenIsAFailure(arguments: [String], redirection: String) throws {
        let dir = try TemporaryDirectory()
        let filled = arguments.map {
            $0.replacingOccurrences(of: "PHOTO", with: Fixtures.astronaut).replacingOccurrences(of: "OUT", with: dir.path("out.png"))
        }
        let run = try CLIRun(shell: "\"$0\" \"$@\" \(redirection)", filled)
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("facesticker: ") }
        #expect(lines.count == 1 && run.stderr.contains("standard output: cannot write"), "\(run.stderr)")
    }

    @Test func aReaderThatLeavesEndsItQuietly() throws {
        let run = try CLIRun(shell: "\"$0\" \"$@\" | head -c 1 > /dev/null; exit ${PIPESTATUS:-0}", ["stickers"])
        #expect(!run.stderr.contains("facesticker:"), "\(run.stderr)")
    }
}
