import Foundation

/// The repository's root, for the shipped data (`data/disease-sh/`).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
