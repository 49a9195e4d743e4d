import CYaml

/// A pass over a file's YAML events before any tree is built, which counts what the
/// file stands for once its aliases expand. Building the tree is cheap, since an alias
/// shares what its anchor holds; reading it (and hashing a key that is an alias) walks
/// every expanded value, so a few lines of nested aliases could stand for millions.
/// The pass takes time and memory in proportion to the file's size.
struct YAMLBudget {
    /// What part of a file stands for: values and bytes of text.
    private struct Cost {
        var values = 0
        var bytes = 0

        static func += (left: inout Cost, right: Cost) {
            left.values += right.values
            left.bytes += right.bytes
        }
    }

    private let path: String
    private var total = Cost()
    /// The lists and mappings open around the current event: each one's anchor and
    /// what its contents stand for so far.
    private var open: [(anchor: String?, cost: Cost)] = []
    private var anchors: [String: Cost] = [:]

    private init(path: String) {
        self.path = path
    }

    /// The first limit of ``ExamLimits`` the YAML in `text` goes past, as a problem at
    /// the line where it does; `nil` when it stays within them, or when it is not valid
    /// YAML (the parser that follows reports that, with its position).
    static func firstProblem(in text: String, path: String) -> ExamProblem? {
        var budget = YAMLBudget(path: path)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let problem = budget.take(event) { return problem }
            }
            return nil
        }
    }

    /// Counts one event; returns the problem when a limit is passed.
    private mutating func take(_ event: yaml_event_t) -> ExamProblem? {
        let line = Int(event.start_mark.line) + 1
        let column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let characters = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
                .reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            if characters > ExamLimits.textCharacters {
                return ExamProblem(
                    path: path, line: line, column: column,
                    message: """
                        this text is \(ExamLimits.grouped(characters)) characters long; a text in an exam file may have \
                        at most \(ExamLimits.grouped(ExamLimits.textCharacters)); shorten it
                        """)
            }
            let cost = Cost(values: 1, bytes: scalar.length)
            register(Self.name(scalar.anchor), cost)
            return add(cost, line: line, column: column, alias: nil)
        case YAML_ALIAS_EVENT:
            let name = Self.name(event.data.alias.anchor) ?? ""
            return add(anchors[name] ?? Cost(values: 1), line: line, column: column, alias: name)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let anchor =
                event.type == YAML_SEQUENCE_START_EVENT
                ? Self.name(event.data.sequence_start.anchor) : Self.name(event.data.mapping_start.anchor)
            if let problem = add(Cost(values: 1), line: line, column: column, alias: nil) { return problem }
            guard open.count < ExamLimits.nesting else {
                return ExamProblem(
                    path: path, line: line, column: column,
                    message: """
                        lists and mappings are nested more than \(ExamLimits.nesting) deep here; an exam needs at most 7 \
                        (sections, questions, pairs): check the indentation and brackets
                        """)
            }
            open.append((anchor, Cost()))
            return nil
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let closed = open.popLast() else { return nil }
            var whole = closed.cost
            whole += Cost(values: 1)
            register(closed.anchor, whole)
            // The list or mapping itself was counted when it opened; now its contents.
            if !open.isEmpty { open[open.count - 1].cost += closed.cost }
            return nil
        default:
            return nil
        }
    }

    /// Adds `cost` to the total and to the list or mapping it is in.
    private mutating func add(_ cost: Cost, line: Int, column: Int, alias: String?) -> ExamProblem? {
        total += cost
        if !open.isEmpty { open[open.count - 1].cost += cost }
        let what: String
        if total.values > ExamLimits.expandedValues {
            what =
                "more than \(ExamLimits.grouped(ExamLimits.expandedValues)) values (texts, numbers, lists, mappings and keys)"
        } else if total.bytes > ExamLimits.expandedTextBytes {
            what = "more than \(ExamLimits.expandedTextBytes >> 20) MiB of text"
        } else {
            return nil
        }
        let cause =
            alias.map { name in
                "with the alias *\(name) on this line, which stands for \(ExamLimits.grouped(cost.values)) values, the file holds \(what) once its aliases expand; write the values out, or use fewer aliases"
            } ?? "by this line the file holds \(what); an exam may hold no more: split it into several exams"
        return ExamProblem(path: path, line: line, column: column, message: cause)
    }

    private mutating func register(_ anchor: String?, _ cost: Cost) {
        if let anchor { anchors[anchor] = cost }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}
