/// What `facesticker devices` says about one video device: driver, card,
/// formats with their frame sizes, and controls with their ranges and values.
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

    package var path: String
    /// Nil when the node could not be opened or queried.
    package var capability: V4L2Capability?
    /// Why the node is not a usable camera, in words; nil when it is one.
    package var problem: String?
    package var formats: [FormatEntry] = []
    package var controls: [ControlEntry] = []

    /// Opens and queries `path`. Never throws: a node that is not a camera, or
    /// that fails, gets its reason in `problem`.
    package static func probe(path: String, system: any V4L2System = V4L2()) -> V4L2DeviceReport {
        var report = V4L2DeviceReport(path: path)
        // Queried apart from V4L2Camera so that nodes it refuses still show their card and driver.
        if let fd = try? system.open(path) {
            report.capability = try? system.queryCapability(fd)
            system.close(fd)
        }
        do {
            let camera = try V4L2Camera(path: path, system: system)
            defer { camera.close() }
            report.formats = try camera.formats().map { FormatEntry(format: $0, sizes: try camera.frameSizes(for: $0.fourcc)) }
            report.controls = try camera.controls().map { control in
                ControlEntry(control: control, value: control.kind.hasValue && !control.writeOnly
                             ? try? camera.value(of: control) : nil)
            }
        } catch {
            report.problem = "\(error)".hasPrefix(path + ": ") ? String("\(error)".dropFirst(path.count + 2)) : "\(error)"
        }
        return report
    }

    /// The report as text: a heading line, then indented formats and controls.
    package var lines: [String] {
        var heading = path
        if let c = capability { heading += ": \(c.card) (driver \(c.driver), \(c.busInfo))" }
        if let problem { return [heading + ": " + problem] }
        var out = [heading, "  formats:"]
        for entry in formats {
            let f = entry.format
            let notes = [f.compressed ? "compressed" : nil, f.emulated ? "converted by libv4l2" : nil].compactMap { $0 }
            let name = "    \(f.fourcc) \(f.description)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
            out.append(name + ": " + (entry.sizes.isEmpty ? "sizes not listed" : entry.sizes.map(\.description).joined(separator: " ")))
        }
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
