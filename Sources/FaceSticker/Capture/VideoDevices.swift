import Foundation

/// Finds the video device nodes.
package enum VideoDevices {
    /// `/dev/video*` (or those in `folder`), in numeric order.
    package static func paths(in folder: String = "/dev") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("video") && Int($0.dropFirst(5)) != nil }
            .sorted { (Int($0.dropFirst(5)) ?? 0) < (Int($1.dropFirst(5)) ?? 0) }
            .map { folder + "/" + $0 }
    }
}
