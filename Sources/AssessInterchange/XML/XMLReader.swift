import Foundation

/// Reads a UTF-8 XML 1.0 document into `XMLElement`s: elements, attributes, text, CDATA
/// sections and the five predefined entities and character references. Comments,
/// processing instructions and the XML declaration are skipped; any part of a DTD is
/// refused, so no entity is ever declared or expanded.
///
/// It reads the bytes once, front to back, with an explicit stack of open elements (no
/// recursion), and refuses elements nested deeper than `maximumDepth`, so that the
/// recursive walks over the tree (`descendants`, `text`, releasing it) stay shallow.
struct XMLReader {
    /// How deep elements may nest. Question banks nest a few dozen levels at most.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private let location: SourceLocation
    private let rename: (String) -> String
    private var index = 0
    private var line = 1

    /// A reader of `document` (UTF-8); `location` names the file in errors, `rename` maps
    /// each element and attribute name without its prefix (see `XMLTree.parse`).
    init(_ document: Data, location: SourceLocation, rename: @escaping (String) -> String) {
        bytes = [UInt8](document)
        self.location = location
        self.rename = rename
    }

    /// An element open while its content is read.
    private struct Open {
        let element: XMLElement
        /// The name as written, prefix and all, which its end tag must repeat.
        let name: String
    }

