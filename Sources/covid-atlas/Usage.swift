/// The text of `covid-atlas --help`.
let usageText = """
    Covid Atlas — COVID-19 statistics by country, served as web pages.

    Usage:
      covid-atlas serve   [--host 127.0.0.1] [--port 8080] [--database covid-atlas.sqlite]
                          [--source https://disease.sh] [--refresh-interval SECONDS]
                          [--views Views] [--public Public] [--leaflet /usr/share/javascript/leaflet]
                          [--data data] [--stale-after SECONDS] [--trust-forwarded-proto] [fetch limits]
                          [--tile-url https://tile.openstreetmap.org/{z}/{x}/{y}.png] [--log-format text|json]
      covid-atlas import  FILE [--all FILE] [--database PATH]
      covid-atlas refresh [--database PATH] [--source URL] [fetch limits]
      covid-atlas --help | --version

    serve    Serves the site; the default command. On first start with an empty database it imports
             the shipped snapshot from --data. --port 0 binds a free port; the first line printed is
             "listening on http://HOST:PORT". SIGTERM or SIGINT stop it gracefully.
             --trust-forwarded-proto: behind a TLS-terminating proxy, X-Forwarded-Proto: https
             marks the session cookie Secure.
             Access log on standard output, one line per request; --log-format json writes
             every log line (but the first) as one JSON object.
    import   Loads a saved disease.sh /v3/covid-19/countries response (and /all with --all)
             into the database in one transaction.
    refresh  Fetches live data from --source (default https://disease.sh) with a progress bar,
             validates it and replaces the stored snapshot in one transaction; prints what changed.
             Exit 0 also when the upstream answers 304 Not Modified.
             serve --refresh-interval SECONDS does the same in the background, retrying failures
             with backoff; pages are labelled stale after --stale-after (default 2 × the interval,
             or 24 h without refreshing).

    Fetch limits (whole seconds): --connect-timeout 10, --fetch-timeout 60 (whole transfer),
             --stall-timeout 20 (under 1 byte/s for this long aborts). Bodies over 20 MiB are refused.

    """
