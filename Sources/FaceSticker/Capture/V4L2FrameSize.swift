/// One frame size a device offers for a format (VIDIOC_ENUM_FRAMESIZES).
package enum V4L2FrameSize: Equatable, Sendable, CustomStringConvertible {
    case discrete(width: Int, height: Int)
    /// Any size in the ranges, in steps (continuous when the steps are 1).
    case stepwise(minWidth: Int, maxWidth: Int, widthStep: Int, minHeight: Int, maxHeight: Int, heightStep: Int)

    package var description: String {
        switch self {
        case .discrete(let w, let h):
            return "\(w)x\(h)"
        case .stepwise(let minW, let maxW, let stepW, let minH, let maxH, let stepH):
            return "\(minW)x\(minH) to \(maxW)x\(maxH) in steps of \(stepW)x\(stepH)"
        }
    }
}
