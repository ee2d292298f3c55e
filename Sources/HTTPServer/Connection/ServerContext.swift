import HTTPCore

/// What every connection of one server shares: the configuration, the responder, and the timeouts
/// converted to nanoseconds once.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let responder: any Responder
    let timeouts: ConnectionTimeouts
    let maxPipelinedRequests: Int

    init(configuration: ServerConfiguration, responder: any Responder) {
        self.configuration = configuration
        self.responder = responder
        timeouts = ConnectionTimeouts(
            headerRead: configuration.headerReadTimeout.nanosecondsIfPositive,
            idle: configuration.idleTimeout.nanosecondsIfPositive,
            write: configuration.writeTimeout.nanosecondsIfPositive,
            linger: Connection.lingerTime)
        maxPipelinedRequests = max(1, configuration.maxPipelinedRequests)
    }
}
