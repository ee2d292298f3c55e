/// The app's version, for `--version` and the `User-Agent` of upstream fetches.
public enum AtlasVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
