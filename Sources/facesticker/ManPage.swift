import Foundation

/// Man pages in roff, generated from the same declarations as the help:
/// `facesticker(1)` (the overview) and one page per command,
/// `facesticker-video(1)` and so on, as git has them. Every text is filled by
/// man (so the page fits any width, 80 columns included) and escaped
/// (`Roff.text`); only the examples are set as written.
enum ManPage {
    /// The page of `command`.
    static func page(_ command: any Command.Type, all commands: [any Command.Type], version: String) -> String {
        var roff = Roff()
        let title = "facesticker-\(command.name)"
        roff.header(title: title, version: version)
        roff.section("NAME")
        roff.line(Roff.text(title) + " \\- " + Roff.text(command.summary))
        roff.section("SYNOPSIS")
        roff.synopsis("facesticker \(command.name)", command.synopsis)
        roff.section("DESCRIPTION")
        roff.paragraphs(command.details)
        roff.section("OPTIONS")
        for (index, group) in command.allGroups.enumerated() {
            let shown = group.options.filter { !$0.hidden }
            guard !shown.isEmpty else { continue }
            if let title = group.title {
                roff.subsection(title.prefix(1).uppercased() + title.dropFirst())
            } else if index > 0 {
                roff.line(".PP")
            }
            for option in shown { roff.option(option) }
        }
        roff.paragraph(Help.footer)
        common(&roff, examples: command.examples)
        roff.seeAlso(["facesticker"] + commands.filter { $0.name != command.name }.map { "facesticker-\($0.name)" },
                     more: command.name == "video" ? ["ffmpeg(1)"] : [])
        return roff.text
    }

    /// `facesticker(1)`: the overview, the list of commands and what every page shares.
    static func overview(_ commands: [any Command.Type], version: String) -> String {
        var roff = Roff()
        roff.header(title: "facesticker", version: version)
        roff.section("NAME")
        roff.line("facesticker \\- " + Roff.text(HelpCommand.tagline))
        roff.section("SYNOPSIS")
        roff.synopsis("facesticker", "COMMAND [options] [arguments]")
        roff.line(".br")
        roff.synopsis("facesticker help", "[COMMAND]")
        roff.line(".br")
        roff.synopsis("facesticker", "COMMAND --help")
        roff.line(".br")
        roff.synopsis("facesticker version", "")
        roff.section("DESCRIPTION")
        roff.paragraphs(HelpCommand.description)
        roff.section("COMMANDS")
        for command in commands {
            roff.line(".TP")
            roff.line("\\fBfacesticker\\-\(Roff.text(command.name))\\fR(1)")
            roff.line(Roff.text(command.summary))
        }
        roff.section("OPTIONS")
        roff.paragraph("Every command takes these; each command's page lists its own.")
        for option in CommonOptions.group.options where !option.hidden { roff.option(option) }
        roff.paragraph(Help.footer)
        common(&roff, examples: commands.compactMap { $0.examples.first })
        roff.seeAlso(commands.map { "facesticker-\($0.name)" }, more: [])
        return roff.text
    }

    /// EXIT STATUS, ENVIRONMENT, FILES and EXAMPLES: the same tables on every page.
    private static func common(_ roff: inout Roff, examples: [Example]) {
        roff.section("EXIT STATUS")
        roff.paragraph("The same for every command:")
        for (code, meaning) in ExitStatus.table {
            roff.line(".TP")
            roff.line("\\fB" + Roff.text(code) + "\\fR")
            roff.line(Roff.text(meaning))
        }
        roff.section("ENVIRONMENT")
        for (name, meaning) in Reference.environment {
            roff.line(".TP")
            roff.line(name.components(separatedBy: ", ").map { "\\fB" + Roff.text($0) + "\\fR" }.joined(separator: ", "))
            roff.line(Roff.text(meaning))
        }
        roff.section("FILES")
        for (what, places) in Reference.files {
            roff.paragraph(what + (places.count > 1 ? ":" : ""))
            for (index, place) in places.enumerated() {
                roff.line(places.count > 1 ? ".IP \(index + 1). 4" : ".IP \"\" 4")
                roff.line(Roff.text(place))
            }
        }
        roff.section("EXAMPLES")
        for example in examples {
            roff.line(".PP")
            roff.line(".RS 4")
            roff.line(".EX")
            for line in Roff.exampleLines(example.line) { roff.line(Roff.literal(line)) }
            roff.line(".EE")
            roff.line(".RE")
            roff.paragraph(example.sentence, indent: true)
        }
    }
}

