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
        ("--small-face-below", "-1"), ("--small-face-score", "1.5"), ("--large-face-from", "20000"),
        ("--large-face-score", "nan"),
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

    /// A config changes only the keys it names (issue #44): under either profile, a config naming
    /// one key gives the run's settings without it, that key alone changed, and `-v` says where
    /// each came from (the profile, the config, an option). Before, any config dropped the
    /// profile's settings (the recall profile's lower thresholds came back as precision's).
    @Test(arguments: DetectorParameter.allCases, [DetectionProfile.precision, .recall])
    func aConfigChangesOnlyTheKeyItNames(parameter: DetectorParameter, profile: DetectionProfile) throws {
        let dir = try TemporaryDirectory()
        func settingsLine(_ extra: [String]) throws -> [String] {
            let run = try CLIRun(["detect", Fixtures.astronaut, "--profile", profile.rawValue, "-v"] + extra)
            try #require(run.status == 0, "\(run.stderr)")
            let line = try #require(run.stderrLines.first { $0.hasPrefix("detector: ") }, "\(run.stderr)")
            return line.components(separatedBy: ", ")
        }
        let plain = try settingsLine([])
        let kind = try #require(DetectorKind(rawValue: String(plain[0].dropFirst(10).prefix { $0 != " " })), "\(plain)")
        #expect(plain.dropFirst().allSatisfy { $0.hasSuffix("(profile \(profile.rawValue))") }, "\(plain)")
        // -v lists what this detector uses; a key it does not use changes nothing it shows.
        guard parameter.applies(to: kind) else { return }
        let value = Self.another(parameter, than: DetectorSettings.defaults(for: kind, use: .photo, profile: profile)[parameter])
        var json = Self.text(value, parameter)
        if case .choice(let names) = parameter.spec.value { json = "\"\(names[Int(value)])\"" }
        let configured = try settingsLine(["--config", try dir.write("c.json", "{\"\(parameter.key)\": \(json)}")])
        #expect(configured.count == plain.count)
        for (before, after) in zip(plain, configured) {
            if before.hasPrefix(parameter.key + " ") {
                #expect(after == "\(parameter.key) \(parameter.describe(value)) (config)")
            } else {
                #expect(before == after, "only \(parameter.key) changes")
            }
        }
        // An option on top of the config wins, and says so.
        if case .choice = parameter.spec.value { return }
        let option = try settingsLine(["--config", dir.path("c.json"), parameter.flag,
                                         Self.text(DetectorSettings.defaults(for: kind)[parameter], parameter)])
        #expect(option.contains { $0.hasPrefix(parameter.key + " ") && $0.hasSuffix("(\(parameter.flag))") }, "\(option)")
    }

    /// `value` as an option or a config takes it: whole numbers without a fraction.
    static func text(_ value: Double, _ parameter: DetectorParameter) -> String {
        if case .whole = parameter.spec.value, let whole = Int(exactly: value) { return String(whole) }
        return String(value)
    }

    /// A valid value of `parameter` other than `current`.
    static func another(_ parameter: DetectorParameter, than current: Double) -> Double {
        let range = parameter.spec.range
        switch parameter.spec.value {
        case .choice(let names): return Double((Int(current) + 1) % names.count)
        case .whole: return current + 1 <= range.upperBound ? current + 1 : current - 1
        case .number: return ((current + (current < range.upperBound ? range.upperBound : range.lowerBound)) / 2 * 100).rounded() / 100
        }
    }
}
