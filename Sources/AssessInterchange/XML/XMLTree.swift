import Foundation

/// An XML element with the line it starts on, read by `XMLTree.parse`.
final class XMLElement {
    /// The element's name with any namespace prefix removed (`qti:choiceInteraction` →
    /// `choiceInteraction`).
    let name: String
    /// Its attributes, names without namespace prefixes.
    let attributes: [String: String]
    /// The line of its start tag.
    let line: Int
    /// Child elements and text, in order; `XMLReader` appends them as it reads.
    var children: [XMLNode] = []

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The child elements.
    var elements: [XMLElement] {
        children.compactMap { if case .element(let element) = $0 { return element } else { return nil } }
    }

    /// The first child element named `name`.
    func child(_ name: String) -> XMLElement? { elements.first { $0.name == name } }

    /// Every child element named `name`.
    func children(_ name: String) -> [XMLElement] { elements.filter { $0.name == name } }

    /// Every element below this one named `name`, depth first.
    func descendants(_ name: String) -> [XMLElement] {
        elements.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
    }

    /// The text inside, tags and all: `<b>x</b>` stays markup, for HTML-to-text conversion.
    var innerMarkup: String {
        children.map { node -> String in
            switch node {
            case .text(let text): return XMLTree.escape(text)
            case .element(let element):
                let attributes = element.attributes.sorted { $0.key < $1.key }
                    .map { " \($0.key)=\"\(XMLTree.escape($0.value))\"" }.joined()
                return element.children.isEmpty
                    ? "<\(element.name)\(attributes)/>"
                    : "<\(element.name)\(attributes)>\(element.innerMarkup)</\(element.name)>"
            }
        }.joined()
    }

    /// The text inside, all tags dropped.
    var text: String {
        children.map { node -> String in
            switch node {
            case .text(let text): return text
            case .element(let element): return element.text
            }
        }.joined()
    }
}

/// A piece of an element's content.
enum XMLNode {
    case element(XMLElement)
    case text(String)
}

/// Reads XML into `XMLElement`s with `XMLReader`. Documents with a DTD are refused before
/// reading, so no entity is ever expanded (no entity bombs, no external files).
enum XMLTree {
    /// Parses `data`; `location` names the file in errors (its line is replaced by the
    /// line of the problem).
    /// `rename` maps each element and attribute name (without prefix) to the name the
    /// reader uses, so that one reader serves two spellings of a format.
    ///
    /// The reader only ever sees UTF-8: `utf8Document` decodes the file (UTF-8, UTF-16 or
    /// UTF-32 with or without a byte order mark, or a declared ISO-8859-1 or windows-1252)
    /// and refuses any other encoding, so the DTD check below reads the very characters
    /// the reader will.
    static func parse(
        _ data: Data, location: SourceLocation,
        rename: @escaping (String) -> String = { $0 }
    ) throws(InterchangeError) -> XMLElement {
        let document = try utf8Document(data, location: location)
        if let line = doctypeLine(document) {
            var place = location
            place.line = line
            throw InterchangeError(place, dtdRefusal)
        }
        var reader = XMLReader(document, location: location, rename: rename)
        return try reader.read()
    }

    static let dtdRefusal =
        "the file has a document type declaration (<!DOCTYPE or <!ENTITY); it is refused so that no entity can expand. Remove the declaration and try again"

