// swift-tools-version:6.0
// The Vapor + Fluent peer of ExamPrep's read path (benchmarks/peer-rounds): a package of its
// own, never named by the root Package.swift, so CI never builds it.
import PackageDescription

let package = Package(
    name: "examprep-peer",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", exact: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", exact: "2.14.0"),
        .package(url: "https://github.com/vapor/jwt.git", exact: "5.2.0"),
    ],
    targets: [
        .executableTarget(
            name: "Peer",
            dependencies: [
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "JWT", package: "jwt"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
