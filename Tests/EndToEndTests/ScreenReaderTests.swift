import AssessTestSupport
import Foundation
import Testing

/// A practice sitting in the screen reader's layout, read by a real screen reader: Fenrir
/// (Debian's `fenrir`) on a pseudo-terminal inside tmux at 80×24, its generic speech driver
/// writing each utterance to a file instead of a voice. What a blind student hears of the
/// tools: a struck-out choice, a chosen one, the word the highlighter is on, a highlight.
@Suite("Heard through Fenrir", .ownThread)
struct ScreenReaderTests {
    static let exam = """
        id: planets
        title: Planets
        duration: 10m
        restrictions:
          - {id: strike-out, title: Striking out, detail: Choices may be struck out., default: on}
          - {id: line-reader, title: Line reader, detail: One line at a time., default: on}
          - {id: highlight, title: Highlighter, detail: Words may be highlighted., default: on}
        questions:
          - id: closest
            type: single-choice
            prompt: Which planet is closest to the Sun? Think of the order of the inner planets before you choose.
            choices: [Venus, Mercury, Mars, Earth]
            answer: Mercury

        """

    /// Every type of question, the calculator and the reference sheet, and a 10-minute
    /// warning eight seconds in: the exam of the whole sittings heard below.
    static let tour = """
        id: tour
        title: A tour of the tools
        duration: 10m08s
        calculator: basic
        reference:
          title: Formulas
          text: |
            Speed = distance / time
        restrictions:
          - {id: strike-out, title: Striking out, detail: Choices may be struck out., default: on}
          - {id: raise-hand, title: Raising a hand, detail: F12 asks for the proctor., default: on}
          - {id: hide-timer, title: Hiding the countdown, detail: Ctrl-O hides it., default: on}
          - {id: time-left, title: Time left, detail: Ctrl-T says it., default: on}
        questions:
          - id: planet
            type: single-choice
            prompt: Which planet is closest to the Sun?
            choices: [Venus, Mercury, Mars]
            answer: Mercury
          - id: primes
            type: multiple-response
            prompt: Which of these numbers are prime?
            choices: ["2", "9", "11"]
            answers: ["2", "11"]
          - id: boils
            type: true-false
            prompt: At sea level, water boils at 100 degrees.
            answer: true
          - id: author
            type: short-text
            prompt: Who wrote Emma?
            accepted: [Austen]
          - id: speed
            type: numeric
            prompt: A train goes 150 km in 2 hours. How fast, in km per hour?
            answer: 75
          - id: capitals
            type: matching
            prompt: Match each country to its capital.
            pairs:
              - {left: France, right: Paris}
              - {left: Japan, right: Tokyo}
          - id: sizes
            type: ordering
            prompt: Put these in order, smallest first.
            items: [One, Two, Three]
          - id: moon
            type: essay
            prompt: Why does the Moon shine?

        """

