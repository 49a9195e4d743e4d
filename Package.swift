// swift-tools-version:6.0
// The package that builds `assess`, the terminal exam client.
//
// Targets, from the bottom up (see docs/architecture.md):
//   AssessCore        the session engine: lock state machine, policy, suggestions,
//                     status events, and the protocols every side effect enters through
//   AssessCalculator  the students' calculator: a pure, decimal evaluator of one-line expressions
//   AssessExam        exam files: model, YAML loader with positioned errors, scoring, exam key,
//                     pictures (PNG files checked from their header, decoded with libpng)
//   AssessPlatform    the real implementations of the engine's protocols (flock lock file,
//                     clipboards, clock, processes, environment)
//   AssessInterchange question banks in and out: GIFT, Aiken, Moodle XML and QTI to the
//                     native exam model, and exams back out as GIFT and QTI packages
//   AssessStore       durable state behind one `ExamStore` protocol: the hash-chained event log,
//                     attempts, answers; in SQLite (GRDB) or PostgreSQL (libpq)
//   CLibpq            the C system library for libpq, PostgreSQL's client (Debian libpq-dev)
//   CNcursesw         the C system library for ncursesw, with a shim for macros and globals
//   CHunspell         the C system library for Hunspell (spell checking)
//   CLibpng           libpng (Debian libpng-dev), opened with dlopen on the first picture, with a shim
//                     for its macros
//   CChafa            chafa (Debian libchafa0), opened with dlopen on the first picture, which turns
//                     pixels into character mosaics and sixel or kitty graphics for the terminal
//   AssessSandbox     runs a student's program (python3, C, bash) under bubblewrap with limits on
//                     time, memory, processes and output; no network and none of the machine's files
//   AssessSpelling    spell checking, suggestions, completion and autocorrect for the editor,
//                     behind the small `Speller` protocol; the real one uses Hunspell
//   AssessTUI         the ncurses front end: screens draw into a cell grid; one layer talks to curses
//   AssessApp         what the commands run, without the argument parser: the sitting's runner,
//                     its store recorder and command link, the runtime (policy, lock, the store
//                     in force), exit statuses and the proctor's reports
//   assess            the executable: `Assess.swift` and the swift-argument-parser commands
//   AssessTestSupport fakes shared by every test target, and the `.ownThread` trait for tests
//                     that block on a real program
//   assess-bench      the feel benchmark (Benchmarks/FeelBenchmark), outside the tests
import PackageDescription

