#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift cannot import;
// binding with it makes SQLite copy the bytes before the Swift buffer goes away (FIELD-CASES B20).
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
