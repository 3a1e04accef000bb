import FaceSticker
import Foundation
import Testing

/// `facesticker devices`, on machines without a camera and with files that are not cameras.
@Suite struct DevicesCommandTests {
    @Test(.enabled(if: VideoDevices.paths().isEmpty, "this machine has a camera"))
    func withoutADeviceItSaysSoAndSucceeds() throws {
        let run = try CLIRun(["devices"])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines == ["devices: no video devices (no /dev/video* on this machine)"])
    }

    @Test(.enabled(if: !VideoDevices.paths().isEmpty, "no /dev/video* device on this machine"))
    func describesEachDevice() throws {
        let run = try CLIRun(["devices"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("/dev/video"))
    }

    @Test(arguments: [
        ("/dev/null", "facesticker: /dev/null: not a V4L2 video device"),
        ("/nonexistent/video3", "facesticker: /nonexistent/video3: no such device"),
    ])
    func aNamedNodeThatIsNoCameraIsAnError(path: String, message: String) throws {
        let run = try CLIRun(["devices", path])
        #expect(run.status == 1)
        #expect(run.stderrLines == [message])
        #expect(run.stdout.isEmpty)
    }

    /// A node named that is no camera still gets its JSON object, with the stderr line as "error".
    @Test(arguments: [
        ("/dev/null", "not a V4L2 video device"),
        ("/nonexistent/video3", "no such device"),
    ])
    func aNamedNodeThatIsNoCameraHasItsJSONObject(path: String, problem: String) throws {
        let run = try CLIRun(["devices", "--json", path])
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: \(path): \(problem)"])
        #expect(run.stdoutLines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["device"] as? String == path)
        #expect(object["problem"] as? String == problem)
        #expect(object["error"] as? String == "\(path): \(problem)")
        #expect(object["kind"] is NSNull)
        #expect(object["formatsTruncated"] as? Bool == false)
        #expect((object["formats"] as? [Any])?.isEmpty == true)
    }

    @Test func unknownOptionsAreRefused() throws {
        let run = try CLIRun(["devices", "--all"])
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: unknown option --all for devices (see --help)"])
    }
}
