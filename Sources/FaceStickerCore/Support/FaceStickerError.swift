/// Every failure the library reports. `description` is the one line the CLI
/// prints on stderr: it names the file (when there is one) and the problem.
public enum FaceStickerError: Error, Equatable, CustomStringConvertible {
    /// A file the user named does not exist or cannot be opened.
    case fileNotFound(path: String)
    /// A file exists but its content cannot be used.
    case unreadable(path: String, reason: String)
    /// A model or cascade file is missing, corrupt or not installed.
    case model(path: String, reason: String)
    /// A JSON file (config, manifest) has a bad key or value.
    case badValue(path: String, key: String, reason: String)
    /// An output cannot be written.
    case output(path: String, reason: String)
    /// A parameter or argument is out of range or malformed.
    case invalidArgument(String)
    /// A failure inside a library we call, with its message.
    case `internal`(String)

    /// One line naming the file (when there is one) and the problem.
    public var description: String {
        switch self {
        case .fileNotFound(let path): return "\(path): no such file"
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .model(let path, let reason): return "\(path): \(reason)"
        case .badValue(let path, let key, let reason): return "\(path): key \"\(key)\": \(reason)"
        case .output(let path, let reason): return "\(path): cannot write: \(reason)"
        case .invalidArgument(let message): return message
        case .internal(let message): return message
        }
    }
}

extension FaceStickerError {
    /// The same error with `temporary` (a hidden file a writer or decoder was
    /// given) called `name` wherever it appears, so people see their own file.
    package func naming(_ temporary: String, as name: String) -> FaceStickerError {
        func swap(_ text: String) -> String { text == temporary ? name : text.replacingOccurrences(of: temporary, with: name) }
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
