import Foundation
import Routing

/// What must be in place before the app starts, each missing piece one line naming the fix: the
/// folders, Leaflet's files (else the map quietly goes missing) and a flag (else all are placeholders).
enum StartupChecks {
    /// Checks the folders and returns the static files and their fingerprinted links.
    /// - Throws: `AtlasStartupError.missingDirectory` for a folder that does not exist,
    ///   `.notADirectory` for a path that is a file,
    ///   `.missingFile` for a `--leaflet` folder without Leaflet's files, `.noFlags` for a `--flags`
    ///   folder without a single `xx.svg`.
    static func verify(_ configuration: AtlasConfiguration) throws -> AssetLinks {
        for (role, path) in [
            ("views", configuration.viewsDirectory), ("catalogs", configuration.catalogsDirectory),
            ("public", configuration.publicDirectory),
            ("data", configuration.dataDirectory), ("Leaflet", configuration.leafletDirectory),
            ("flags", configuration.flagsDirectory),
        ] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw AtlasStartupError.missingDirectory(role: role, path: path)
            }
            guard isDirectory.boolValue else { throw AtlasStartupError.notADirectory(role: role, path: path) }
        }
        for file in AssetLinks.leafletFiles {
            let path = configuration.leafletDirectory + "/" + file
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw AtlasStartupError.missingFile(role: "Leaflet", path: path)
            }
        }
        let flagCodes = FlagImages.codes(inDirectory: configuration.flagsDirectory)
        guard !flagCodes.isEmpty else { throw AtlasStartupError.noFlags(path: configuration.flagsDirectory) }
        return AssetLinks(
            publicFiles: StaticFiles(root: configuration.publicDirectory),
            leafletFiles: StaticFiles(
                root: configuration.leafletDirectory, cachePolicy: .publicFor(seconds: CachePolicy.day)),
            flagFiles: StaticFiles(
                root: configuration.flagsDirectory, cachePolicy: FlagImages.cachePolicy,
                extraFields: FlagImages.securityFields),
            flagCodes: flagCodes)
    }
}