    /// The document as UTF-8 without a byte order mark (its XML declaration may still name
    /// the encoding it was in). Refuses an encoding it cannot decode (EBCDIC, UTF-7, Shift
    /// JIS …).
    static func utf8Document(_ data: Data, location: SourceLocation) throws(InterchangeError) -> Data {
        let bytes = [UInt8](data.prefix(4))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        let encoding: String.Encoding
        var body = data
        if starts([0xEF, 0xBB, 0xBF]) {
            encoding = .utf8
            body = data.dropFirst(3)
        } else if starts([0xFF, 0xFE, 0x00, 0x00]) || starts([0x3C, 0x00, 0x00, 0x00]) {
            encoding = .utf32LittleEndian
            if starts([0xFF, 0xFE]) { body = data.dropFirst(4) }
        } else if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0x00, 0x00, 0x00, 0x3C]) {
            encoding = .utf32BigEndian
            if starts([0x00, 0x00]) && bytes.count == 4 && bytes[2] == 0xFE { body = data.dropFirst(4) }
        } else if starts([0xFF, 0xFE]) || (bytes.count >= 2 && bytes[0] != 0 && bytes[1] == 0) {
            encoding = .utf16LittleEndian
            if starts([0xFF, 0xFE]) { body = data.dropFirst(2) }
        } else if starts([0xFE, 0xFF]) || (bytes.count >= 2 && bytes[0] == 0 && bytes[1] != 0) {
            encoding = .utf16BigEndian
            if starts([0xFE, 0xFF]) { body = data.dropFirst(2) }
        } else {
            // An ASCII-compatible encoding: the declaration, if any, names it.
            switch declaredEncoding(data)?.uppercased() {
            case nil, "UTF-8", "UTF8", "US-ASCII", "ASCII": encoding = .utf8
            case "ISO-8859-1", "ISO_8859-1", "LATIN1", "LATIN-1": encoding = .isoLatin1
            case "WINDOWS-1252", "CP1252": encoding = .windowsCP1252
            case let other?:
                throw InterchangeError(
                    location, "the file says it is in the encoding \(other), which is not read here; save it as UTF-8")
            }
        }
        guard
            let text = encoding == .utf8
                ? String(validating: body, as: UTF8.self) : String(data: body, encoding: encoding)
        else {
            let line = body.prefix { $0 < 0x80 }.filter { $0 == 0x0A }.count + 1
            var place = location
            place.line = encoding == .utf8 ? line : 1
            throw InterchangeError(
                place, "this file is not \(encoding == .utf8 ? "UTF-8" : "valid \(encoding)") text; save it as UTF-8")
        }
        return Data(text.utf8)
    }

    /// The bytes of the XML declaration (`<?xml ... ?>`) at the start of `data`, if any.
    private static func declarationRange(_ data: Data) -> Range<Data.Index>? {
        guard data.starts(with: Array("<?xml".utf8)), data.count > 5,
            [0x20, 0x09, 0x0A, 0x0D].contains(data[data.startIndex + 5])
        else { return nil }
        let head = data.prefix(1024)
        guard let end = head.firstRange(of: Array("?>".utf8)) else { return nil }
        return data.startIndex..<end.upperBound
    }

    /// The encoding an ASCII-compatible document's declaration names, if any.
    private static func declaredEncoding(_ data: Data) -> String? {
        guard let range = declarationRange(data) else { return nil }
        let declaration = String(decoding: data[range], as: UTF8.self)
        guard let match = declaration.range(of: #"encoding\s*=\s*("[^"]*"|'[^']*')"#, options: .regularExpression)
        else { return nil }
        let value = declaration[match].drop { $0 != "\"" && $0 != "'" }
        return String(value.dropFirst().dropLast())
    }

    /// The line of the first markup that belongs to a DTD (`<!DOCTYPE`, `<!ENTITY`,
    /// `<!ELEMENT` … : any `<!` that does not open a comment or a CDATA section), if any.
    /// Reads `data` (UTF-8) as `XMLReader` does: comments, CDATA sections, processing
    /// instructions and quoted attribute values are skipped as wholes, so nothing inside
    /// one can hide what follows it.
    static func doctypeLine(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        var index = 0
        var line = 1
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= bytes.count else { return false }
            return bytes[position..<(position + pattern.count)].elementsEqual(pattern)
        }
        /// Moves past the next `end`, counting lines.
        func skip(past end: String) {
            while index < bytes.count, !starts(end, at: index) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            index += end.utf8.count
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                index += 4
                skip(past: "-->")
            } else if starts("<![CDATA[", at: index) {
                index += 9
                skip(past: "]]>")
            } else if starts("<!", at: index) {
                return line
            } else if starts("<?", at: index) {
                index += 2
                skip(past: "?>")
            } else {
                // A tag: up to its `>`, quoted attribute values as wholes.
                index += 1
                var quote: UInt8?
                while index < bytes.count {
                    let inside = bytes[index]
                    if inside == 0x0A { line += 1 }
                    index += 1
                    if let open = quote {
                        if inside == open { quote = nil }
                    } else if inside == UInt8(ascii: "\"") || inside == UInt8(ascii: "'") {
                        quote = inside
                    } else if inside == UInt8(ascii: ">") {
                        break
                    }
                }
            }
        }
        return nil
    }

    /// `&`, `<`, `>` and `"` as references.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `prefix:name` → `name`.
    static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }
}
