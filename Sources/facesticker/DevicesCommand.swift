import FaceSticker

/// `facesticker devices`: the video devices, their formats, sizes and controls.
enum DevicesCommand: Command {
    static let name = "devices"
    static let summary = "list cameras with their driver, formats, frame sizes and controls"
    static let usage = """
    usage: facesticker devices [DEVICE...]

    Describes every /dev/video* node (or the DEVICEs named): card and driver,
    pixel formats with their frame sizes, and controls with their range,
    default and current value. Control names are those `selfie --set` takes.
    Exit status: 0, also when there is no device; 1 when a DEVICE named
    cannot be described.
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parser = ArgumentParser(arguments)
        let named = try parser.positionals()
        let paths = named.isEmpty ? VideoDevices.paths() : named
        guard !paths.isEmpty else {
            Console.note("devices: no video devices (no /dev/video* on this machine)")
            return ExitStatus.success
        }
        var status = ExitStatus.success
        for (index, path) in paths.enumerated() {
            let report = V4L2DeviceReport.probe(path: path)
            // A device named on purpose that is no camera is an error; in the full list it is a line.
            if !named.isEmpty, let problem = report.problem {
                Console.error(FaceStickerError.unreadable(path: path, reason: problem))
                status = ExitStatus.failure
                continue
            }
            if index > 0 { try Console.out("") }
            try report.lines.forEach { try Console.out($0) }
        }
        return status
    }
}