    /// The document's root element.
    mutating func read() throws(InterchangeError) -> XMLElement {
        try checkCharacters()
        var open: [Open] = []
        var root: XMLElement?
        var text: [UInt8] = []
        func flush() {
            guard !text.isEmpty else { return }
            open.last?.element.children.append(.text(String(decoding: text, as: UTF8.self)))
            text.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                flush()
                if starts("<?") {
                    try skipProcessingInstruction()
                } else if starts("<!--") {
                    try skipComment()
                } else if starts("<![CDATA[") {
                    guard let element = open.last?.element else {
                        throw outsideRoot(root: root)
                    }
                    element.children.append(.text(try readCDATA()))
                } else if starts("<!") {
                    throw error(at: line, XMLTree.dtdRefusal)
                } else if starts("</") {
                    let (name, tagLine) = try readEndTag()
                    guard let innermost = open.last else {
                        throw malformed(
                            at: tagLine,
                            "</\(name)> closes nothing: \(root == nil ? "no element is open" : "the root element has ended")",
                            fix: "remove it or the end tag before it")
                    }
                    guard innermost.name == name else {
                        throw malformed(
                            at: tagLine,
                            "</\(name)> closes <\(innermost.name)>, which opened on line \(innermost.element.line)")
                    }
                    open.removeLast()
                } else {
                    guard open.count < Self.maximumDepth else {
                        throw error(
                            at: line,
                            "elements are nested more than \(Self.maximumDepth) deep here, deeper than assess reads; check for end tags missing near this line"
                        )
                    }
                    let (element, name, empty) = try readStartTag()
                    if let parent = open.last?.element {
                        parent.children.append(.element(element))
                    } else if let root {
                        throw malformed(
                            at: element.line, "a second root element <\(name)> after <\(root.name)>",
                            fix: "a file holds one root element; put everything inside it")
                    } else {
                        root = element
                    }
                    if !empty { open.append(Open(element: element, name: name)) }
                }
            } else if open.isEmpty {
                guard isSpace(byte) else { throw outsideRoot(root: root) }
                advance()
            } else if byte == UInt8(ascii: "&") {
                text.append(contentsOf: try readReference())
            } else if byte == UInt8(ascii: "]") && starts("]]>") {
                throw malformed(at: line, "]]> outside a CDATA section", fix: "write ]]&gt; instead")
            } else {
                appendNormalisingLineEnds(to: &text)
            }
        }
        if let innermost = open.last {
            throw malformed(
                at: line, "the file ends before <\(innermost.name)> from line \(innermost.element.line) is closed",
                fix: "add its end tag </\(innermost.name)>, or check that the file was copied whole")
        }
        guard let root else {
            throw malformed(
                at: line, "there is no root element",
                fix: "check that this is the XML file meant and that it was copied whole")
        }
        return root
    }

    // MARK: - Markup

    /// Reads `<name attribute="value" …>` or `<name …/>` from its `<`.
    private mutating func readStartTag() throws(InterchangeError) -> (XMLElement, name: String, empty: Bool) {
        let tagLine = line
        index += 1
        guard let name = readName() else {
            throw malformed(at: tagLine, "a < that starts no tag", fix: "write &lt; for a less-than sign in text")
        }
        var attributes: [String: String] = [:]
        var written: Set<String> = []
        while true {
            let spaced = skipSpaces()
            guard index < bytes.count else {
                throw malformed(
                    at: tagLine, "the tag <\(name)> is cut off by the end of the file", fix: "end it with >")
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return (element(name, attributes, line: tagLine), name, false)
            }
            if starts("/>") {
                index += 2
                return (element(name, attributes, line: tagLine), name, true)
            }
            let attributeLine = line
            guard spaced, let attribute = readName() else {
                throw malformed(
                    at: attributeLine, "the tag <\(name)> holds \(describe(at: index)) where an attribute or > belongs",
                    fix: "write attributes as name=\"value\", separated by spaces")
            }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw malformed(
                    at: attributeLine, "the attribute \(attribute) of <\(name)> has no value",
                    fix: "write \(attribute)=\"value\"")
            }
            index += 1
            skipSpaces()
            let value = try readAttributeValue(attribute, of: name)
            guard written.insert(attribute).inserted else {
                throw malformed(
                    at: attributeLine, "<\(name)> has the attribute \(attribute) twice", fix: "keep one of them")
            }
            attributes[rename(XMLTree.localName(attribute))] = value
        }
    }

    private func element(_ name: String, _ attributes: [String: String], line: Int) -> XMLElement {
        XMLElement(name: rename(XMLTree.localName(name)), attributes: attributes, line: line)
    }

    /// Reads a quoted attribute value from its quote: references replaced, and each tab,
    /// line end and space one space (XML's normalisation of attributes that no DTD types).
    private mutating func readAttributeValue(
        _ attribute: String, of element: String
    ) throws(InterchangeError) -> String {
        let valueLine = line
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw malformed(
                at: valueLine, "the value of the attribute \(attribute) of <\(element)> is not in quotes",
                fix: "write \(attribute)=\"value\"")
        }
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                throw malformed(
                    at: line, "the value of the attribute \(attribute) of <\(element)> holds a <",
                    fix: "write &lt; for it, or close the value's quotes")
            case UInt8(ascii: "&"):
                value.append(contentsOf: try readReference())
            case 0x09, 0x0A, 0x0D:
                advanceOverLineEnd()
                value.append(0x20)
            default:
                value.append(bytes[index])
                index += 1
            }
        }
        guard index < bytes.count else {
            throw malformed(
                at: valueLine, "the value of the attribute \(attribute) of <\(element)> has no closing quote",
                fix: "end it with \(quote == UInt8(ascii: "'") ? "'" : "\"")")
        }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// Reads `</name>` from its `<`; returns the name and the tag's line.
    private mutating func readEndTag() throws(InterchangeError) -> (String, Int) {
        let tagLine = line
        index += 2
        guard let name = readName() else {
            throw malformed(at: tagLine, "a </ that starts no end tag", fix: "write &lt; for a less-than sign in text")
        }
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw malformed(at: tagLine, "the end tag </\(name) is not closed with >", fix: "write </\(name)>")
        }
        index += 1
        return (name, tagLine)
    }

    /// Skips `<?target …?>` from its `<`. The XML declaration (`<?xml …?>`) may only open
    /// the file.
    private mutating func skipProcessingInstruction() throws(InterchangeError) {
        let startLine = line
        let start = index
        index += 2
        guard let target = readName() else {
            throw malformed(
                at: startLine, "a <? that starts no processing instruction", fix: "write &lt;? in text")
        }
        if target.lowercased() == "xml" && start != 0 {
            throw malformed(
                at: startLine, "the XML declaration <?xml …?> is not at the very start of the file",
                fix: "move it to the start, with nothing (not even a blank line) before it, or remove it")
        }
        guard skip(past: "?>") else {
            throw malformed(at: startLine, "<?\(target) is never closed with ?>", fix: "end it with ?>")
        }
    }

    /// Skips `<!-- … -->` from its `<`; `--` may not appear inside.
    private mutating func skipComment() throws(InterchangeError) {
        let startLine = line
        index += 4
        while index < bytes.count {
            if starts("--") {
                guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: ">") else {
                    throw malformed(
                        at: line, "-- inside a comment (opened on line \(startLine))",
                        fix: "a comment may not hold two hyphens in a row; write - - or end it with -->")
                }
                index += 3
                return
            }
            advance()
        }
        throw malformed(at: startLine, "the comment <!-- is never closed with -->", fix: "end it with -->")
    }

    /// Reads `<![CDATA[ … ]]>` from its `<`: its text as written, line ends made `\n`.
    private mutating func readCDATA() throws(InterchangeError) -> String {
        let startLine = line
        index += 9
        var text: [UInt8] = []
        while index < bytes.count {
            if starts("]]>") {
                index += 3
                return String(decoding: text, as: UTF8.self)
            }
            appendNormalisingLineEnds(to: &text)
        }
        throw malformed(at: startLine, "the CDATA section <![CDATA[ is never closed with ]]>", fix: "end it with ]]>")
    }

    /// The error for text, a reference or a CDATA section before or after the root element.
    private func outsideRoot(root: XMLElement?) -> InterchangeError {
        if let root {
            return malformed(
                at: line, "text after the root element <\(root.name)> has ended",
                fix: "put it inside the root element or remove it")
        }
        return malformed(
            at: line, "text before the root element", fix: "put it inside the root element or remove it")
    }

    // MARK: - References

    /// Reads `&name;`, `&#decimal;` or `&#xhex;` from its `&`; returns the character's UTF-8.
    private mutating func readReference() throws(InterchangeError) -> [UInt8] {
        let start = index
        index += 1
        // The longest reference read is a name or number of 30 characters.
        guard let end = bytes[index...].prefix(32).firstIndex(of: UInt8(ascii: ";")) else {
            throw malformed(at: line, "an & that starts no reference", fix: "write &amp; for an ampersand")
        }
        let body = String(decoding: bytes[index..<end], as: UTF8.self)
        let written = String(decoding: bytes[start...end], as: UTF8.self)
        index = end + 1
        if body.hasPrefix("#") {
            let hex = body.hasPrefix("#x")
            let digits = body.utf8.dropFirst(hex ? 2 : 1)
            let isDigit = { (byte: UInt8) in
                (0x30...0x39).contains(byte) || (hex && (0x41...0x46).contains(byte & 0xDF))
            }
            guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
                throw malformed(
                    at: line, "\(written) is not a character reference",
                    fix: "write &#233; (decimal) or &#xE9; (hexadecimal), or &amp; for an ampersand")
            }
            var value: UInt32 = 0
            for byte in digits {
                let digit = byte <= 0x39 ? UInt32(byte - 0x30) : UInt32(byte & 0xDF) - 0x41 + 10
                // Held at one past the last code point, so that a long number stays invalid.
                value = min(value * (hex ? 16 : 10) + digit, 0x11_0000)
            }
            guard Self.isCharacter(value), let scalar = Unicode.Scalar(value) else {
                throw malformed(
                    at: line, "\(written) refers to a character XML does not allow",
                    fix: "remove it; XML text cannot hold most control characters")
            }
            return Array(String(Character(scalar)).utf8)
        }
        switch body {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "apos": return [UInt8(ascii: "'")]
        case "quot": return [UInt8(ascii: "\"")]
        default:
            guard Self.isName(Array(body.utf8)) else {
                throw malformed(at: line, "an & that starts no reference", fix: "write &amp; for an ampersand")
            }
            throw malformed(
                at: line, "\(written) is not one of XML's five entities (&amp; &lt; &gt; &apos; &quot;)",
                fix: "write the character itself, or its number such as &#160;")
        }
    }

    // MARK: - Characters

    /// Refuses a character XML does not allow anywhere (most control characters, U+FFFE and
    /// U+FFFF), naming its line. The document is valid UTF-8 already.
    private func checkCharacters() throws(InterchangeError) {
        var line = 1
        for (position, byte) in bytes.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (position + 1 == bytes.count || bytes[position + 1] != 0x0A)) {
                line += 1
            } else if byte < 0x20 && byte != 0x09 && byte != 0x0D {
                throw malformed(
                    at: line, "the file holds the control character U+\(hex(byte)), which XML does not allow",
                    fix: "remove it")
            } else if byte == 0xBF && position >= 2 && bytes[position - 2] == 0xEF && bytes[position - 1] == 0xBF {
                throw malformed(at: line, "the file holds U+FFFF, which XML does not allow", fix: "remove it")
            } else if byte == 0xBE && position >= 2 && bytes[position - 2] == 0xEF && bytes[position - 1] == 0xBF {
                throw malformed(at: line, "the file holds U+FFFE, which XML does not allow", fix: "remove it")
            }
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Whether XML's `Char` production allows the code point.
    static func isCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: return true
        default: return false
        }
    }

    /// Whether XML's `NameStartChar` (`first`) or `NameChar` allows the code point.
    static func isNameCharacter(_ value: UInt32, first: Bool) -> Bool {
        switch value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x1_0000...0xE_FFFF:
            return true
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return !first
        default: return false
        }
    }

    /// Whether `name` (UTF-8) is an XML name.
    static func isName(_ name: [UInt8]) -> Bool {
        let scalars = String(decoding: name, as: UTF8.self).unicodeScalars
        guard let first = scalars.first, isNameCharacter(first.value, first: true) else { return false }
        return scalars.dropFirst().allSatisfy { isNameCharacter($0.value, first: false) }
    }

    /// Reads a name at `index`, or returns nil (moving nothing) when none starts there.
    private mutating func readName() -> String? {
        let start = index
        var end = index
        while end < bytes.count {
            let (value, length) = scalar(at: end)
            guard Self.isNameCharacter(value, first: end == start) else { break }
            end += length
        }
        guard end > start else { return nil }
        index = end
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The code point at `position` of the (valid) UTF-8 and its length in bytes.
    private func scalar(at position: Int) -> (UInt32, Int) {
        let lead = bytes[position]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard length > 1, position + length <= bytes.count else { return (UInt32(lead), 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[position + offset] & 0x3F) }
        return (value, length)
    }

    /// How the character at `position` reads in a message.
    private func describe(at position: Int) -> String {
        let (value, _) = scalar(at: position)
        if let scalar = Unicode.Scalar(value), !isSpace(bytes[position]) { return "\"\(Character(scalar))\"" }
        return "a character"
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func starts(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
    }

    // MARK: - Moving on

    /// Moves past one byte, counting lines: `\r\n`, `\r` and `\n` each end one.
    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A || (byte == 0x0D && (index == bytes.count || bytes[index] != 0x0A)) { line += 1 }
    }

    /// Moves past one byte, or past both bytes of a `\r\n`.
    private mutating func advanceOverLineEnd() {
        let carriageReturn = bytes[index] == 0x0D
        advance()
        if carriageReturn && index < bytes.count && bytes[index] == 0x0A { advance() }
    }

    /// Appends the byte at `index` to `text`, a line end (`\r\n`, `\r` or `\n`) as one `\n`.
    private mutating func appendNormalisingLineEnds(to text: inout [UInt8]) {
        let byte = bytes[index]
        advanceOverLineEnd()
        text.append(byte == 0x0D ? 0x0A : byte)
    }

    /// Skips white space; returns whether there was any.
    @discardableResult private mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count && isSpace(bytes[index]) { advance() }
        return index > start
    }

    /// Moves past the next `end`; false when the file ends first.
    private mutating func skip(past end: StaticString) -> Bool {
        while index < bytes.count {
            if starts(end) {
                index += end.utf8CodeUnitCount
                return true
            }
            advance()
        }
        return false
    }

    // MARK: - Errors

    private func error(at line: Int, _ message: String) -> InterchangeError {
        var place = location
        place.line = line
        return InterchangeError(place, message)
    }

    /// "this is not well-formed XML (`reason`); `fix`".
    private func malformed(
        at line: Int, _ reason: String, fix: String = "check the tags near this line"
    ) -> InterchangeError {
        error(at: line, "this is not well-formed XML (\(reason)); \(fix)")
    }
}
