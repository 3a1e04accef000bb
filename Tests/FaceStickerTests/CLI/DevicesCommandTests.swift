import FaceSticker
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

    @Test func unknownOptionsAreRefused() throws {
        let run = try CLIRun(["devices", "--all"])
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: unknown option --all for devices (see --help)"])
    }
}
