import FaceSticker
import Foundation
import Testing

/// Every detector option takes its range from `DetectorParameter`: a value out of
/// range or of the wrong kind is one line naming the option, and nothing is written.
@Suite struct DetectorOptionTests {
    static let bad: [(String, String)] = [
        ("--verify-below", "1.5"), ("--verifier-score", "-0.1"), ("--max-upscale", "9"), ("--max-upscale", "nan"),
        ("--rotations", "sideways"), ("--verifier", "dlib"), ("--scale-factor", "1.0001"), ("--input-size", "99999"),
        ("--top-k", "2.5"), ("--face-mesh", "maybe"), ("--rescue-presence", "2"),
    ]

    @Test(arguments: ["detect", "photo", "video"], bad)
    func outOfRangeIsOneLineAndNoOutput(command: String, option: (String, String)) throws {
        let dir = try TemporaryDirectory()
        let input = command == "video" ? Fixtures.carphone : Fixtures.astronaut
        var arguments = [command, option.0, option.1, input]
        let output = dir.path(command == "video" ? "out.mp4" : "out.png")
        if command != "detect" { arguments += ["-o", output] }
        let run = try CLIRun(arguments)
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1 && run.stderr.contains(option.0), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// The options' help lists each one with its range and defaults, from the same table.
    @Test func helpListsEveryParameter() throws {
        let run = try CLIRun(["detect", "--help"])
        for parameter in DetectorParameter.allCases { #expect(run.stdout.contains(parameter.flag), "\(parameter.flag)") }
        #expect(run.stdout.contains("--max-upscale F") && run.stdout.contains("1...4"))
    }
}
