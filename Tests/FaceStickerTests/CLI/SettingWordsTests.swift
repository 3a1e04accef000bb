import Foundation
import Testing
@testable import FaceSticker

/// The library speaks in its own words and the CLI in its flags: a library message names a
/// setting (`SettingName`), which a Swift program reads as `crf` and the CLI as `--crf`.
@Suite struct SettingWordsTests {
    /// Every non-comment line of the Swift files under `folder`, with its file's name.
    static func codeLines(under folder: String) throws -> [(file: String, line: String)] {
        let root = Fixtures.root.appendingPathComponent(folder)
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        return try files.flatMap { file in
            try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
                .map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .map { (file, $0) }
        }
    }

    @Test func noLibraryMessageNamesAFlag() throws {
        let flag = /"[^"]*(?:[^-\w])--[a-z][a-z-]+|"--[a-z][a-z-]+/
        let library = try ["FaceStickerCore", "FaceStickerNative", "FaceStickerMedia", "FaceStickerVision",
                           "FaceStickerRender", "FaceStickerPipelines", "FaceStickerTuning", "FaceSticker"]
            .flatMap { try Self.codeLines(under: "Sources/" + $0) }
        let naming = library.filter { $0.line.contains(flag) }.map { "\($0.file): \($0.line)" }
        #expect(naming.isEmpty, "\(naming.joined(separator: "\n"))")
    }

    @Test func everySettingIsAnOptionOfTheCLI() throws {
        let cli = try Self.codeLines(under: "Sources/facesticker").map(\.line).joined(separator: "\n")
        for setting in SettingName.all {
            #expect(cli.contains("setting: .\(setting.rawValue)"), "no option declares setting: .\(setting.rawValue)")
        }
    }

    @Test func aSwiftProgramReadsTheSettingsName() {
        #expect(throws: FaceStickerError.invalidArgument("\(setting: .crf): 60 is outside 0...51")) {
            try EncoderSettings(crf: 60).validate()
        }
        #expect("\(FaceStickerError.invalidArgument("\(setting: .end) is not after \(setting: .start)"))"
                == "end is not after start")
    }

    /// The same checks from the command line: the options, also inside a sentence.
    @Test(arguments: [
        (["--crf", "60"], "facesticker: --crf: 60 is outside 0...51"),
        (["--start", "2", "--to", "1.5"], "facesticker: --to: 1.5 s is not after --start 2 s (--to is a time in the input, not a length)"),
        (["--keep-rest"], "facesticker: --keep-rest: give the range too (--start, --duration or --to)"),
        (["--duration", "1", "--to", "2"],
         "facesticker: --duration and --to: give one of them (--to is a time in the input, --duration a length)"),
    ])
    func theCLINamesItsOptions(arguments: [String], line: String) throws {
        let run = try CLIRun(["video", Fixtures.carphone, "-o", "/nonexistent/out.mp4"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderrLines == [line], "\(run.stderr)")
    }
}
