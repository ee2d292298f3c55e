// libpq, PostgreSQL's C client library (Debian's libpq-dev): https://www.postgresql.org/docs/15/libpq.html
#include <libpq-fe.h>
