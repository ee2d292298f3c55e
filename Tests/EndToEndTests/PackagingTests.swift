import Foundation
import Testing

/// What the image needs to build and to run (docs/field-cases.md B26): the -dev packages in the builder,
/// the runtime libraries and CA certificates in the slim image, TLS never switched off.
struct PackagingTests {
    let dockerfile: String

    init() throws { dockerfile = try String(contentsOfFile: packageRoot + "/Dockerfile", encoding: .utf8) }

    /// The text of the build stage and of the runtime stage.
    var stages: (build: Substring, runtime: Substring) {
        let parts = dockerfile.split(separator: "\nFROM ", omittingEmptySubsequences: false)
        return (parts.count > 1 ? parts[parts.count - 2] : "", parts.last ?? "")
    }

    @Test func theBuilderInstallsTheDevelopmentHeaders() {
        #expect(stages.build.contains("libsqlite3-dev"))
        #expect(stages.build.contains("libcurl4-openssl-dev"))
        #expect(stages.build.contains("swift build -c release"))
    }

    @Test func theRuntimeHasTheLibrariesCertificatesLeafletFlagsAndTheAppFiles() {
        for package in ["libsqlite3-0", "libcurl4", "ca-certificates", "libjs-leaflet", "iso-flags-svg"] {
            #expect(stages.runtime.contains(package), "runtime image lacks \(package)")
        }
        for folder in ["COPY Views", "COPY Public", "COPY data"] { #expect(stages.runtime.contains(folder)) }
    }

    @Test func itRunsAsANonRootUserOnAllInterfacesWithTheDatabaseOnAVolume() {
        #expect(stages.runtime.contains("USER atlas"))
        #expect(stages.runtime.contains("\"--host\", \"0.0.0.0\", \"--port\", \"8080\""))
        #expect(stages.runtime.contains("VOLUME [\"/data\"]"))
        #expect(stages.runtime.contains("/data/covid-atlas.sqlite"))
    }

    @Test func nothingTurnsTLSVerificationOff() throws {
        #expect(!dockerfile.lowercased().contains("insecure"))
        for file in try FileManager.default.subpathsOfDirectory(atPath: packageRoot + "/Sources")
        where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: packageRoot + "/Sources/" + file, encoding: .utf8)
            #expect(!text.contains("CURLOPT_SSL_VERIFYPEER, 0"), "\(file) turns peer verification off")
        }
    }
}
