import AssessCore
import Foundation

/// Turns the rich text banks hold (HTML, Moodle's own format, Markdown) into plain
/// terminal text, and removes control characters so that nothing imported can act as a
/// terminal escape.
enum PlainText {
    /// The text of an HTML fragment: tags removed, paragraphs and line breaks kept as line
    /// breaks, list items as "- " lines, a link as its text followed by its address in
    /// brackets (when they differ), an image as `[image: alt]` (`[image: file.png]` when it
    /// has no alt text; with `namingPictures`, `[image: alt, file.png]`), character
    /// references decoded.
    static func fromHTML(_ html: String, namingPictures: Bool = false) -> String {
        var output = ""
        var index = html.startIndex
        var pendingLink: String?
        while index < html.endIndex {
            let character = html[index]
            if html[index...].hasPrefix("<!--") {
                let end = html[index...].range(of: "-->")?.upperBound ?? html.endIndex
                index = end
                continue
            }
            if character == "<", startsTag(html, at: index), let close = html[index...].firstIndex(of: ">") {
                let tag = String(html[html.index(after: index)..<close])
                index = html.index(after: close)
                let name = tagName(tag)
                switch name {
                case "br": output += "\n"
                case "p", "/p", "div", "/div", "/li", "ul", "/ul", "ol", "/ol", "tr", "/tr",
                    "h1", "h2", "h3", "h4", "h5", "h6", "/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "pre", "/pre":
                    if !output.isEmpty && !output.hasSuffix("\n") { output += "\n" }
                case "li":
                    if !output.isEmpty && !output.hasSuffix("\n") { output += "\n" }
                    output += "- "
                case "td", "th":
                    if !output.isEmpty && !output.hasSuffix("\n") && !output.hasSuffix(" ") { output += " " }
                case "a":
                    pendingLink = attribute("href", in: tag)
                    output += "\u{1}" // marks where the link text starts; replaced below
                case "/a":
                    if let start = output.lastIndex(of: "\u{1}") {
                        let text = String(output[output.index(after: start)...])
                        output.removeSubrange(start...)
                        output += text
                        if let link = pendingLink, !link.isEmpty, link != text { output += " (\(link))" }
                    }
                    pendingLink = nil
                case "img":
                    let alt = (attribute("alt", in: tag).map(decodeEntities) ?? "").trimmingCharacters(
                        in: .whitespacesAndNewlines)
                    let file = attribute("src", in: tag).map { pictureName(decodeEntities($0)) } ?? ""
                    var label = alt.isEmpty ? file : alt
                    if namingPictures, !alt.isEmpty, !file.isEmpty { label = "\(alt), \(file)" }
                    output += label.isEmpty ? "[image]" : "[image: \(label)]"
                case "script", "style":
                    if let end = html.range(of: "</\(name)", options: .caseInsensitive, range: index..<html.endIndex) {
                        index =
                            html[end.upperBound...].firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
                    }
                default: break
                }
            } else {
                output.append(character)
                index = html.index(after: index)
            }
        }
        output.removeAll { $0 == "\u{1}" }
        let decoded = decodeEntities(output)
        return tidy(decoded, collapsingNewlines: true)
    }

    /// What an import says of a question whose text or choices hold pictures.
    static let pictureLoss =
        "pictures are shown as their alt text ([image: …]); the pictures themselves are not carried"

    /// The address and alt text of the first picture (`<img>`) of an HTML fragment.
    static func firstPicture(_ html: String) -> (source: String, alt: String)? {
        var index = html.startIndex
        while let open = html[index...].firstIndex(of: "<") {
            guard startsTag(html, at: open), let close = html[open...].firstIndex(of: ">") else {
                index = html.index(after: open)
                continue
            }
            let tag = String(html[html.index(after: open)..<close])
            if tagName(tag) == "img", let source = attribute("src", in: tag) {
                let alt = (attribute("alt", in: tag).map(decodeEntities) ?? "").trimmingCharacters(
                    in: .whitespacesAndNewlines)
                return (decodeEntities(source).trimmingCharacters(in: .whitespacesAndNewlines), alt)
            }
            index = html.index(after: close)
        }
        return nil
    }

    /// Whether an HTML fragment holds a picture.
    static func hasPicture(_ html: String) -> Bool {
        html.range(of: "<img", options: .caseInsensitive) != nil
    }

    /// The plain texts of choices written in HTML. Choices that are pictures alone read as
    /// their alt text; where that makes two choices read the same (one alt text, such as
    /// "flag", for several pictures), those choices also name their picture files, so that
    /// the choices stay distinct.
    static func choices(fromHTML htmls: [String]) -> [String] {
        var texts = htmls.map { fromHTML($0) }
        var counts: [String: Int] = [:]
        for text in texts { counts[text, default: 0] += 1 }
        for index in texts.indices where counts[texts[index], default: 0] > 1 && hasPicture(htmls[index]) {
            texts[index] = fromHTML(htmls[index], namingPictures: true)
        }
        return texts
    }

