#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift cannot import;
// binding with it makes SQLite copy the bytes before the Swift buffer goes away (docs/field-cases.md B20).
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic, which Swift cannot call. Memory statistics off: with them on (the
// default), every allocation of every connection takes one process-wide mutex, which the event-loop
// threads' read connections then queue on. Must run before SQLite initialises (the first open);
// returns SQLITE_MISUSE after that.
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