/// A roff document being written, and the escaping rules.
struct Roff {
    private(set) var lines: [String] = []
    var text: String { lines.joined(separator: "\n") }

    mutating func line(_ line: String) { lines.append(line) }

    mutating func header(title: String, version: String) {
        let date = Self.today()
        // Hyphenate nothing (option names, paths and page names stay whole); fill, adjust left only.
        lines.append(".nr HY 0")
        lines.append(".TH \(Self.quoted(title.uppercased())) 1 \(Self.quoted(date)) \(Self.quoted(version)) \"User Commands\"")
        lines.append(".nh")
        lines.append(".ad l")
    }

    mutating func section(_ name: String) { lines.append(".SH \(Self.quoted(name))") }

    mutating func subsection(_ name: String) { lines.append(".SS \(Self.quoted(name))") }

    /// `facesticker video [options] IN...`: the command bold, the rest as written.
    mutating func synopsis(_ command: String, _ rest: String) {
        lines.append("\\fB" + Self.text(command) + "\\fR" + (rest.isEmpty ? "" : " " + Self.text(rest)))
    }

    /// One filled paragraph.
    mutating func paragraph(_ text: String, indent: Bool = false) {
        lines.append(indent ? ".RS 4" : ".PP")
        if indent { lines.append(".PP") }
        lines.append(Self.text(text.split(whereSeparator: \.isNewline).joined(separator: " ")))
        if indent { lines.append(".RE") }
    }

    /// Help's paragraphs (lines wrapped as written, a blank line between paragraphs), filled.
    mutating func paragraphs(_ text: String) {
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            self.paragraph(paragraph)
        }
    }

    /// `.TP`, the names and the value in bold and italics, then the help filled, with the default.
    mutating func option(_ option: AnyOption) {
        let short = option.names.filter { !$0.hasPrefix("--") }
        let long = option.names.filter { $0.hasPrefix("--") }
        var tag = (short + long).map { "\\fB" + Self.text($0) + "\\fR" }.joined(separator: ", ")
        if !option.isFlag { tag += " \\fI" + Self.text(option.placeholder) + "\\fR" }
        lines.append(".TP")
        lines.append(tag)
        var help = option.help
        if let value = option.defaultText { help += ". Default: \(value)" }
        if option.repeats { help += ". Repeatable" }
        if help.last != "." { help += "." }
        lines.append(Self.text(help))
    }

    mutating func seeAlso(_ pages: [String], more: [String]) {
        section("SEE ALSO")
        let all = pages.map { "\\fB" + Self.text($0) + "\\fR(1)" } + more.map { page in
            let parts = page.split(separator: "(", maxSplits: 1)
            return "\\fB" + Self.text(String(parts[0])) + "\\fR(" + (parts.count > 1 ? String(parts[1]) : "1)")
        }
        lines.append(all.joined(separator: ", "))
    }

    // MARK: Escaping

    /// Text for a filled line: backslashes as `\e`, every `-` as `\-` (a minus,
    /// as option names must be), a `.` or `'` that would start a request held
    /// off with `\&`, and `` `code` `` in bold.
    static func text(_ text: String) -> String {
        var out = ""
        var inCode = false
        let hasPairs = text.filter { $0 == "`" }.count % 2 == 0
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "`" where hasPairs:
                out += inCode ? "\\fR" : "\\fB"
                inCode.toggle()
            default: out.append(character)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// A line set as written (an example): escaped as `text`, backquotes kept.
    static func literal(_ line: String) -> String {
        var out = line.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// An example's line cut into lines of at most `width` characters, each but the last
    /// ending in ` \` (a shell continues it), between words, an option kept with its value:
    /// the page stays within 80 columns with its two indents.
    static func exampleLines(_ line: String, width: Int = 64) -> [String] {
        var units: [String] = []
        for word in line.split(separator: " ").map(String.init) {
            if let last = units.last, !word.hasPrefix("-"), last.hasPrefix("-"), !last.contains(" ") {
                units[units.count - 1] += " " + word
            } else {
                units.append(word)
            }
        }
        return Help.wrap(units: units, width: width, rest: "    ", end: " \\")
    }

    /// A macro argument in double quotes (none of ours holds one).
    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "'") + "\"" }

    /// Today's date (UTC) as `.TH` shows it.
    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
