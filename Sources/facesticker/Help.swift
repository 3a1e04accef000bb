import FaceSticker

// Help text from the declarations.

/// Help text from the declarations.
enum Help {
    /// Help fits an 80-column terminal, as man pages do.
    static let width = 80
    static let column = 25

    /// `command`: set, the brief groups are listed by name with where to read more; nil: every option described.
    static func text(name: String, synopsis: String, details: String, groups: [OptionGroup],
                     examples: [Example] = [], command: String? = nil) -> String {
        var lines = ["usage: facesticker \(name) \(synopsis)", ""]
        if !details.isEmpty { lines += details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [""] }
        for (index, group) in groups.enumerated() {
            let shown = group.options.filter { !$0.hidden }
            guard !shown.isEmpty else { continue }
            if let title = group.title {
                lines.append(title + ":")
            } else if index == 0 {
                lines.append("options:")
            }
            if group.brief, let command {
                lines.removeLast()
                lines.append("\(group.title ?? "more options") (`facesticker help \(command) --all` describes each):")
                let names = shown.map { ($0.names.last ?? $0.id) + ($0.isFlag ? "" : " " + $0.placeholder) }
                lines += wrap(units: names.enumerated().map { $0.offset < names.count - 1 ? $0.element + "," : $0.element },
                              width: width, first: "  ", rest: "  ")
            } else {
                for option in shown { lines += self.lines(for: option) }
            }
            lines.append("")
        }
        lines.append(footer)
        if !examples.isEmpty { lines += [""] + exampleLines(examples) }
        return lines.joined(separator: "\n")
    }

    /// `examples:`, then each command line and its sentence below it, indented.
    static func exampleLines(_ examples: [Example]) -> [String] {
        var lines = ["examples:"]
        for example in examples {
            lines.append("  " + example.line)
            lines += wrap(example.sentence, indent: 6)
        }
        return lines
    }

    /// `text` in lines of at most `width` characters, each `indent` spaces in.
    static func wrap(_ text: String, indent: Int, width: Int = Help.width) -> [String] {
        let pad = String(repeating: " ", count: indent)
        return wrap(units: text.split(separator: " ").map(String.init), width: width, first: pad, rest: pad)
    }

    /// `units` joined by spaces into lines of at most `width` characters (a longer unit has a
    /// line of its own): the first line starts with `first`, the others with `rest`, and every
    /// line but the last ends with `end`. The one word wrapper of help and man pages.
    static func wrap(units: [String], width: Int, first: String = "", rest: String = "", end: String = "") -> [String] {
        var lines: [String] = [], line = first, empty = true
        for unit in units {
            if !empty, line.count + 1 + unit.count + end.count > width {
                lines.append(line + end)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + unit
            empty = false
        }
        if !empty { lines.append(line) }
        return lines
    }

    static let footer = """
    Options: -xVALUE, -x VALUE, --name=VALUE and --name VALUE are the same; an
    option never takes another option as its value (write --name=-VALUE) and no
    value is empty; given twice, a single-valued option keeps the last value; --
    ends the options. A usage error exits with status 2 and one line naming the
    option.
    """

    /// `  -o, --output FILE      help (default X)`, wrapped.
    static func lines(for option: AnyOption) -> [String] {
        let shortNames = option.names.filter { !$0.hasPrefix("--") }
        let longNames = option.names.filter { $0.hasPrefix("--") }
        var left = "  " + (shortNames + longNames).joined(separator: ", ")
        if !option.isFlag { left += " " + option.placeholder }
        var help = option.help
        if let d = option.defaultText { help += " (default: \(d))" }
        if option.repeats { help += "; repeatable" }
        var out: [String] = []
        let words = help.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var line = left.count + 1 < column ? left.padding(toLength: column, withPad: " ", startingAt: 0) : left
        if left.count + 1 >= column {
            out.append(left)
            line = String(repeating: " ", count: column)
        }
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                out.append(line)
                line = String(repeating: " ", count: column)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        out.append(line)
        return out
    }
}
