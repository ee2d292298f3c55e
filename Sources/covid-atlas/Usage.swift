/// The text of `covid-atlas --help`.
let usageText = """
    Covid Atlas — COVID-19 statistics by country, served as web pages.

    Usage:
      covid-atlas serve   [--host 127.0.0.1] [--port 8080] [--database covid-atlas.sqlite]
                          [--source https://disease.sh] [--refresh-interval SECONDS]
                          [--views Views] [--public Public] [--leaflet /usr/share/javascript/leaflet]
                          [--data data] [--stale-after SECONDS] [--log-format text|json]
      covid-atlas import  FILE [--all FILE] [--database PATH]
      covid-atlas refresh [--database PATH] [--source URL]
      covid-atlas --help | --version

    serve    Serves the site. On first start with an empty database it imports the shipped snapshot
             from --data. --port 0 binds a free port; the first line printed is
             "listening on http://HOST:PORT". SIGTERM or SIGINT stop it gracefully.
             Access log on standard output, one line per request; --log-format json writes
             every log line (but the first) as one JSON object.
    import   Loads a saved disease.sh /v3/covid-19/countries response (and /all with --all)
             into the database in one transaction.
    refresh  Fetches live data from --source and replaces the stored snapshot.

    """
