// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "preflight",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "preflight", targets: ["preflight"]),
        .executable(name: "preflight-gen", targets: ["preflight-gen"]),
    ],
    targets: [
        // MARK: - C libraries from Debian packages
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // One-line C forwards for the variadic C calls Swift cannot make.
        .target(name: "CPreflightShims", dependencies: ["CMicroHTTPD", "CCurl"]),

        // MARK: - Swift modules
        .target(name: "PreflightCore"),
        // What the host gives the process (usable CPUs); Glibc only.
        .target(name: "PreflightHost"),
        .target(name: "PreflightHTTP", dependencies: ["PreflightHost", "CMicroHTTPD", "CPreflightShims"]),
        .target(
            name: "PreflightFetch",
            dependencies: ["PreflightCore", "PreflightHost", "CCurl", "CCrypto", "CPreflightShims"]
        ),
        .target(
            name: "PreflightService",
            dependencies: [
                "PreflightCore", "PreflightHost", "PreflightHTTP", "PreflightFetch", "CPreflightShims", "CCrypto",
            ],
            // Compiled into the binary as `PackageResources.<name>` byte arrays: no resource bundle
            // to ship beside it, so a binary copied alone (or into an image) still serves them.
            resources: [
                .embedInCode("Resources/openapi.json"),
                .embedInCode("Resources/playground/index.html"),
                .embedInCode("Resources/playground/playground.css"),
                .embedInCode("Resources/playground/playground.js"),
            ]
        ),
        .executableTarget(
            name: "preflight", dependencies: ["PreflightCore", "PreflightFetch", "PreflightHost", "PreflightService"],
            exclude: ["hot-functions.order"],
            linkerSettings: [.unsafeFlags(hotFunctionsFirst, releaseOnLinux)]
        ),
        // The files copied from the Swift catalogues (docs/findings.md, openapi.json's enum, the
        // version in the manifests, the presets table), rendered without I/O; `preflight-gen` writes them.
        .target(name: "PreflightGen", dependencies: ["PreflightCore"]),
        .executableTarget(name: "preflight-gen", dependencies: ["PreflightCore", "PreflightGen"]),

        // MARK: - Tests
        .testTarget(name: "PreflightCoreTests", dependencies: ["PreflightCore"]),
        .testTarget(name: "PreflightFetchTests", dependencies: ["PreflightCore", "PreflightFetch"]),
        .testTarget(name: "PreflightHTTPTests", dependencies: ["PreflightHTTP"]),
        .testTarget(name: "PreflightGenTests", dependencies: ["PreflightCore", "PreflightGen"]),
        .testTarget(
            name: "PreflightServiceTests",
            dependencies: ["PreflightCore", "PreflightHost", "PreflightHTTP", "PreflightFetch", "PreflightService"]
        ),
    ]
)

// The release link on Linux: lld (the toolchain's), each function in its own section, the
// functions Sources/preflight/hot-functions.order names placed first and in its order
// (`--symbol-ordering-file`), and the relocations kept (`--emit-relocs`): `make release` then
// has BOLT lay out the hot code of those functions from a profile of the requests
// (scripts/bolt.sh; bench/RESULTS.md). scripts/hot-functions.py writes the list from callgrind
// profiles; a function missing from it is only placed elsewhere.
var releaseOnLinux: BuildSettingCondition { .when(platforms: [.linux], configuration: .release) }
var hotFunctionsFirst: [String] {
    [
        "-use-ld=lld", "-Xlinker", "--emit-relocs",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/preflight/hot-functions.order",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
}
for target in package.targets where target.type != .system {
    if target.name == "CPreflightShims" {
        target.cSettings = [.unsafeFlags(["-ffunction-sections"], releaseOnLinux)]
        continue
    }
    var settings = target.swiftSettings ?? []
    settings.append(.unsafeFlags(["-Xfrontend", "-function-sections"], releaseOnLinux))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
