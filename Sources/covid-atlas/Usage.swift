import AtlasRefresh
import AtlasWeb

/// The text of `covid-atlas --help`. The synopsis lines come from `CommandOptions`, so every option
/// and default shown is the one the parser uses; docs/operations.md repeats them (a test keeps it so).
let usageText: String = {
    let limits = DataSettings.Defaults.self
    let synopsis =
        (CommandOptions.synopsis("serve") + CommandOptions.synopsis("import", arguments: "FILE")
        + CommandOptions.synopsis("refresh") + ["covid-atlas --help | --version"])
        .map { "  " + $0 }.joined(separator: "\n")
    let staleAfterHours = AtlasConfiguration.Defaults.staleAfterSeconds / 3600
    return """
        Covid Atlas — COVID-19 statistics by country, served as web pages.

        Usage:
        \(synopsis)

        serve    Serves the site; the default command. On first start with an empty database it imports
                 the shipped snapshot from --data. --port 0 binds a free port; the first line printed is
                 "listening on http://HOST:PORT". SIGTERM or SIGINT stop it gracefully.
                 Behind a proxy: --trust-forwarded-proto (X-Forwarded-Proto: https marks the session
                 cookie Secure), --trust-forwarded-for (the client address is X-Forwarded-For's last
                 entry), --trust-forwarded-host (forms are checked against X-Forwarded-Host).
                 --new-visitors-per-minute: first stored rows per client address (0: no limit; then 429).
                 --max-connections-per-client: per IPv4 address or IPv6 /64 (0: no limit).
                 --max-connections: open client connections at once; at the limit the oldest idle
                 one is closed for a new one, which waits in the listen backlog only while every
                 connection is busy (each needs a file descriptor: ulimit -n).
                 --max-form-age: a POST the proxy passed on (X-Request-Start) longer ago than this
                 is answered 503 and not applied (0: no limit).
                 Access log on standard output, one line per request; --log-format json writes
                 every log line (but the first) as one JSON object.
        --database  A SQLite file (created when missing), or a PostgreSQL URI that several processes
                 share, e.g. postgresql://atlas@127.0.0.1:5432/atlas (the password from the URI,
                 PGPASSWORD or ~/.pgpass; never printed). --database-connections: the most it opens,
                 and the worker threads that wait on it. --database-wait: how long a start waits for
                 a database that cannot be reached yet, retrying (0: exit 1 at once).
                 --database-password-file: the PostgreSQL password is this file's first line (a
                 Docker secret), overriding the URI's, PGPASSWORD and ~/.pgpass.
        import   Loads a saved disease.sh /v3/covid-19/countries response (and /all with --all, and
                 /historical?lastdays=all with --historical, plain or gzipped) into the database in
                 one transaction. FILE - with --historical imports only the history.
        refresh  Fetches live data from --source with a progress bar (/countries, /all and
                 /historical?lastdays=all) and Our World in Data's vaccinations.csv from
                 --vaccinations-source (off: none), validates them and replaces what changed in one
                 transaction; prints what changed.
                 Exit 0 also when the upstream answers 304 Not Modified.
                 serve --refresh-interval SECONDS does the same in the background, retrying failures
                 with backoff; pages are labelled stale after --stale-after (default 2 × the interval,
                 or \(staleAfterHours) h without refreshing).

        Fetch limits (whole seconds): --connect-timeout, --fetch-timeout (the whole transfer),
                 --stall-timeout (once the request is out, this long under \(limits.lowSpeedBytesPerSecond) byte/s aborts:
                 that many seconds after the last bytes). \
        Bodies over \(limits.maxBodyBytes >> 20) MiB
                 (the history's over \(limits.maxHistoricalBodyBytes >> 20) MiB, vaccinations.csv's over \(limits.maxVaccinationsBodyBytes >> 20) MiB) are refused.

        """
}()
