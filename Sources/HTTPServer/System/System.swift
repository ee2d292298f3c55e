import Glibc

/// Facts about the machine the server runs on.
public enum System {
    /// The number of online processors (sysconf(3) `_SC_NPROCESSORS_ONLN`), at least 1.
    public static var coreCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
