/// Every failure the library reports. `description` is the one line the CLI
/// prints on stderr: it names the file (when there is one) and the problem.
public enum FaceStickerError: Error, Equatable, CustomStringConvertible {
    /// A file the user named does not exist or cannot be opened.
    case fileNotFound(path: String)
    /// A file exists but its content cannot be used.
    case unreadable(path: String, reason: Reason)
    /// A model or cascade file is missing, corrupt or not installed.
    case model(path: String, reason: Reason)
    /// A JSON file (config, manifest) has a bad key or value.
    case badValue(path: String, key: String, reason: Reason)
    /// An output cannot be written.
    case output(path: String, reason: Reason)
    /// A parameter or argument is out of range or malformed.
    case invalidArgument(Reason)
    /// A failure inside a library we call, with its message.
    case `internal`(String)

    /// One line naming the file (when there is one) and the problem; a setting by its library name.
    public var description: String { text(naming: \.rawValue) }

    /// `description` with each setting named by `name` (the CLI's: its option).
    public func text(naming name: (SettingName) -> String) -> String {
        switch self {
        case .fileNotFound(let path): return "\(path): no such file"
        case .unreadable(let path, let reason): return "\(path): \(reason.text(naming: name))"
        case .model(let path, let reason): return "\(path): \(reason.text(naming: name))"
        case .badValue(let path, let key, let reason): return "\(path): key \"\(key)\": \(reason.text(naming: name))"
        case .output(let path, let reason): return "\(path): cannot write: \(reason.text(naming: name))"
        case .invalidArgument(let reason): return reason.text(naming: name)
        case .internal(let message): return message
        }
    }
}

extension FaceStickerError {
    /// The same error with `temporary` (a hidden file a writer or decoder was
    /// given) called `name` wherever it appears, so people see their own file.
    package func naming(_ temporary: String, as name: String) -> FaceStickerError {
        func swap(_ text: String) -> String { text == temporary ? name : text.replacingOccurrences(of: temporary, with: name) }
        func swap(_ reason: Reason) -> Reason { reason.replacing(temporary, with: name) }
        switch self {
        case .fileNotFound(let path): return .fileNotFound(path: swap(path))
        case .unreadable(let path, let reason): return .unreadable(path: swap(path), reason: swap(reason))
        case .model(let path, let reason): return .model(path: swap(path), reason: swap(reason))
        case .badValue(let path, let key, let reason): return .badValue(path: swap(path), key: key, reason: swap(reason))
        case .output(let path, let reason): return .output(path: swap(path), reason: swap(reason))
        case .invalidArgument(let message): return .invalidArgument(swap(message))
        case .internal(let message): return .internal(swap(message))
        }
    }
}

extension FaceStickerError {
    // Plain-text reasons (a system error's words, a message built elsewhere): they name no setting.
    package static func unreadable(path: String, reason: String) -> FaceStickerError {
        .unreadable(path: path, reason: Reason(reason))
    }
    package static func model(path: String, reason: String) -> FaceStickerError { .model(path: path, reason: Reason(reason)) }
    package static func badValue(path: String, key: String, reason: String) -> FaceStickerError {
        .badValue(path: path, key: key, reason: Reason(reason))
    }
    package static func output(path: String, reason: String) -> FaceStickerError { .output(path: path, reason: Reason(reason)) }
    package static func invalidArgument(_ text: String) -> FaceStickerError { .invalidArgument(Reason(text)) }
}
