#include <zlib.h>

// deflateInit2 is a macro around deflateInit2_ (it passes the library version and the stream's
// size), which Swift cannot import.
static inline int czlib_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

// inflateInit2 is a macro as well; 15 + 16 makes inflate expect a gzip wrapper (RFC 1952).
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}
