/// A small command-line parser: options are taken out by name (in any order,
/// as `--name value` or `--name=value`), and what is left are positionals.
/// Errors name the option and the problem, ready to print.
package struct ArgumentParser {
    private var tokens: [String]
    private var positionalOnly: [String] = []

    package init(_ arguments: [String]) {
        if let dash = arguments.firstIndex(of: "--") {
            tokens = Array(arguments[..<dash])
            positionalOnly = Array(arguments[(dash + 1)...])
        } else {
            tokens = arguments
        }
    }

    /// True when any of `names` is present; removes every occurrence.
    package mutating func flag(_ names: String...) -> Bool {
        let before = tokens.count
        tokens.removeAll { names.contains($0) }
        return tokens.count != before
    }

    /// Every value given to any of `names`, in order.
    package mutating func values(_ names: String...) throws -> [String] {
        var found: [String] = []
        var kept: [String] = []
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if let name = names.first(where: { token.hasPrefix($0 + "=") }) {
                found.append(String(token.dropFirst(name.count + 1)))
            } else if names.contains(token) {
                guard i + 1 < tokens.count else { throw FaceStickerError.invalidArgument("\(token) needs a value") }
                found.append(tokens[i + 1])
                i += 1
            } else {
                kept.append(token)
            }
            i += 1
        }
        tokens = kept
        return found
    }

    /// The value of an option given at most once meaningfully (the last one wins).
    package mutating func value(_ names: String...) throws -> String? {
        var all: [String] = []
        for name in names { all += try values(name) }
        return all.last
    }

    /// A number option, checked against `range`.
    package mutating func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = try value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw FaceStickerError.invalidArgument("\(name): \"\(text)\" is not a number")
        }
        guard range.contains(number) else {
            throw FaceStickerError.invalidArgument("\(name): \(text) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// A whole-number option, checked against `range`.
    package mutating func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text) else {
            throw FaceStickerError.invalidArgument("\(name): \"\(text)\" is not a whole number")
        }
        guard range.contains(number) else {
            throw FaceStickerError.invalidArgument("\(name): \(text) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    /// What is left once every option was taken; an unknown option is an error.
    package func positionals() throws -> [String] {
        if let unknown = tokens.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            throw FaceStickerError.invalidArgument("unknown option \(unknown) (see --help)")
        }
        return tokens + positionalOnly
    }
}