    /// Waits until Fenrir has said `text` (in the file `spoken`); returns all it said.
    @discardableResult
    static func waitUntilSaid(
        _ text: String, in spoken: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let deadline = Date().addingTimeInterval(15)
        var said = ""
        while Date() < deadline {
            said = (try? String(contentsOfFile: spoken, encoding: .utf8)) ?? ""
            if said.contains(text) { return said }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw TestFailure("Fenrir never said \(text.debugDescription); it said:\n\(said)")
    }

    @Test func fenrirSaysTheStruckAndChosenChoicesTheWordReadAndTheHighlight() throws {
        let fenrir = "/usr/bin/fenrir"
        guard FileManager.default.isExecutableFile(atPath: fenrir) else {
            throw TestFailure(
                "fenrir is not installed; apt-get install -y fenrir (Packaging/install-dependencies does)")
        }
        let scratch = try TemporaryDirectory("assess-e2e-fenrir")
        let exam = scratch.file("planets.yaml")
        try Self.exam.write(toFile: exam, atomically: true, encoding: .utf8)
        let spoken = scratch.file("spoken.txt")
        try "".write(toFile: spoken, atomically: true, encoding: .utf8)
        let say = scratch.file("say.sh")
        try "printf '%s\\n' \"$*\" >> '\(spoken)'\n".write(toFile: say, atomically: true, encoding: .utf8)
        // The shell Fenrir runs on its pseudo-terminal: the sitting, in the environment tmux gave.
        let shell = scratch.file("sitting.sh")
        try "exec '\(try BuiltProducts.path(of: "assess"))' take '\(exam)' --candidate f-1 --practice --screen-reader\n"
            .write(toFile: shell, atomically: true, encoding: .utf8)
        let options = [
            "speech#genericSpeechCommand=/bin/sh \(say) fenrirText", "sound#enabled=False",
            "screen#driver=ptyDriver", "keyboard#driver=ptyDriver", "general#shell=/bin/sh \(shell)",
        ].joined(separator: ";")
        let terminal = try TerminalUnderTest(
            "", program: "\(fenrir) -e -s /etc/fenrirscreenreader/settings/settings-pty.conf -o '\(options)'",
            width: 80, height: 24)
        try Self.waitUntilSaid("Enter begin practice", in: spoken)
        try terminal.press("Enter")
        try Self.waitUntilSaid("Press Enter to begin.", in: spoken)
        try terminal.press("Enter")
        try Self.waitUntilSaid("4. Earth", in: spoken)
        try terminal.press("x")
        try Self.waitUntilSaid("1. Venus, struck", in: spoken)
        try terminal.press("Down")
        try terminal.press("Space")
        try Self.waitUntilSaid("2. Mercury, chosen", in: spoken)
        try terminal.press("C-g")
        try Self.waitUntilSaid("Esc answer", in: spoken)
        try terminal.press("Right")
        try Self.waitUntilSaid("planet\n", in: spoken)
        try terminal.press("Space")
        try Self.waitUntilSaid("“planet” highlighted.", in: spoken)
        try terminal.press("Down")
        let said = try Self.waitUntilSaid("before you choose.", in: spoken)
        // The line reader's mark is not read out in this layout.
        #expect(!said.contains("▸"), "\(said)")
    }

    /// Starts the tour's sitting in the screen reader's layout under Fenrir, in `language`
    /// when given; returns it and the exam key as Fenrir says it.
    static func tourSitting(_ language: String? = nil) throws -> (FenrirListener, String) {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("tour.yaml", tour)
        let listener = try FenrirListener(
            "take '\(exam)' --candidate f-1 --screen-reader" + (language.map { " --language \($0)" } ?? ""),
            policy: setup.policy)
        let screen = try listener.terminal.waitFor("f-1")
        let key = try #require(screen.split(whereSeparator: \.isWhitespace).last { $0.count == 9 && $0.contains("-") })
        return (listener, key.replacingOccurrences(of: "-", with: " dash "))
    }

    /// The receipt's code and time lines once the receipt shows, as Fenrir says them (a dash
    /// as "dash", runs of spaces as one): the only words of the sitting that differ from one
    /// run to the next. The code is spelled a character at a time, so none of its letters can
    /// meet an entry of Fenrir's emoticon list (`XD` is said "LOL").
    static func receipt(_ fenrir: FenrirListener, _ code: String, _ time: String) throws -> (String, String) {
        let screen = try fenrir.terminal.waitFor(code + " ", seconds: 15)
        let line = { (label: String) in
            screen.split(separator: "\n")
                .map { $0.replacingOccurrences(of: "-", with: " dash ").split(separator: " ").joined(separator: " ") }
                .first { $0.hasPrefix(label + " ") } ?? ""
        }
        return (line(code), line(time))
    }

    /// What Fenrir may say before `assess` draws its first frame: on a loaded machine it
    /// reads the pane while it is still empty ("blank", in Fenrir's own words).
    static let beforeTheFirstFrame: Set<String> = ["blank"]

    @Test func aWholeSittingHeardInEnglish() throws {
        let (fenrir, key) = try Self.tourSitting()
        let footer = "Tab next Ctrl dash U undo F4 review submit F12 hand up F9 settings F1 help"
        try fenrir.expectSaid(
            [
                "assess exam / A tour of the tools / Candidate f dash 1 / Time 10 minutes 8 seconds / Questions 8 / "
                    + "Exam key \(key) / Enter begin q quit F1 help"
            ], passing: Self.beforeTheFirstFrame)
        try fenrir.expectSaid(
            [
                "A tour of the tools before the exam / Lock this terminal for the exam? / "
                    + "It stays locked until you submit, or at most 8 hours. / "
                    + "While it is locked, every clipboard is emptied, pasting is blocked, spell / "
                    + "check and other suggestions are off unless the exam allows them, and keys / "
                    + "such as Ctrl dash C do not leave the exam. / y lock and begin n decline F1 help"
            ], after: ["Enter"], passing: ["Starting the exam…"])
        try fenrir.expectSaid(
            [
                "This terminal is locked / It stays locked until you submit, or until 8 hours pass. / "
                    + "Press Enter to begin. The exam's timer starts when the first question shows. / Enter begin F1 help"
            ], after: ["y"], passing: ["Locking this terminal…"])
        try fenrir.expectSaid(
            [
                "Question 1 of 8, not answered. 11 minutes left. / 1 point / Which planet is closest to the Sun? / "
                    + "1. Venus / 2. Mercury / 3. Mars / Tab next ↑↓ move Space choose F4 review submit F9 settings F1 help"
            ], after: ["Enter"])
        // Eight seconds in, the 10-minute warning, in the state line.
        try fenrir.expectSaid(["Question 1 of 8, not answered. 10 minutes left. Warning: 10 minutes left."])
        try fenrir.expectSaid(
            [
                "Question 1 of 8, not answered. Time hidden. / "
                    + "Notice: Countdown hidden until the last 5 minutes; Ctrl dash T says the time."
            ], after: ["C-o"])
        try fenrir.expectSaid(["2. Mercury"], after: ["Down"])
        try fenrir.expectSaid(["Question 1 of 8, answered. Time hidden. / 2. Mercury, chosen"], after: ["Space"])
        try fenrir.expectSaid(["1. Venus"], after: ["Up"])
        try fenrir.expectSaid(["1. Venus, struck"], after: ["x"])
        try fenrir.expectSaid(
            [
                "Question 2 of 8, not answered. Time hidden. / Which of these numbers are prime? / "
                    + "Choose every answer that applies. / 1. 2 / 2. 9 / 3. 11"
            ], after: ["Tab"])
        try fenrir.expectSaid(["Question 2 of 8, answered. Time hidden. / 1. 2, chosen"], after: ["Space"])
        try fenrir.expectSaid(
            [
                "Question 3 of 8, not answered. Time hidden. / At sea level, water boils at 100 degrees. / "
                    + "1. True / 2. False"
            ], after: ["Tab"])
        try fenrir.expectSaid(
            [
                "A tour of the tools. 2 of 8 answered. Time hidden. / Keys on this screen / "
                    + "Tab or PageDown: next question / Shift dash Tab or PageUp: previous question / "
                    + "↑ ↓: move between the choices / Space or Enter: choose or unchoose, where several apply / "
                    + "1 to 9: choose by number / F2: flag or unflag for review / F3: the list of questions / "
                    + "F4: review and submit / Ctrl dash K: the calculator / Ctrl dash L: the reference sheet / "
                    + "Ctrl dash T: say the time left on the notice line / "
                    + "F12: raise your hand to ask for the proctor / Ctrl dash O: show the countdown again / "
                    + "F9: accessibility settings / F1 or ?: this help; Esc goes back / Esc or F1 back"
            ], after: ["?"])
        try fenrir.expectSaid(
            [
                "Question 3 of 8, not answered. Time hidden. / 1 point / At sea level, water boils at 100 degrees. / "
                    + "1. True / 2. False / Tab next ↑↓ move Space choose F4 review submit F9 settings F1 help"
            ], after: ["Enter"])
        try fenrir.expectSaid(["Question 3 of 8, answered. Time hidden. / 1. True, chosen"], after: ["Space"])
        try fenrir.expectSaid(
            ["Question 4 of 8, not answered. Time hidden. / Who wrote Emma? / Answer: / \(footer)"], after: ["Tab"])
        try fenrir.expectSaid(["Question 4 of 8, answered. Time hidden. / Answer: Austen"], after: ["text:Austen"])
        try fenrir.expectSaid(
            [
                "Question 5 of 8, not answered. Time hidden. / "
                    + "A train goes 150 km in 2 hours. How fast, in km per hour? / Answer: / "
                    + "Type a number, e.g. 12.5 or 12,5."
            ], after: ["Tab"])
        try fenrir.expectSaid(
            [
                "A tour of the tools. 4 of 8 answered. Time hidden. / Calculator · M 0 / "
                    + "Type an expression, such as 12 star 3 plus 4 / and press Enter. / Expression: / "
                    + "Enter calculate Esc back Ctrl dash P into answer F2 M plus F3 M− F4 MC F1 help"
            ], after: ["C-k"])
        try fenrir.expectSaid(["150 slash 2", "150 slash 2 75 / Expression:"], after: ["text:150/2", "Enter"])
        try fenrir.expectSaid(
            [
                "Question 5 of 8, answered. Time hidden. / Notice: Your answer is now 75 Ctrl dash U undoes it . / "
                    + "1 point / A train goes 150 km in 2 hours. How fast, in km per hour? / Answer: 75 / \(footer)"
            ], after: ["C-p"])
        try fenrir.expectSaid(
            [
                "A tour of the tools. 5 of 8 answered. Time hidden. / Formulas / Speed distance slash time / "
                    + "↑↓ scroll Esc back to the question F1 help"
            ], after: ["C-l"])
        try fenrir.expectSaid(
            [
                "Question 5 of 8, answered. Time hidden. / 1 point / "
                    + "A train goes 150 km in 2 hours. How fast, in km per hour? / Answer: 75 / \(footer)"
            ], after: ["C-l"])
        try fenrir.expectSaid(
            [
                "Question 6 of 8, not answered. Time hidden. / Match each country to its capital. / "
                    + "France: no match / Japan: no match / Matches: Tokyo · Paris / "
                    + "Tab next ↑↓ row ←→ match F4 review submit F2 flag F9 settings F1 help"
            ], after: ["Tab"])
        try fenrir.expectSaid(["Question 6 of 8, answered. Time hidden. / France: Tokyo"], after: ["Right"])
        try fenrir.expectSaid(["Japan: no match"], after: ["Down"])
        let picking = "Tab next ↑↓ move Space pick up F4 review submit F9 settings F1 help"
        try fenrir.expectSaid(
            [
                "Question 7 of 8, not answered. Time hidden. / Put these in order, smallest first. / "
                    + "Put these in order, first at the top. / 1. One / 2. Three / 3. Two / \(picking)"
            ], after: ["Tab"])
        try fenrir.expectSaid(
            ["1. One, held / Tab next ↑↓ carry Space drop F4 review submit F9 settings F1 help"], after: ["Space"])
        try fenrir.expectSaid(["Question 7 of 8, answered. Time hidden. / 1. Three / 2. One, held"], after: ["Down"])
        try fenrir.expectSaid(["2. One / \(picking)"], after: ["Space"])
        try fenrir.expectSaid(
            ["Question 8 of 8, not answered. Time hidden. / Why does the Moon shine? / Words: 0 / \(footer)"],
            after: ["Tab"])
        try fenrir.expectSaid(
            ["Question 8 of 8, answered. Time hidden. / Sunlit. / Words: 1"],
            after: ["text:Sunlit."])
        try fenrir.expectSaid(["Notice: Time left: 10 minutes."], after: ["C-t"])
        try fenrir.expectSaid(
            [
                "Question 8 of 8, answered. Your hand is raised. Time hidden. / "
                    + "Notice: Hand raised: the proctor has been told. F12 lowers it. / "
                    + "Tab next F4 review submit F12 hand down F2 flag F9 settings F1 help"
            ], after: ["F12"])
        try fenrir.expectSaid(
            ["Question 8 of 8, answered. Time hidden. / Notice: Hand lowered. / \(footer)"], after: ["F12"])
        try fenrir.expectSaid(
            [
                "A tour of the tools. 8 of 8 answered. Time hidden. / Review before submitting / "
                    + "Answered 8 Unanswered 0 Flagged 0 / 1. answered: Which planet is closest to the Sun? / "
                    + "2. answered: Which of these numbers are prime? / "
                    + "3. answered: At sea level, water boils at 100 degrees. / 4. answered: Who wrote Emma? / "
                    + "5. answered: A train goes 150 km in 2 hours. How fast, in km per hour? / "
                    + "6. answered: Match each country to its capital. / "
                    + "7. answered: Put these in order, smallest first. / 8. answered: Why does the Moon shine? / "
                    + "↑↓ choose Enter go to question s submit Esc back F1 help"
            ], after: ["F4"])
        try fenrir.expectSaid(
            [
                "Submit your answers? / This cannot be undone: after submitting you cannot change any answer. / "
                    + "Answered 8 of 8; unanswered 0; flagged 0. / y submit now n go back / "
                    + "y submit now n go back F1 help"
            ], after: ["s"])
        try fenrir.expectSaid(
            ["This terminal is no longer locked. / Your receipt follows. Enter shows it now."], after: ["y"],
            passing: ["Submitting your answers…"])
        let (receipt, submitted) = try Self.receipt(fenrir, "Receipt", "Submitted")
        try fenrir.expectSaid([
            "A tour of the tools submitted / Your answers were submitted. / \(receipt) / \(submitted) / "
                + "Exam key \(key) / Candidate f dash 1 / Keep the receipt code: it proves what you submitted. / "
                + "Enter finish F1 help"
        ])
    }

    @Test func aWholeSittingHeardInBrazilianPortuguese() throws {
        let (fenrir, key) = try Self.tourSitting("pt-BR")
        let footer = "Tab próxima F4 entregar F12 erguer mão F2 marcar F9 ajustes F1 ajuda"
        try fenrir.expectSaid(
            [
                "assess prova / A tour of the tools / Candidato f dash 1 / Tempo 10 minutos e 8 segundos / Questões 8 / "
                    + "Chave da prova \(key) / Enter começar q sair F1 ajuda"
            ], passing: Self.beforeTheFirstFrame)
        try fenrir.expectSaid(
            [
                "A tour of the tools antes da prova / Bloquear este terminal para a prova? / "
                    + "Ele fica bloqueado até você entregar, ou por no máximo 8 horas. / "
                    + "Enquanto estiver bloqueado, todas as áreas de transferência são esvaziadas, / "
                    + "colar é bloqueado, a verificação ortográfica e outras sugestões ficam / "
                    + "desligadas, a menos que a prova as permita, e teclas como Ctrl dash C não saem da / "
                    + "prova. / y bloquear e começar n recusar F1 ajuda"
            ], after: ["Enter"], passing: ["Iniciando a prova…"])
        try fenrir.expectSaid(
            [
                "Este terminal está bloqueado / Ele fica bloqueado até você entregar, ou até passar 8 horas. / "
                    + "Pressione Enter para começar. O cronômetro da prova começa quando a primeira / "
                    + "questão aparece. / Enter começar F1 ajuda"
            ], after: ["y"], passing: ["Bloqueando este terminal…"])
        try fenrir.expectSaid(
            [
                "Questão 1 de 8, sem resposta. Restam 11 minutos. / 1 ponto / Which planet is closest to the Sun? / "
                    + "1. Venus / 2. Mercury / 3. Mars / Tab próxima ↑↓ mover Space escolher F4 entregar F9 ajustes F1 ajuda"
            ], after: ["Enter"])
        try fenrir.expectSaid(["Questão 1 de 8, sem resposta. Restam 10 minutos. Atenção: Restam 10 minutos."])
        try fenrir.expectSaid(
            [
                "Questão 1 de 8, sem resposta. Tempo oculto. / "
                    + "Aviso: Cronômetro oculto até os 5 minutos finais; Ctrl dash T diz o tempo."
            ], after: ["C-o"])
        try fenrir.expectSaid(["1. Venus, riscada"], after: ["x"])
        try fenrir.expectSaid(["2. Mercury"], after: ["Down"])
        try fenrir.expectSaid(["Questão 1 de 8, respondida. Tempo oculto. / 2. Mercury, escolhida"], after: ["Space"])
        try fenrir.expectSaid(
            [
                "Questão 2 de 8, sem resposta. Tempo oculto. / Which of these numbers are prime? / "
                    + "Escolha todas as respostas que se aplicam. / 1. 2 / 2. 9 / 3. 11"
            ], after: ["Tab"])
        try fenrir.expectSaid(["Questão 2 de 8, respondida. Tempo oculto. / 1. 2, escolhida"], after: ["Space"])
        let choosing = "Tab próxima ↑↓ mover Space escolher F4 entregar F9 ajustes F1 ajuda"
        try fenrir.expectSaid(
            [
                "Questão 3 de 8, sem resposta. Tempo oculto. / At sea level, water boils at 100 degrees. / "
                    + "1. Verdadeiro / 2. Falso"
            ], after: ["Tab"])
        try fenrir.expectSaid(
            [
                "A tour of the tools. 2 de 8 respondidas. Tempo oculto. / Teclas desta tela / "
                    + "Tab ou PageDown: próxima questão / Shift dash Tab ou PageUp: questão anterior / "
                    + "↑ ↓: mover entre as alternativas / "
                    + "Espaço ou Enter: escolher ou desmarcar, quando vale mais de uma / "
                    + "1 a 9: escolher pelo número / F2: marcar ou desmarcar para revisão / "
                    + "F3: a lista de questões / F4: revisar e entregar / Ctrl dash K: a calculadora / "
                    + "Ctrl dash L: a folha de consulta / Ctrl dash T: dizer o tempo restante na linha de avisos / "
                    + "F12: levantar a mão para chamar o fiscal / Ctrl dash O: mostrar o cronômetro de novo / "
                    + "F9: ajustes de acessibilidade / F1 ou ?: esta ajuda; Esc volta / Esc ou F1 voltar"
            ], after: ["?"])
        try fenrir.expectSaid(
            [
                "Questão 3 de 8, sem resposta. Tempo oculto. / 1 ponto / At sea level, water boils at 100 degrees. / "
                    + "1. Verdadeiro / 2. Falso / \(choosing)"
            ], after: ["Enter"])
        try fenrir.expectSaid(
            ["Questão 3 de 8, respondida. Tempo oculto. / 1. Verdadeiro, escolhida"], after: ["Space"])
        try fenrir.expectSaid(
            ["Questão 4 de 8, sem resposta. Tempo oculto. / Who wrote Emma? / Resposta: / \(footer)"], after: ["Tab"])
        try fenrir.expectSaid(["Questão 4 de 8, respondida. Tempo oculto. / Resposta: Austen"], after: ["text:Austen"])
        try fenrir.expectSaid(
            [
                "Questão 5 de 8, sem resposta. Tempo oculto. / "
                    + "A train goes 150 km in 2 hours. How fast, in km per hour? / Resposta: / "
                    + "Digite um número, por exemplo 12,5 ou 12.5."
            ], after: ["Tab"])
        try fenrir.expectSaid(
            [
                "A tour of the tools. 4 de 8 respondidas. Tempo oculto. / Calculadora · M 0 / "
                    + "Digite uma expressão, como 12 star 3 plus 4 / e tecle Enter. / Expressão: / "
                    + "Enter calcular Esc voltar Ctrl dash P na resposta F2 M plus F3 M− F4 MC F1 ajuda"
            ], after: ["C-k"])
        try fenrir.expectSaid(["150 slash 2", "150 slash 2 75 / Expressão:"], after: ["text:150/2", "Enter"])
        try fenrir.expectSaid(
            [
                "Questão 5 de 8, respondida. Tempo oculto. / Aviso: Sua resposta agora é 75 Ctrl dash U desfaz . / "
                    + "1 ponto / A train goes 150 km in 2 hours. How fast, in km per hour? / Resposta: 75 / \(footer)"
            ], after: ["C-p"])
        try fenrir.expectSaid(
            [
                "A tour of the tools. 5 de 8 respondidas. Tempo oculto. / Formulas / Speed distance slash time / "
                    + "↑↓ rolar Esc voltar à questão F1 ajuda"
            ], after: ["C-l"])
        try fenrir.expectSaid(
            [
                "Questão 5 de 8, respondida. Tempo oculto. / 1 ponto / "
                    + "A train goes 150 km in 2 hours. How fast, in km per hour? / Resposta: 75 / \(footer)"
            ], after: ["C-l"])
        try fenrir.expectSaid(
            [
                "Questão 6 de 8, sem resposta. Tempo oculto. / Match each country to its capital. / "
                    + "France: sem correspondência / Japan: sem correspondência / Opções: Tokyo · Paris / "
                    + "Tab próxima ↑↓ linha ←→ associar F4 entregar F9 ajustes F1 ajuda"
            ], after: ["Tab"])
        try fenrir.expectSaid(["Questão 6 de 8, respondida. Tempo oculto. / France: Tokyo"], after: ["Right"])
        try fenrir.expectSaid(["Japan: sem correspondência"], after: ["Down"])
        let picking = "Tab próxima ↑↓ mover Space pegar F4 entregar F9 ajustes F1 ajuda"
        try fenrir.expectSaid(
            [
                "Questão 7 de 8, sem resposta. Tempo oculto. / Put these in order, smallest first. / "
                    + "Coloque em ordem, a primeira no topo. / 1. One / 2. Three / 3. Two / \(picking)"
            ], after: ["Tab"])
        try fenrir.expectSaid(
            ["1. One, em movimento / Tab próxima ↑↓ levar Space soltar F4 entregar F9 ajustes F1 ajuda"],
            after: ["Space"])
        try fenrir.expectSaid(
            ["Questão 7 de 8, respondida. Tempo oculto. / 1. Three / 2. One, em movimento"], after: ["Down"])
        try fenrir.expectSaid(["2. One / \(picking)"], after: ["Space"])
        try fenrir.expectSaid(
            ["Questão 8 de 8, sem resposta. Tempo oculto. / Why does the Moon shine? / Palavras: 0 / \(footer)"],
            after: ["Tab"])
        try fenrir.expectSaid(
            ["Questão 8 de 8, respondida. Tempo oculto. / Sunlit. / Palavras: 1"],
            after: ["text:Sunlit."])
        try fenrir.expectSaid(["Aviso: Tempo restante: 10 minutos."], after: ["C-t"])
        try fenrir.expectSaid(
            [
                "Questão 8 de 8, respondida. Sua mão está levantada. Tempo oculto. / "
                    + "Aviso: Mão levantada: o fiscal foi avisado. F12 abaixa a mão. / "
                    + "Tab próxima F4 entregar F12 baixar mão F2 marcar F9 ajustes F1 ajuda"
            ], after: ["F12"])
        try fenrir.expectSaid(
            ["Questão 8 de 8, respondida. Tempo oculto. / Aviso: Mão abaixada. / \(footer)"], after: ["F12"])
        try fenrir.expectSaid(
            [
                "A tour of the tools. 8 de 8 respondidas. Tempo oculto. / Revisar antes de entregar / "
                    + "Respondidas 8 Sem resposta 0 Marcadas 0 / 1. respondida: Which planet is closest to the Sun? / "
                    + "2. respondida: Which of these numbers are prime? / "
                    + "3. respondida: At sea level, water boils at 100 degrees. / 4. respondida: Who wrote Emma? / "
                    + "5. respondida: A train goes 150 km in 2 hours. How fast, in km per hour? / "
                    + "6. respondida: Match each country to its capital. / "
                    + "7. respondida: Put these in order, smallest first. / 8. respondida: Why does the Moon shine? / "
                    + "↑↓ escolher Enter ir à questão s entregar Esc voltar F1 ajuda"
            ], after: ["F4"])
        try fenrir.expectSaid(
            [
                "Entregar suas respostas? / "
                    + "Isto não pode ser desfeito: depois de entregar, você não pode mudar nenhuma / resposta. / "
                    + "Respondidas 8 de 8; sem resposta 0; marcadas 0. / y entregar agora n voltar / "
                    + "y entregar agora n voltar F1 ajuda"
            ], after: ["s"])
        try fenrir.expectSaid(
            ["Este terminal não está mais bloqueado. / Seu comprovante vem a seguir. Enter mostra agora."],
            after: ["y"], passing: ["Entregando suas respostas…"])
        let (receipt, submitted) = try Self.receipt(fenrir, "Comprovante", "Entregue em")
        try fenrir.expectSaid([
            "A tour of the tools entregue / Suas respostas foram entregues. / \(receipt) / \(submitted) / "
                + "Chave da prova \(key) / Candidato f dash 1 / "
                + "Guarde o código do comprovante: ele prova o que você entregou. / Enter concluir F1 ajuda"
        ])
    }
}
