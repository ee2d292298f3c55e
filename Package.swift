// swift-tools-version:6.0
import PackageDescription

// Each target's job and what it may import: docs/architecture.md, whose table LayeringTests checks
// against this file and every import line. No `.package(url:)` dependencies: only the toolchain and
// Debian's C libraries. Linux only (epoll, Glibc).
let package = Package(
    name: "covid-atlas",
    products: [
        .executable(name: "covid-atlas", targets: ["covid-atlas"])
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        // SHA-256, HMAC and constant-time comparison for session ids and CSRF tokens.
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        // libpq, PostgreSQL's client library, for the store many processes share.
        .systemLibrary(
            name: "CPostgreSQL", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // epoll, eventfd and accept4, which Swift's Glibc module does not export, and atomics on shared memory.
        .systemLibrary(name: "CLinux"),

        // The wall and monotonic clocks, in one place for every target that reads one.
        .target(name: "Clocks"),
        // Dates, numbers and JSON strings as text: pure, no locale, the lowest layer that needs them.
        .target(name: "Formats"),
        .target(name: "HTTPCore", dependencies: ["Formats"]),
        .target(name: "HTTPServer", dependencies: ["HTTPCore", "Formats", "CLinux", "Clocks"]),
        .target(name: "Routing", dependencies: ["HTTPCore", "Formats", "CZlib", "COpenSSL", "Clocks"]),
        .target(name: "Mustache"),
        // The site's languages, their addresses and their catalogs of words (docs/i18n.md). No web, no domain.
        .target(name: "Localization"),

        .target(name: "AtlasCore", dependencies: ["Formats"]),
        .target(name: "AtlasStore", dependencies: ["AtlasCore", "CSQLite", "CPostgreSQL", "Clocks", "CLinux"]),
        .target(name: "AtlasSource", dependencies: ["AtlasCore", "Formats", "CCurl", "CZlib", "Clocks"]),
        // Import and refresh: the shipped data on first start, files, the live API on a schedule.
        .target(name: "AtlasRefresh", dependencies: ["AtlasCore", "AtlasStore", "AtlasSource", "Clocks", "Formats"]),
        // The charts and the world map as pure view models: scales, ticks, paths, bands. No web, no templates.
        .target(name: "AtlasCharts", dependencies: ["AtlasCore", "Formats", "Localization"]),
        .target(
            name: "AtlasWeb",
            dependencies: [
                "AtlasCore", "AtlasCharts", "AtlasRefresh", "AtlasStore", "AtlasSource", "Routing", "HTTPCore",
                "Mustache", "Localization", "Clocks", "Formats", "CLinux",
            ]),
        .executableTarget(
            name: "covid-atlas",
            dependencies: [
                "AtlasWeb", "AtlasRefresh", "AtlasCore", "HTTPServer", "HTTPCore", "Routing", "Clocks", "Formats",
            ]),

        // Micro-benchmarks printed by script/bench (release build): chart rendering, the history import.
        .executableTarget(
            name: "atlas-bench",
            dependencies: [
                "AtlasWeb", "AtlasCharts", "AtlasSource", "AtlasStore", "AtlasCore", "Clocks", "Routing", "Formats",
                "Localization",
            ]),

        // waitUntil(deadline:_:), the one way tests wait for an event (a library, not tests).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "FormatsTests", dependencies: ["Formats"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore", "Formats"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPCore", "TestSupport"]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "HTTPCore", "CZlib"]),
        .testTarget(
            name: "MustacheTests", dependencies: ["Mustache"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "AtlasCoreTests", dependencies: ["AtlasCore"]),
        .testTarget(name: "AtlasChartsTests", dependencies: ["AtlasCharts", "AtlasCore", "Formats", "Localization"]),
        // The throwaway PostgreSQL server of script/test, and a database of its own per test (a library).
        .target(name: "TestPostgres", dependencies: ["CPostgreSQL"], path: "Tests/TestPostgres"),
        .testTarget(
            name: "AtlasStoreTests",
            dependencies: ["AtlasStore", "AtlasCore", "AtlasSource", "TestPostgres", "TestSupport"]),
        // A scripted upstream on a loopback socket for the libcurl client's tests (a library, not tests).
        .target(name: "UpstreamStub", path: "Tests/UpstreamStub"),
        .testTarget(
            name: "AtlasRefreshTests", dependencies: ["AtlasRefresh", "AtlasSource", "AtlasStore", "AtlasCore"]),
        .testTarget(name: "AtlasSourceTests", dependencies: ["AtlasSource", "AtlasCore", "UpstreamStub"]),
        .testTarget(
            name: "AtlasWebTests",
            dependencies: [
                "AtlasWeb", "AtlasCharts", "AtlasRefresh", "AtlasCore", "AtlasStore", "AtlasSource", "Routing",
                "HTTPCore", "CZlib", "UpstreamStub", "Formats", "Localization", "TestPostgres", "TestSupport",
            ]),
        // The table of targets in docs/architecture.md against Package.swift and the import lines.
        .testTarget(name: "LayeringTests"),
        // Depends on the executable only so that `swift test` builds it; the tests run the binary.
        .testTarget(
            name: "EndToEndTests", dependencies: ["covid-atlas", "UpstreamStub", "TestPostgres", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
