// swift-tools-version:6.2
import PackageDescription

// MARK: - Settings shared by every target of ours

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// MARK: - Dependencies (versions from the local mirror; see README "Dependencies")

let dependencies: [Package.Dependency] = [
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
    .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.1"),
    // The pages' templates: escapes every {{value}}, attribute values included (Plot and Stencil do not).
    .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    // The pages' stylesheet and script are gzipped once at start (zlib, through NIO's ByteBuffer).
    .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
]

// MARK: - Shared (server and client)

let sharedTargets: [Target] = [
    // The catalogues (Shared/Catalogues, a file per language) are embedded by the EmbedFiles plugin.
    .target(
        name: "ExamPrepShared", path: "Shared", exclude: ["Catalogues"], swiftSettings: strictSwift, plugins: ["EmbedFiles"])
]

// MARK: - Server

let serverTargets: [Target] = [
    .systemLibrary(
        name: "CLibPQ",
        path: "Server/CLibPQ",
        pkgConfig: "libpq",
        providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),
    // glibc's process settings, and the malloc arena cap applied before main (process_start.c).
    .target(name: "CProcess", path: "Server/CProcess"),
    // libcurl's SMTP client: the server's mail (invitations, password resets).
    .systemLibrary(
        name: "CCurl",
        path: "Server/CCurl",
        pkgConfig: "libcurl",
        providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .systemLibrary(name: "CSocketEvents", path: "Server/CSocketEvents"),
    .systemLibrary(
        name: "CCrypt",
        path: "Server/CCrypt",
        pkgConfig: "libcrypt",
        providers: [.apt(["libcrypt-dev"]), .brew(["libxcrypt"])]
    ),
    .target(
        name: "ExamPrepPostgres",
        dependencies: [
            "CLibPQ",
            "CSocketEvents",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        path: "Server/Postgres",
        swiftSettings: strictSwift
    ),
    .target(
        name: "ExamPrepEmbeddedPostgres",
        dependencies: [.product(name: "Logging", package: "swift-log")],
        path: "Server/EmbeddedPostgres",
        swiftSettings: strictSwift
    ),
    .executableTarget(
        name: "EmbedFilesTool",
        path: "Server/EmbedFilesTool",
        swiftSettings: strictSwift
    ),
    .plugin(
        name: "EmbedFiles",
        capability: .buildTool(),
        dependencies: ["EmbedFilesTool"],
        path: "Server/Plugins/EmbedFiles"
    ),
    .target(
        name: "ExamPrepMigrations",
        dependencies: [
            "ExamPrepPostgres",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Server/Migrations",
        swiftSettings: strictSwift,
        plugins: ["EmbedFiles"]
    ),
    .target(name: "ExamPrepInterchange", dependencies: ["ExamPrepShared"], path: "Server/Interchange", swiftSettings: strictSwift),
    // Item analysis of an exam (Moodle's quiz statistics), its CSV, SVG and terminal pictures: pure,
    // used by the server and the CLI.
    .target(name: "ExamPrepStatistics", dependencies: ["ExamPrepShared"], path: "Server/Statistics", swiftSettings: strictSwift),
    // TeX formulas in question text turned into MathML Core, pure Swift: no database, no server.
    .target(name: "ExamPrepFormulas", path: "Server/Formulas", swiftSettings: strictSwift),
    // FSRS spaced review (practice), pure Swift: no database, no server.
    .target(name: "ExamPrepScheduling", path: "Server/Scheduling", swiftSettings: strictSwift),
    // An attempt's rules: starting, its deadline and state, submitting, review, grading methods
    // and the grader, the answers' checks and aliases. Pure Swift: no database, no server; `now`
    // is always passed in.
    .target(
        name: "ExamPrepExams", dependencies: ["ExamPrepShared", .product(name: "Crypto", package: "swift-crypto")],
        path: "Server/Exams", swiftSettings: strictSwift),
    // The rules a person's input must meet (texts, addresses, names, passwords, questions,
    // exams, class lists), each refusal an `InvalidInput` naming its sentence. Pure Swift: no
    // database, no server, no logging.
    .target(
        name: "ExamPrepRules", dependencies: ["ExamPrepShared", "ExamPrepExams", "ExamPrepFormulas"], path: "Server/Rules",
        swiftSettings: strictSwift),
    .target(
        name: "ExamPrepServer",
        dependencies: [
            "ExamPrepShared",
            "ExamPrepInterchange",
            "ExamPrepFormulas",
            "ExamPrepStatistics",
            "ExamPrepScheduling",
            "ExamPrepExams",
            "ExamPrepRules",
            "ExamPrepPostgres",
            "ExamPrepMigrations",
            "ExamPrepEmbeddedPostgres",
            "CCrypt",
            "CCurl",
            "CProcess",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Configuration", package: "swift-configuration"),
            .product(name: "Mustache", package: "swift-mustache"),
            .product(name: "CompressNIO", package: "compress-nio"),
        ],
        path: "Server/App",
        swiftSettings: strictSwift,
        plugins: ["EmbedFiles"]
    ),
    .executableTarget(
        name: "ExamPrepServerRun",
        dependencies: [
            "ExamPrepServer",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Server/Run",
        swiftSettings: strictSwift
    ),
]

// MARK: - Client

let clientTargets: [Target] = [
    .target(name: "ExamPrepClient", dependencies: ["ExamPrepShared"], path: "Client/Library", swiftSettings: strictSwift),
    .executableTarget(
        name: "ExamPrepCLI",
        dependencies: [
            "ExamPrepClient",
            "ExamPrepStatistics",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Yams", package: "Yams"),
            // SHA-256 of `login --browser`'s PKCE verifier (CryptoKit on Apple's systems).
            .product(name: "Crypto", package: "swift-crypto"),
        ],
        path: "Client/CLI",
        swiftSettings: strictSwift
    ),
]

// MARK: - Tests

let testTargets: [Target] = [
    .target(
        name: "ExamPrepTestSupport",
        dependencies: [
            "ExamPrepEmbeddedPostgres", "ExamPrepPostgres", "ExamPrepMigrations", .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/TestSupport",
        swiftSettings: strictSwift
    ),
    .target(
        name: "ExamPrepServerTestSupport",
        dependencies: [
            "ExamPrepServer",
            "ExamPrepPostgres",
            "ExamPrepTestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/ServerTestSupport",
        swiftSettings: strictSwift
    ),
    // examprep-server with its password hashing held on command, for the browser tests
    // (Tests/Browser/test_sign_in_surge.py).
    .executableTarget(
        name: "ExamPrepHeldServer", dependencies: ["ExamPrepServer", .product(name: "Logging", package: "swift-log")],
        path: "Tests/HeldServer", swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepSharedTests", dependencies: ["ExamPrepShared", "ExamPrepTestSupport"], path: "Tests/SharedTests",
        swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepInterchangeTests", dependencies: ["ExamPrepInterchange", "ExamPrepTestSupport"], path: "Tests/InterchangeTests",
        swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepExamsTests", dependencies: ["ExamPrepExams", "ExamPrepShared", "ExamPrepTestSupport"], path: "Tests/ExamsTests",
        swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepRulesTests", dependencies: ["ExamPrepRules", "ExamPrepExams", "ExamPrepShared", "ExamPrepTestSupport"],
        path: "Tests/RulesTests", swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepFormulasTests", dependencies: ["ExamPrepFormulas", "ExamPrepInterchange", "ExamPrepTestSupport"],
        path: "Tests/FormulasTests", exclude: ["formula-reference.json", "formula-corpus.txt"], swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepSchedulingTests", dependencies: ["ExamPrepScheduling", "ExamPrepTestSupport"], path: "Tests/SchedulingTests",
        // The generator and its JSON stay beside the tests; the tests read FSRSVectors.swift.
        exclude: ["generate_vectors.py", "fsrs-vectors.json"], swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepPostgresTests",
        dependencies: ["ExamPrepPostgres", "ExamPrepMigrations", "ExamPrepEmbeddedPostgres", "ExamPrepTestSupport"],
        path: "Tests/PostgresTests",
        swiftSettings: strictSwift
    ),
    .testTarget(
        name: "ExamPrepServerTests",
        dependencies: [
            "ExamPrepServer",
            "ExamPrepExams",
            "ExamPrepRules",
            "ExamPrepEmbeddedPostgres",
            "ExamPrepPostgres",
            "ExamPrepTestSupport",
            "ExamPrepServerTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Yams", package: "Yams"),
            .product(name: "CompressNIO", package: "compress-nio"),
        ],
        path: "Tests/ServerTests",
        swiftSettings: strictSwift
    ),
    .testTarget(
        name: "ExamPrepStatisticsTests", dependencies: ["ExamPrepStatistics", "ExamPrepShared", "ExamPrepTestSupport"],
        path: "Tests/StatisticsTests", exclude: ["reference.py"], swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepClientTests", dependencies: ["ExamPrepClient", "ExamPrepTestSupport"], path: "Tests/ClientTests",
        swiftSettings: strictSwift),
    .testTarget(
        name: "ExamPrepEndToEndTests",
        dependencies: [
            "ExamPrepServer",
            "ExamPrepClient",
            "ExamPrepStatistics",
            "ExamPrepEmbeddedPostgres",
            "ExamPrepPostgres",
            "ExamPrepTestSupport",
            "ExamPrepServerTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/EndToEndTests",
        exclude: ["exam_statistics_reference.py"],
        swiftSettings: strictSwift
    ),
]

let package = Package(
    name: "ExamPrep",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "ExamPrepShared", targets: ["ExamPrepShared"]),
        .library(name: "ExamPrepClient", targets: ["ExamPrepClient"]),
        .executable(name: "examprep-server", targets: ["ExamPrepServerRun"]),
        .executable(name: "examprep", targets: ["ExamPrepCLI"]),
    ],
    dependencies: dependencies,
    targets: sharedTargets + serverTargets + clientTargets + testTargets
)
