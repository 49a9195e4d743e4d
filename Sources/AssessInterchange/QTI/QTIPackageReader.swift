import AssessExam
import Foundation
import ZIPFoundation

/// How much a QTI content package may hold, so that a zip bomb stops early.
public struct ZipLimits: Sendable, Equatable {
    /// The most entries a package may have.
    public var maximumEntries: Int
    /// The most bytes all entries may hold together once uncompressed.
    public var maximumTotalBytes: Int

    /// Creates limits; by default 2,000 entries and 64 MiB.
    public init(maximumEntries: Int = 2_000, maximumTotalBytes: Int = 64 << 20) {
        self.maximumEntries = maximumEntries
        self.maximumTotalBytes = maximumTotalBytes
    }
}

/// Reads an IMS content package: a zip (or the folder it unpacks to) with `imsmanifest.xml`
/// whose resources name QTI item files, and perhaps an assessment test whose sections group
/// them (a section's rubric block becomes a description before its first item).
public struct QTIPackageReader: Sendable {
    /// The limits the package must stay within.
    public var limits: ZipLimits

    /// Creates a reader.
    public init(limits: ZipLimits = ZipLimits()) {
        self.limits = limits
    }

    /// Reads the package's bytes; `path` names it in locations.
    public func read(data: Data, path: String) throws(InterchangeError) -> ParsedBank {
        let files = try unzip(data, path: path)
        guard files["imsmanifest.xml"] != nil else {
            throw InterchangeError(
                SourceLocation(file: path, line: 1),
                "the package has no imsmanifest.xml at its top; this is not an IMS content package")
        }
        return try read(path: path) { member throws(InterchangeError) in files[member] }
    }

