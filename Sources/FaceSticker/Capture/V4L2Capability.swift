/// What VIDIOC_QUERYCAP says about a device node.
package struct V4L2Capability: Equatable, Sendable {
    package var driver: String
    package var card: String
    package var busInfo: String
    /// The kernel's V4L2_CAP_* bits for this node (`device_caps` when the driver gives them).
    package var capabilities: UInt32

    package init(driver: String, card: String, busInfo: String, capabilities: UInt32) {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.capabilities = capabilities
    }

    // Kernel ABI values from linux/videodev2.h; they never change.
    package static let videoCapture: UInt32 = 0x0000_0001
    package static let videoOutput: UInt32 = 0x0000_0002
    package static let videoCaptureMultiplanar: UInt32 = 0x0000_1000
    package static let metadataCapture: UInt32 = 0x0080_0000
    package static let streaming: UInt32 = 0x0400_0000

    package var canCapture: Bool { capabilities & Self.videoCapture != 0 }
    package var canStream: Bool { capabilities & Self.streaming != 0 }

    /// Why this node cannot be a camera, in words, or nil when it can.
    package var captureProblem: String? {
        if canCapture {
            return canStream ? nil : "the capture device does not support streaming I/O"
        }
        if capabilities & Self.metadataCapture != 0 {
            return "not a video capture device (a metadata node; the camera's picture is on another /dev/video node)"
        }
        if capabilities & Self.videoCaptureMultiplanar != 0 {
            return "not a single-planar video capture device (multi-planar devices are not supported)"
        }
        if capabilities & Self.videoOutput != 0 { return "not a video capture device (an output device)" }
        return "not a video capture device"
    }
}
