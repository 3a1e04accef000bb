import FaceStickerNative
/// What `facesticker devices` says about one video device: driver, card,
/// formats with their frame sizes, and controls with their ranges and values;
/// for an output device (a v4l2loopback virtual camera) its output formats.
package struct V4L2DeviceReport: Sendable {
    /// One pixel format and the frame sizes offered for it.
    package struct FormatEntry: Sendable {
        package var format: V4L2FormatDescription
        package var sizes: [V4L2FrameSize]
    }

    /// One control and its current value (nil when it cannot be read).
    package struct ControlEntry: Sendable {
        package var control: V4L2Control
        package var value: Int?
    }

    /// What the node is good for (`devices --json` "kind").
    package enum Kind: String, Sendable {
        /// A camera: `selfie --device`, `live --device`.
        case camera
        /// A video output node: a v4l2loopback one is what `--virtual-camera` writes to.
        case output
    }

    package var path: String
    /// Nil when the node could not be opened or queried.
    package var capability: V4L2Capability?
    /// Nil when the node is neither (`problem` says why).
    package var kind: Kind?
    /// Why the node is not a usable camera or output, in words; nil when it is one.
    package var problem: String?
    package var formats: [FormatEntry] = []
    /// The driver offers more than `V4L2Camera.formatLimit` formats; only those are listed.
    package var formatsTruncated = false
    package var controls: [ControlEntry] = []

    /// Opens and queries `path`. Never throws: a node that is not a camera, or
    /// that fails, gets its reason in `problem`.
    package static func probe(path: String, system: any V4L2OutputSystem = V4L2()) -> V4L2DeviceReport {
        var report = V4L2DeviceReport(path: path)
        // Queried apart from V4L2Camera so that nodes it refuses still show their card and driver.
        if let fd = try? system.open(path) {
            defer { system.close(fd) }
            report.capability = try? system.queryCapability(fd)
            if let capability = report.capability, !capability.canCapture, capability.canOutput {
                report.describeOutput(fd: fd, system: system)
                return report
            }
        }
        do {
            let camera = try V4L2Camera(path: path, system: system)
            defer { camera.close() }
            let (formats, truncated) = try camera.formatList()
            report.formats = try formats.map { FormatEntry(format: $0, sizes: try camera.frameSizes(for: $0.fourcc)) }
            report.formatsTruncated = truncated
            report.controls = try camera.controls().map { control in
                ControlEntry(control: control, value: control.kind.hasValue && !control.writeOnly
                             ? try? camera.value(of: control) : nil)
            }
            report.kind = .camera
        } catch {
            report.problem = report.reason(error)
        }
        return report
    }

    /// An output node's formats (VIDIOC_ENUM_FMT on the output type) and their sizes.
    private mutating func describeOutput(fd: Int32, system: any V4L2OutputSystem) {
        do {
            let found = try V4L2Camera.list(limit: V4L2Camera.formatLimit) { index throws(V4L2SystemError) in
                try system.enumerateOutputFormat(fd, index: index)
            }
            formats = try found.entries.map { format in
                FormatEntry(format: format, sizes: try V4L2Camera.frameSizes(for: format.fourcc, path: path, fd: fd,
                                                                             system: system))
            }
            formatsTruncated = found.truncated
            kind = .output
        } catch let error as V4L2SystemError {
            problem = reason(CameraFailure.describe(path, error, doing: "list formats"))
        } catch {
            problem = reason(error)
        }
    }

    /// An error's line without the device path in front.
    private func reason(_ error: Error) -> String {
        "\(error)".hasPrefix(path + ": ") ? String("\(error)".dropFirst(path.count + 2)) : "\(error)"
    }

    /// The report as text: a heading line, then indented formats and controls.
    package var lines: [String] {
        var heading = path
        if let c = capability { heading += ": \(c.card) (driver \(c.driver), \(c.busInfo))" }
        if let problem { return [heading + ": " + problem] }
        var out = [heading]
        if kind == .output {
            out.append(capability?.isLoopback == true
                       ? "  a virtual camera (v4l2loopback output): a live run can write to it"
                       : "  a video output device")
        }
        out.append(kind == .output ? "  output formats:" : "  formats:")
        for entry in formats {
            let f = entry.format
            let notes = [f.compressed ? "compressed" : nil, f.emulated ? "converted by libv4l2" : nil].compactMap { $0 }
            let name = "    \(f.fourcc) \(f.description)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
            out.append(name + ": " + (entry.sizes.isEmpty ? "sizes not listed" : entry.sizes.map(\.description).joined(separator: " ")))
        }
        if formatsTruncated { out.append("    (the first \(V4L2Camera.formatLimit) formats; the driver lists more)") }
        // Controls are a camera's (`--set`); an output node's are not listed.
        guard kind != .output else { return out }
        out.append(controls.isEmpty ? "  controls: none" : "  controls:")
        for entry in controls { out.append("    " + describe(entry)) }
        return out
    }

    private func describe(_ entry: ControlEntry) -> String {
        let c = entry.control
        var text = "\(c.key) (\(c.kind.name))"
        if c.kind.hasValue {
            text += " \(c.minimum)...\(c.maximum)"
            if c.kind == .integer, c.step != 1 { text += " step \(c.step)" }
            text += ", default \(c.defaultValue)"
            if let value = entry.value { text += ", now \(value)" }
        }
        var flags: [String] = []
        if c.readOnly { flags.append("read-only") }
        if c.inactive { flags.append("inactive") }
        if !flags.isEmpty { text += " [\(flags.joined(separator: ", "))]" }
        if !c.menu.isEmpty { text += ": " + c.menu.map { "\($0.value) \($0.label)" }.joined(separator: ", ") }
        return text
    }
}
