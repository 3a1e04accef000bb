import FaceSticker
import Foundation
import Testing

/// The recall profile, as a user meets it: `--sticker blur|pixelate|solid` alone
/// finds the faces the sticker profile leaves (turned heads, tiny faces in a
/// crowd), the detector options override it, and stickers keep precision.
@Suite struct RecallProfileTests {
    /// wider-dev photos where the sticker profile leaves faces a person would
    /// recognise: protesters seated with heads turned down and a crowd of tiny
    /// faces behind them; a top-down circle of dancers; a crowd at a rally.
    static let crowds = [
        "2--Demonstration/2_Demonstration_Protesters_2_163.jpg",
        "7--Cheering/7_Cheering_Cheering_7_195.jpg",
        "2--Demonstration/2_Demonstration_Demonstration_Or_Protest_2_813.jpg",
    ]

    /// `tune --mask SPEC` on those photos: every easy and medium face hidden with the
    /// recall profile, most of the hard (tiny) ones too; the sticker profile leaves
    /// many of each, so the difference is the profile's.
    @Test(Fixtures.needsShared("data/wider-dev"), arguments: ["solid", "blur"])
    func turnedAndTinyFacesAreHidden(spec: String) throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: Self.crowds.count, names: Self.crowds)
        let recall = try TuneMaskTests.rows(CLIRun(["tune", "--dataset", dataset, "--mask", spec]))
        let precision = try TuneMaskTests.rows(CLIRun(["tune", "--dataset", dataset, "--mask", spec,
                                                       "--profile", "precision"]))
        let (easy, medium, hard) = (recall[0], recall[1], recall[2])
        #expect(medium.faces >= 15 && hard.faces >= 50, "the photos hold crowds: \(recall)")
        #expect(easy.unhidden == 0 && medium.unhidden == 0, "\(recall)")
        #expect(Double(hard.underHalf) <= 0.1 * Double(hard.faces), "\(hard)")
        #expect(precision[1].unhidden >= 8 && precision[2].unhidden >= 30,
                "the sticker profile leaves turned and tiny faces: \(precision)")
    }

    /// What `-v` and `--json` say: the profile each run uses, and the options on top of it.
    @Test(Fixtures.needsShared("data/photos/astronaut.png"), arguments: [
        (["--sticker", "blur"], "recall", "scoreThreshold 0.03", "verifier none"),
        (["--sticker", "pixelate:6", "--sticker", "solid"], "recall", "scoreThreshold 0.03", "verifier none"),
        (["--sticker", "blur", "--score-threshold", "0.3"], "recall", "scoreThreshold 0.3", "verifier none"),
        (["--sticker", "blur", "--verifier", "yunet"], "recall", "scoreThreshold 0.03", "verifier yunet"),
        (["--sticker", "blur", "--profile", "precision"], "precision", "scoreThreshold 0.38", "verifier yunet"),
        (["--sticker", "sunglasses"], "precision", "scoreThreshold 0.38", "verifier yunet"),
        (["--sticker", "blur", "--sticker", "sunglasses"], "precision", "scoreThreshold 0.38", "verifier yunet"),
        (["--sticker", "sunglasses", "--profile", "recall"], "recall", "scoreThreshold 0.03", "verifier none"),
    ])
    func theProfileIsNamedAndOverridden(options: [String], profile: String, threshold: String, verifier: String) throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(["photo", "-v", "--json", "-o", dir.path("out.png"),
                              Fixtures.sharedPath("data/photos/astronaut.png")] + options)
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stderrLines.first { $0.hasPrefix("detector: ") }, "\(run.stderr)")
        #expect(line.hasPrefix("detector: centerface (profile \(profile)),"), "\(line)")
        #expect(line.contains(threshold + " (") && line.contains(verifier + " ("), "\(line)")
        #expect(run.stdout.contains("\"profile\": \"\(profile)\""), "\(run.stdout)")
        // --json tells the same settings and sources as -v (issue #44).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let settings = try #require(object["settings"] as? [String: [String: Any]], "\(run.stdout)")
        for parameter in DetectorParameter.allCases where parameter.applies(to: .centerface) {
            let entry = try #require(settings[parameter.key], "\(parameter.key) in \(run.stdout)")
            let value = entry["value"].map { "\($0)" } ?? "", from = entry["from"] as? String ?? ""
            #expect(line.contains("\(parameter.key) \(value) (\(from))"), "\(parameter.key): \(entry) against \(line)")
        }
        #expect(settings.count == DetectorParameter.allCases.filter { $0.applies(to: .centerface) }.count)
    }

    /// Photos the recall profile wiped (issue #44): candidates of 100-300 px at scores of 0.03-0.15
    /// on smoke, shirts, snow and print, each masked with its margin, covered 90-98% of them.
    static let wipedBefore = [
        "2--Demonstration/2_Demonstration_Demonstrators_2_666.jpg",
        "9--Press_Conference/9_Press_Conference_Press_Conference_9_332.jpg",
        "6--Funeral/6_Funeral_Funeral_6_690.jpg",
    ]

    /// Trust by size: a large candidate needs 0.2, so none of them is wiped and little is masked
    /// outside the faces, while their easy and medium faces stay hidden; without the size rule
    /// (one threshold, 0.03, as before) they are wiped again.
    @Test(Fixtures.needsShared("data/wider-dev")) func largeUnsureCandidatesDoNotWipeAPicture() throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: Self.wipedBefore.count, names: Self.wipedBefore)
        let now = try TuneMaskTests.rows(CLIRun(["tune", "--dataset", dataset, "--mask", "solid"]))
        let config = try dir.write("one-threshold.json", #"{"scoreThreshold": 0.03, "smallFaceBelow": 0, "largeFaceFrom": 0}"#)
        let before = try TuneMaskTests.rows(CLIRun(["tune", "--dataset", dataset, "--mask", "solid", "--config", config]))
        func outsideMean(_ row: TuneMaskTests.Row) -> Double { Double(row.outside.prefix { $0 != "%" }) ?? 100 }
        #expect(now[3].wiped == 0 && outsideMean(now[3]) < 10, "\(now)")
        #expect(now[0].unhidden == 0 && now[1].unhidden == 0, "\(now)")
        #expect(before[3].wiped >= 1 && outsideMean(before[3]) > 25, "\(before)")
    }

    /// The size rule, in the detector copy's pixels: under `smallFaceBelow` a face needs
    /// `smallFaceScore`, from `largeFaceFrom` `largeFaceScore`; between them the threshold has decided.
    /// Only large faces get the face mesh. Off (0) by default; the recall profile sets it for photos.
    @Test(arguments: [(10.0, 0.06, false), (10.0, 0.07, true), (15.9, 0.05, false), (16.0, 0.05, true),
                      (47.9, 0.04, true), (48.0, 0.19, false), (48.0, 0.2, true), (300.0, 0.1, false)])
    func trustBySize(width: Double, score: Double, kept: Bool) throws {
        let recall = DetectorSettings.defaults(for: .centerface, use: .photo, profile: .recall)
        #expect(recall.scoreSuffices(score, width: width) == kept)
        #expect(recall.meshes(side: width) == (width >= 48))
        let precision = DetectorSettings.defaults(for: .centerface, use: .photo, profile: .precision)
        #expect(precision.scoreSuffices(score, width: width) && precision.meshes(side: width))
        let video = DetectorSettings.defaults(for: .centerface, use: .video, profile: .recall)
        #expect(video.smallFaceBelow == 0 && video.largeFaceFrom == 32 && video.largeFaceScore == DetectionProfile.videoSureScore)
        #expect(video.scoreSuffices(0.1, width: 31.9) && !video.scoreSuffices(0.19, width: 32))
        var bad = recall
        bad.largeFaceFrom = 8
        #expect(throws: FaceStickerError.self) { try bad.validate() }
    }

    /// Video keeps its own recall threshold (a false face there is a blob held for a
    /// second), and a config file changes only the keys it names (issue #44): the rest stay the profile's.
    @Test(Fixtures.needsShared("data/video/carphone.mp4")) func videoAndConfigFiles() throws {
        let dir = try TemporaryDirectory()
        let clip = Fixtures.sharedPath("data/video/carphone.mp4")
        let video = try CLIRun(["video", "-v", "--json", "--sticker", "blur", "--detect-every", "30",
                                "-o", dir.path("out.mp4"), clip])
        #expect(video.status == 0, "\(video.stderr)")
        let line = try #require(video.stderrLines.first { $0.hasPrefix("detector: ") }, "\(video.stderr)")
        #expect(line.hasPrefix("detector: centerface (profile recall),") && line.contains("scoreThreshold 0.1 (profile recall),"), "\(line)")
        #expect(video.stdout.contains("\"profile\": \"recall\""), "\(video.stdout)")
        let config = dir.path("tuned.json")
        try Data(#"{"detector": "yunet", "scoreThreshold": 0.7}"#.utf8).write(to: URL(fileURLWithPath: config))
        let photo = try CLIRun(["photo", "-v", "--sticker", "blur", "--config", config, "-o", dir.path("out.png"),
                                Fixtures.sharedPath("data/photos/astronaut.png")])
        #expect(photo.status == 0, "\(photo.stderr)")
        #expect(photo.stderr.contains("detector: yunet (profile recall), ") && photo.stderr.contains("scoreThreshold 0.7 (config),"),
                "\(photo.stderr)")
        let recall = DetectorSettings.defaults(for: .yunet, use: .photo, profile: .recall)
        #expect(photo.stderr.contains("verifier \(recall.verifier.rawValue) (profile recall),"), "\(photo.stderr)")
    }

    /// A profile that does not exist is a usage error, one line, before anything is read or written.
    @Test(arguments: ["photo", "video", "selfie", "live", "detect"])
    func anUnknownProfileIsOneLine(command: String) throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun([command, "--profile", "sticky", dir.path("in.png")])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("--profile") && run.stderr.contains("sticky"),
                "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty, "nothing written")
    }
}