    /// Reads an unpacked package: the folder at `path`, with `imsmanifest.xml` at its top.
    /// Only the files the manifest and its tests name are read, each a regular file inside
    /// the folder (a link that leads out of it is not followed), within `limits`.
    public func read(folder path: String) throws(InterchangeError) -> ParsedBank {
        let root = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath()
        let manifest = root.appendingPathComponent("imsmanifest.xml")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: manifest.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw InterchangeError(
                SourceLocation(file: path, line: 1),
                "\(path) is a folder without imsmanifest.xml at its top, so it is not an unpacked QTI package; give the package folder itself, a package .zip, or the bank files inside the folder"
            )
        }
        var total = 0
        var count = 0
        let limits = self.limits
        return try read(path: path) { member throws(InterchangeError) in
            let url = root.appendingPathComponent(member).resolvingSymlinksInPath()
            guard url.path.hasPrefix(root.path + "/"),
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { return nil }
            let size = (attributes[.size] as? Int) ?? 0
            count += 1
            total += size
            if count > limits.maximumEntries || total > limits.maximumTotalBytes {
                throw InterchangeError(
                    SourceLocation(file: path, line: 1, member: member),
                    "the package folder names more than \(limits.maximumEntries) files or \(limits.maximumTotalBytes) bytes; it is refused as too large"
                )
            }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw InterchangeError(
                    SourceLocation(file: path, line: 1, member: member),
                    "cannot read this file of the package; check its permissions")
            }
            return data
        }
    }

    /// Reads a package whose files `file` gives by their path in the package (nil when absent).
    private func read(path: String, file: (String) throws(InterchangeError) -> Data?) throws(InterchangeError)
        -> ParsedBank
    {
        let here = SourceLocation(file: path, line: 1)
        guard let manifestData = try file("imsmanifest.xml") else {
            throw InterchangeError(
                here, "the package has no imsmanifest.xml at its top; this is not an IMS content package")
        }
        var manifestLocation = here
        manifestLocation.member = "imsmanifest.xml"
        let manifest = try XMLTree.parse(manifestData, location: manifestLocation, rename: QTIItemReader.qti3Name)
        var items: [String] = []
        var tests: [String] = []
        for resource in manifest.descendants("resource") {
            let type = resource.attributes["type"] ?? ""
            guard let href = resource.attributes["href"] ?? resource.child("file")?.attributes["href"] else { continue }
            if type.contains("item") { items.append(href) } else if type.contains("test") { tests.append(href) }
        }
        var sectionOf: [String: String] = [:]
        var order: [String] = []
        var rubricBefore: [String: (text: String, location: SourceLocation)] = [:]
        var selections: [String: Int] = [:]
        for test in tests {
            guard let testData = try file(Self.normalized(test)) else { continue }
            var location = here
            location.member = test
            let root = try XMLTree.parse(testData, location: location, rename: QTIItemReader.qti3Name)
            let folder = (test as NSString).deletingLastPathComponent
            for section in root.descendants("assessmentSection") {
                if let select = section.child("selection")?.attributes["select"].flatMap(Int.init),
                    let title = section.attributes["title"] ?? section.attributes["identifier"]
                {
                    selections[title] = select
                }
                let rubric = section.children("rubricBlock").map { PlainText.fromHTML($0.innerMarkup) }.filter {
                    !$0.isEmpty
                }
                for (index, reference) in section.children("assessmentItemRef").enumerated() {
                    guard let href = reference.attributes["href"] else { continue }
                    let member = Self.normalized(folder.isEmpty ? href : "\(folder)/\(href)")
                    if index == 0, !rubric.isEmpty {
                        rubricBefore[member] = (
                            rubric.joined(separator: "\n\n"),
                            SourceLocation(file: path, line: section.line, member: test)
                        )
                    }
                    sectionOf[member] = section.attributes["title"] ?? section.attributes["identifier"]
                    order.append(member)
                }
            }
        }
        let itemPaths = order + items.map(Self.normalized).filter { !order.contains($0) }
        var bank = ParsedBank()
        bank.selections = selections
        guard !itemPaths.isEmpty else {
            throw InterchangeError(
                manifestLocation, "the manifest lists no QTI item resources; there is nothing to import")
        }
        for member in itemPaths {
            guard let itemData = try file(member) else {
                bank.reject(manifestLocation, "the manifest names \(member), which is not in the package")
                continue
            }
            if let rubric = rubricBefore[member] {
                bank.entries.append(.description(rubric.text, section: sectionOf[member], location: rubric.location))
            }
            do {
                let items = try QTIItemReader.readItem(
                    data: itemData, file: path, member: member, section: sectionOf[member])
                for entry in items.entries {
                    guard case .question(var question) = entry,
                        question.pictureSource != nil || !question.choicePictureSources.isEmpty
                    else {
                        bank.entries.append(entry)
                        continue
                    }
                    do {
                        try Self.carryPictures(of: &question, itemMember: member, file: file)
                        bank.entries.append(.question(question))
                    } catch {
                        bank.reject(error.location, error.message)
                    }
                }
                bank.rejections += items.rejections
            } catch {
                bank.reject(error.location, error.message)
            }
        }
        return bank
    }

    /// Carries the PNGs a question's prompt and choices name (`<img src>`, relative to its
    /// item's file) when the package holds them, each checked as `validate` checks a
    /// picture: a hostile or damaged one throws, refusing the question. Any other picture
    /// stays its alt text.
    private static func carryPictures(
        of question: inout ImportedQuestion, itemMember: String, file: (String) throws(InterchangeError) -> Data?
    ) throws(InterchangeError) {
        if let source = question.pictureSource,
            let picture = try carriedPicture(source, of: &question, itemMember: itemMember, what: "", file: file)
        {
            // The item's text reads the picture as `[image: …]`, or `[image]` where its markup
            // lost the attributes; a prompt that is the picture alone keeps those words.
            let tokens = ["[image: \(source.alt.isEmpty ? picture.name : source.alt)]", "[image]"]
            let prompt = question.prompt
            if let range = tokens.compactMap({ prompt.range(of: $0) }).first {
                let rest = PlainText.tidy(prompt.replacingCharacters(in: range, with: ""), collapsingNewlines: true)
                if !rest.isEmpty { question.prompt = rest }
            }
            question.picture = picture.picture
        }
        var carried: [Int: (picture: ImportedPicture, source: PictureSource)] = [:]
        for (index, source) in question.choicePictureSources.sorted(by: { $0.key < $1.key }) {
            if let picture = try carriedPicture(
                source, of: &question, itemMember: itemMember, what: " of choice \(index + 1)", file: file)
            {
                carried[index] = (picture.picture, source)
            }
        }
        question.carryChoicePictures(carried)
        question.forgetPictureLossOnceCarried()
    }

    /// The PNG `source` names, relative to the item's file, when the package holds it,
    /// checked as `validate` checks a picture (a hostile or damaged one throws, naming the
    /// picture, `what` it belongs to and the item); nil for any other picture.
    private static func carriedPicture(
        _ source: PictureSource, of question: inout ImportedQuestion, itemMember: String, what: String,
        file: (String) throws(InterchangeError) -> Data?
    ) throws(InterchangeError) -> (picture: ImportedPicture, name: String)? {
        let address = source.source.removingPercentEncoding ?? source.source
        guard address.lowercased().hasSuffix(".png"), !address.contains(":"), !address.hasPrefix("/") else {
            return nil
        }
        let folder = (itemMember as NSString).deletingLastPathComponent
        let member = normalized(folder.isEmpty ? address : "\(folder)/\(address)")
        guard let data = try file(member) else { return nil }
        var location = question.location
        location.member = member
        if case .failure(let problem) = PictureFile.decode(data) {
            throw InterchangeError(location, "picture \"\(member)\"\(what) of \(itemMember): \(problem)")
        }
        let name = (member as NSString).lastPathComponent
        var alt = source.alt
        if alt.isEmpty {
            alt = "a picture (\(name))"
            question.losses.append("the picture \(name) has no alt text; write one in the exam file")
        }
        return (ImportedPicture(data: data, alt: alt, width: source.width), name)
    }

    /// `a/./b/../c` → `a/c`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// Every file's bytes by path, within `limits`: the entry count and the declared sizes
    /// are checked first, and the bytes actually inflated are counted as they come.
    func unzip(_ data: Data, path: String) throws(InterchangeError) -> [String: Data] {
        let here = SourceLocation(file: path, line: 1)
        let archive: Archive
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw InterchangeError(
                here, "this is not a readable zip file (\(error)); give a QTI content package or an item's XML file")
        }
        var entries: [Entry] = []
        for entry in archive {
            entries.append(entry)
            if entries.count > limits.maximumEntries {
                throw InterchangeError(
                    here,
                    "the package has more than \(limits.maximumEntries) entries; it is refused as a possible zip bomb")
            }
        }
        let declared = entries.reduce(UInt64(0)) { $0 &+ $1.uncompressedSize }
        if declared > UInt64(limits.maximumTotalBytes) {
            throw InterchangeError(
                here,
                "the package would unpack to \(declared) bytes, more than the \(limits.maximumTotalBytes) allowed; it is refused as a possible zip bomb"
            )
        }
        var files: [String: Data] = [:]
        var total = 0
        let limit = limits.maximumTotalBytes
        for entry in entries where entry.type == .file {
            var content = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    total += chunk.count
                    if total > limit { throw ZipLimitExceeded() }
                    content.append(chunk)
                }
            } catch is ZipLimitExceeded {
                throw InterchangeError(
                    SourceLocation(file: path, line: 1, member: entry.path),
                    "the package unpacks to more than the \(limit) bytes allowed; it is refused as a possible zip bomb")
            } catch {
                throw InterchangeError(
                    SourceLocation(file: path, line: 1, member: entry.path),
                    "this entry cannot be unpacked (\(error)); the package is damaged")
            }
            files[Self.normalized(entry.path)] = content
        }
        return files
    }

    private struct ZipLimitExceeded: Error {}
}