    /// `text` without the words `fromHTML` wrote for the picture `source` (`[image: alt]`,
    /// `[image: alt, file.png]`, `[image: file.png]` or `[image]`), for a picture shown as
    /// itself; when nothing else is left, the words' label (`alt`, `alt, file.png`).
    static func removingPicture(_ source: PictureSource, from text: String) -> String {
        let file = pictureName(source.source)
        var labels: [String] = []
        if !source.alt.isEmpty, !file.isEmpty { labels.append("\(source.alt), \(file)") }
        labels.append(source.alt.isEmpty ? file : source.alt)
        let tokens = labels.filter { !$0.isEmpty }.map { (token: "[image: \($0)]", label: $0) } + [("[image]", "")]
        for (token, label) in tokens {
            guard let range = text.range(of: token) else { continue }
            let rest = tidy(text.replacingCharacters(in: range, with: ""), collapsingNewlines: true)
            return rest.isEmpty ? (label.isEmpty ? text : label) : rest
        }
        return text
    }

    /// The file name a picture's address ends with (`images/fr.png?v=2` → `fr.png`); empty
    /// for an inline `data:` picture.
    private static func pictureName(_ source: String) -> String {
        let trimmed = source.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("data:") { return "" }
        let path = trimmed.prefix { $0 != "?" && $0 != "#" }
        return String(path.split(separator: "/").last ?? "")
    }

    /// Plain text from Markdown: emphasis marks and heading marks removed, `[text](url)`
    /// written as `text (url)`, `![alt](url)` as `[image: alt]`.
    static func fromMarkdown(_ markdown: String) -> String {
        var lines: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            var text = String(line)
            while text.hasPrefix("#") { text.removeFirst() }
            text = replaceLinks(in: text)
            for mark in ["**", "__", "`"] { text = text.replacingOccurrences(of: mark, with: "") }
            lines.append(text)
        }
        return tidy(lines.joined(separator: "\n"), collapsingNewlines: false)
    }

    private static func replaceLinks(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]"),
                rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == "(",
                let end = rest[close...].firstIndex(of: ")")
            else { break }
            let isImage = open > rest.startIndex && rest[rest.index(before: open)] == "!"
            result += rest[rest.startIndex..<(isImage ? rest.index(before: open) : open)]
            let label = rest[rest.index(after: open)..<close]
            let url = rest[rest.index(close, offsetBy: 2)..<end]
            result += isImage ? "[image: \(label)]" : (label == url ? "\(label)" : "\(label) (\(url))")
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// Whether the `<` at `index` starts a tag (a letter or `/` follows), not a comparison
    /// such as `x < 3`.
    private static func startsTag(_ html: String, at index: String.Index) -> Bool {
        let next = html.index(after: index)
        guard next < html.endIndex else { return false }
        return html[next].isLetter || html[next] == "/" || html[next] == "!"
    }

    /// The tag's name in lower case, with a leading `/` for a closing tag.
    private static func tagName(_ tag: String) -> String {
        let trimmed = tag.drop { $0 == " " }
        let closing = trimmed.hasPrefix("/")
        let name = (closing ? trimmed.dropFirst() : trimmed).prefix { $0.isLetter || $0.isNumber }.lowercased()
        return closing ? "/" + name : name
    }

    /// The value of attribute `name` in a tag's text, quoted with `"` or `'`.
    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: "\(name)=", options: .caseInsensitive), range.upperBound < tag.endIndex else {
            return nil
        }
        let start = range.upperBound
        let quote = tag[start]
        guard quote == "\"" || quote == "'" else {
            return String(tag[start...].prefix { $0 != " " && $0 != "/" })
        }
        let valueStart = tag.index(after: start)
        guard let end = tag[valueStart...].firstIndex(of: quote) else { return nil }
        return String(tag[valueStart..<end])
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references decoded.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
            "ndash": "–", "mdash": "—", "hellip": "…", "deg": "°", "times": "×",
        ]
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                let name = String(text[text.index(after: index)..<semicolon])
                var replacement: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    replacement = named[name]
                }
                if let replacement {
                    output += replacement
                    index = text.index(after: semicolon)
                    continue
                }
            }
            output.append(text[index])
            index = text.index(after: index)
        }
        return output
    }

    /// Runs of spaces and tabs within a line become one space; lines are trimmed; with
    /// `collapsingNewlines`, runs of blank lines become one blank line. Leading and
    /// trailing blank lines go.
    static func tidy(_ text: String, collapsingNewlines: Bool) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split { $0 == " " || $0 == "\t" || $0 == "\u{A0}" || $0 == "\r" }
            let tidied = words.joined(separator: " ")
            if collapsingNewlines && tidied.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(tidied)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }

    /// `text` without control characters (C0 other than line feed and tab, DEL, C1, the
    /// Unicode line and paragraph separators, and the bidirectional controls of
    /// `VisibleText.isBidiControl`) and the number removed. Tabs become spaces.
    static func removingControls(_ text: String) -> (text: String, removed: Int) {
        var removed = 0
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: scalars.append(scalar)
            case 0x09: scalars.append(" ")
            case 0x0D: continue // a carriage return of a CRLF line end is not worth a report
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: removed += 1
            default:
                if VisibleText.isBidiControl(scalar) { removed += 1 } else { scalars.append(scalar) }
            }
        }
        return (String(scalars), removed)
    }
}

/// Lines of text saved on any system: Windows (CR LF), old Mac (CR) or Unix (LF).
enum LineEndings {
    /// The lines of `text`, without their line endings. (Swift counts CR LF as one
    /// character, so splitting at LF alone would miss every Windows line end.)
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
