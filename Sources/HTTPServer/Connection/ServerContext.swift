import HTTPCore

/// What every connection of one server shares: the configuration, the responder, and the timeouts
/// converted to nanoseconds once.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let responder: any Responder
    let headerReadTimeout: UInt64?
    let idleTimeout: UInt64?
    let writeTimeout: UInt64?
    let maxPipelinedRequests: Int

    init(configuration: ServerConfiguration, responder: any Responder) {
        self.configuration = configuration
        self.responder = responder
        headerReadTimeout = configuration.headerReadTimeout.nanosecondsIfPositive
        idleTimeout = configuration.idleTimeout.nanosecondsIfPositive
        writeTimeout = configuration.writeTimeout.nanosecondsIfPositive
        maxPipelinedRequests = max(1, configuration.maxPipelinedRequests)
    }
}