let package = Package(
    name: "assess",
    products: [
        .executable(name: "assess", targets: ["assess"]),
        .executable(name: "assess-bench", targets: ["assess-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        .target(
            name: "AssessCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            // The interface's strings, one data file per language, built into the program
            // (no files to install; see Localization/Catalogue.swift).
            resources: ["en", "ja", "ko", "vi", "pt-BR"].map { .embedInCode("Localization/Catalogues/\($0).txt") }
        ),
        .target(name: "AssessCalculator"),
        .target(
            name: "AssessExam",
            dependencies: [
                "AssessCore", "AssessCalculator", "CLibpng",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "AssessInterchange",
            dependencies: ["AssessCore", "AssessExam", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .target(
            name: "AssessPlatform",
            dependencies: ["AssessCore"]
        ),
        .target(
            name: "AssessStore",
            dependencies: [
                "AssessCore", "CLibpq",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            // The PostgreSQL schema's migrations and functions, one SQL file each, built into
            // the program (see Postgres/PostgresSchema.swift).
            resources: [
                "postgres-migrations-table", "postgres-v01-attempts-responses-events-results", "postgres-v02-leases",
                "postgres-v03-seat-limits", "postgres-v04-room-commands", "postgres-v05-marks",
                "postgres-v06-rosters-starts", "postgres-v07-seat-news", "postgres-v08-commands-acknowledged",
                "postgres-v09-lease-liveness", "postgres-v10-server-decides", "postgres-v11-published-exams",
                "postgres-v12-message-read", "postgres-v13-open-releases-forms", "postgres-v14-pool-draws",
                "postgres-v15-tool-used", "postgres-v16-room-version", "postgres-v17-room-anchors",
                "postgres-v18-paused-time",
                "postgres-v19-raised-hand",
                "postgres-v20-timed-sections",
                "postgres-v21-annotations",
                "postgres-v22-code-runs",
                "postgres-v23-seat-event-kinds",
                "postgres-v24-response-limits",
            ].map { .embedInCode("Postgres/SQL/\($0).sql") }
        ),
        .target(name: "AssessSandbox", dependencies: ["AssessCore", "AssessPlatform"]),
        .systemLibrary(name: "CNcursesw"),
        .systemLibrary(name: "CLibpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CHunspell", pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
        .systemLibrary(name: "CLibpng", providers: [.apt(["libpng-dev"])]),
        // Neither is linked: each is opened with dlopen on the first picture (see their shims).
        .systemLibrary(name: "CChafa"),
        .target(
            name: "AssessSpelling",
            dependencies: ["CHunspell"]
        ),
        .target(
            name: "AssessTUI",
            dependencies: ["AssessCore", "AssessCalculator", "AssessExam", "AssessSpelling", "CNcursesw", "CChafa"]
        ),
        .target(
            name: "AssessApp",
            dependencies: [
                "AssessCore", "AssessExam", "AssessPlatform", "AssessSandbox", "AssessSpelling", "AssessStore",
                "AssessTUI",
            ]
        ),
        .executableTarget(
            name: "assess",
            dependencies: [
                "AssessApp", "AssessCore", "AssessExam", "AssessInterchange", "AssessPlatform", "AssessSandbox",
                "AssessSpelling", "AssessStore",
                "AssessTUI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "AssessTestSupport",
            dependencies: ["AssessCore", "AssessExam", "AssessSpelling", "AssessTUI"]
        ),
        // The app's unit tests; `assess` for `take`'s parser (TakeCommandLineTests) and for the
        // binary ExitStatusTests runs.
        .testTarget(
            name: "AssessAppTests",
            dependencies: [
                "AssessApp", "AssessTestSupport", "AssessStore", "AssessExam", "AssessPlatform", "AssessSandbox",
                "assess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], exclude: ["Fixtures"]),
        .testTarget(name: "AssessCalculatorTests", dependencies: ["AssessCalculator"]),
        .testTarget(name: "AssessCoreTests", dependencies: ["AssessCore", "AssessTestSupport"]),
        .testTarget(
            name: "AssessExamTests",
            dependencies: [
                "AssessExam", "AssessTestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ], exclude: ["Fixtures"]),
        .testTarget(
            name: "AssessInterchangeTests",
            dependencies: [
                "AssessInterchange", "AssessTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .testTarget(
            name: "AssessPlatformTests",
            dependencies: ["AssessPlatform", "AssessTestSupport", "lock-contender", "spawned-ids"]),
        .testTarget(name: "AssessSandboxTests", dependencies: ["AssessSandbox", "AssessCore", "AssessTestSupport"]),
        .testTarget(name: "AssessSpellingTests", dependencies: ["AssessSpelling", "AssessTestSupport"]),
        .testTarget(name: "AssessStoreTests", dependencies: ["AssessStore", "AssessTestSupport"]),
        .testTarget(
            name: "AssessTUITests", dependencies: ["AssessTUI", "AssessTestSupport"],
            exclude: ["Screens", "MonitorScreens"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "AssessTestSupport", "AssessStore", "AssessExam", "AssessPlatform", "AssessTUI", "assess",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // Measures first frame, echo, bytes and memory beside nano, dialog and exam-terminal
        // (docs/performance.md); run by Benchmarks/run, never by the tests.
        .executableTarget(name: "assess-bench", dependencies: ["CPseudoTerminal"], path: "Benchmarks/FeelBenchmark"),
        // The store alone: N seats' writes to one PostgreSQL server, without terminals.
        .executableTarget(
            name: "assess-store-bench", dependencies: ["AssessStore", "AssessCore"], path: "Benchmarks/StoreBenchmark"),
        .target(name: "CPseudoTerminal", path: "Benchmarks/CPseudoTerminal"),
        // A tiny program the lock tests start many times at once to race for the lock.
        .executableTarget(
            name: "lock-contender", dependencies: ["AssessPlatform"], path: "Tests/Support/LockContender"),
        // Starts one program as every program is started and shows both's group ids (ProcessSpawnTests).
        .executableTarget(name: "spawned-ids", dependencies: ["AssessPlatform"], path: "Tests/Support/SpawnedIDs"),
        // Times a spell check of a 5,000-word essay, completion lookups and keystrokes in a
        // long essay (swift run --scratch-path ... measure-spelling). A measurement, not a test.
        .executableTarget(
            name: "measure-spelling", dependencies: ["AssessSpelling", "AssessTUI", "AssessCore", "AssessTestSupport"],
            path: "Tests/Support/MeasureSpelling"),
        // Times decoding a picture and converting it to a mosaic (docs/performance.md#pictures).
        .executableTarget(
            name: "measure-pictures", dependencies: ["AssessExam", "AssessTUI", "AssessTestSupport"],
            path: "Tests/Support/MeasurePictures"),
    ]
)

// Strict settings for every Swift target, in one place.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
