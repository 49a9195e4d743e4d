import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element with the line it starts on, read by `XMLTree.parse`.
final class XMLElement {
    /// The element's name with any namespace prefix removed (`qti:choiceInteraction` →
    /// `choiceInteraction`).
    let name: String
    /// Its attributes, names without namespace prefixes.
    let attributes: [String: String]
    /// The line of its start tag.
    let line: Int
    /// Child elements and text, in order.
    fileprivate(set) var children: [XMLNode] = []

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The child elements.
    var elements: [XMLElement] {
        children.compactMap { if case let .element(element) = $0 { return element } else { return nil } }
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
            case let .text(text): return XMLTree.escape(text)
            case let .element(element):
                let attributes = element.attributes.sorted { $0.key < $1.key }
                    .map { " \($0.key)=\"\(XMLTree.escape($0.value))\"" }.joined()
                return element.children.isEmpty ? "<\(element.name)\(attributes)/>"
                    : "<\(element.name)\(attributes)>\(element.innerMarkup)</\(element.name)>"
            }
        }.joined()
    }

    /// The text inside, all tags dropped.
    var text: String {
        children.map { node -> String in
            switch node {
            case let .text(text): return text
            case let .element(element): return element.text
            }
        }.joined()
    }
}

/// A piece of an element's content.
enum XMLNode {
    case element(XMLElement)
    case text(String)
}

/// Reads XML into `XMLElement`s with Foundation's parser. Documents with a DTD are refused
/// before parsing, so no entity is ever expanded (no entity bombs, no external files).
enum XMLTree {
    /// Parses `data`; `location` names the file in errors (its line is replaced by the
    /// line of the problem).
    /// `rename` maps each element and attribute name (without prefix) to the name the
    /// reader uses, so that one reader serves two spellings of a format.
    static func parse(_ data: Data, location: SourceLocation,
                      rename: @escaping (String) -> String = { $0 }) throws(InterchangeError) -> XMLElement {
        if let line = doctypeLine(data) {
            var place = location
            place.line = line
            throw InterchangeError(place, "the file has a document type declaration (<!DOCTYPE or <!ENTITY); it is refused so that no entity can expand. Remove the declaration and try again")
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder(parser: parser, rename: rename)
        parser.delegate = builder
        let parsed = parser.parse()
        guard parsed, builder.mismatch == nil, builder.stack.isEmpty, let root = builder.root else {
            var place = location
            place.line = max(1, builder.errorLine ?? parser.lineNumber)
            let reason = builder.mismatch ?? parser.parserError.map { ($0 as NSError).localizedDescription }
                ?? (builder.root == nil ? "the document has no root element" : "an element is never closed")
            throw InterchangeError(place, "this is not well-formed XML (\(reason)); check the tags near this line")
        }
        return root
    }

    /// The line of the first `<!DOCTYPE` or `<!ENTITY` outside comments and CDATA, if any.
    static func doctypeLine(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        var index = 0, line = 1
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= bytes.count else { return false }
            return bytes[position..<(position + pattern.count)].elementsEqual(pattern)
        }
        func skip(to end: String) {
            while index < bytes.count, !starts(end, at: index) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            if starts("<!--", at: index) { skip(to: "-->") } else if starts("<![CDATA[", at: index) { skip(to: "]]>") } else if starts("<!DOCTYPE", at: index) || starts("<!ENTITY", at: index) {
                return line
            }
            index += 1
        }
        return nil
    }

    /// `&`, `<`, `>` and `"` as references.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        weak var parser: XMLParser?
        var stack: [XMLElement] = []
        var root: XMLElement?
        var errorLine: Int?
        /// A mismatched end tag, described.
        var mismatch: String?
        let rename: (String) -> String

        init(parser: XMLParser, rename: @escaping (String) -> String) {
            self.parser = parser
            self.rename = rename
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            var plain: [String: String] = [:]
            for (key, value) in attributes { plain[rename(XMLTree.localName(key))] = value }
            let element = XMLElement(name: rename(XMLTree.localName(elementName)), attributes: plain, line: parser.lineNumber)
            stack.last?.children.append(.element(element))
            if stack.isEmpty { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            // Foundation's parser on Linux can recover from a mismatched end tag; refuse it here.
            guard let open = stack.last, open.name == rename(XMLTree.localName(elementName)) else {
                mismatch = "</\(elementName)> closes <\(stack.last?.name ?? "nothing")>"
                errorLine = errorLine ?? parser.lineNumber
                parser.abortParsing()
                return
            }
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.children.append(.text(string))
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last?.children.append(.text(String(decoding: CDATABlock, as: UTF8.self)))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            errorLine = errorLine ?? parser.lineNumber
        }
    }

    /// `prefix:name` → `name`.
    static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }
}
