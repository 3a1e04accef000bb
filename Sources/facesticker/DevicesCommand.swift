import FaceSticker

/// `facesticker devices`: the video devices, their formats, sizes and controls.
enum DevicesCommand: Command {
    static let name = "devices"
    static let summary = "list cameras with their driver, formats, frame sizes and controls"
    static let synopsis = "[options] [DEVICE...]"
    static let details = """
    Describes every /dev/video* node (or the DEVICEs named): card and driver,
    pixel formats with their frame sizes, and controls with their range,
    default and current value. Control names are those `selfie --set` takes.
    An output device (a v4l2loopback virtual camera for `live --virtual-camera`)
    is listed as one, with its output formats. No device at all is no error;
    a DEVICE named that cannot be described is (exit status 1).
    """
    static let examples = [
        Example("facesticker devices", "Lists every camera: driver, formats, frame sizes and controls."),
        Example("facesticker devices --json /dev/video0", "One JSON object describing /dev/video0."),
    ]

    static let json = Flag("--json", help: "one JSON object per device on stdout (schema: docs/command-line.md, --json)")
    static var groups: [OptionGroup] { [OptionGroup(nil, [json])] }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let named = arguments.positionals
        let json = arguments[Self.json]
        let paths = named.isEmpty ? VideoDevices.paths() : named
        guard !paths.isEmpty else {
            Console.note("devices: no video devices (no /dev/video* on this machine)")
            return ExitStatus.success
        }
        var status = ExitStatus.success
        for (index, path) in paths.enumerated() {
            let report = V4L2DeviceReport.probe(path: path)
            // A device named on purpose that is no camera is an error (its JSON object says so too);
            // in the full list it is a line.
            if !named.isEmpty, let problem = report.problem {
                let error = FaceStickerError.unreadable(path: path, reason: problem)
                Console.error(error)
                status = ExitStatus.failure
                if json { try Console.out(json: Self.json(report, error: error)) }
                continue
            }
            if json {
                try Console.out(json: Self.json(report))
                continue
            }
            if index > 0 { try Console.out("") }
            try report.lines.forEach { try Console.out($0) }
        }
        return status
    }

    /// `{"device", "card", "driver", "kind", "problem", "formats": [{"fourcc", "description", "sizes"}],
    /// "formatsTruncated", "controls": [{"name", "key" (what --set takes), "type", "minimum", "maximum", "step", "default", "value"}]}`,
    /// and "error" (the stderr line) for a device named that could not be described.
    static func json(_ report: V4L2DeviceReport, error: Error? = nil) -> String {
        var object = JSONObject()
        object.add("device", report.path)
        object.add("card", report.capability?.card)
        object.add("driver", report.capability?.driver)
        object.add("kind", report.kind?.rawValue)
        object.add("problem", report.problem)
        let formats = report.formats.map { entry -> JSONOutput in
            var format = JSONObject()
            format.add("fourcc", "\(entry.format.fourcc)")
            format.add("description", entry.format.description)
            format.add("sizes", strings: entry.sizes.map(\.description))
            return format.value
        }
        object.add("formats", .array(formats))
        object.add("formatsTruncated", .bool(report.formatsTruncated))
        let controls = report.controls.map { entry -> JSONOutput in
            var control = JSONObject()
            control.add("name", entry.control.name)
            control.add("key", entry.control.key)
            control.add("type", entry.control.kind.jsonName)
            control.add("minimum", entry.control.minimum)
            control.add("maximum", entry.control.maximum)
            control.add("step", entry.control.step)
            control.add("default", entry.control.defaultValue)
            control.add("value", .optional(entry.value) { .int(Int($0)) })
            return control.value
        }
        object.add("controls", .array(controls))
        if let error { object.add("error", Console.line(error)) }
        return object.text
    }
}
