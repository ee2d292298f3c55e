// OpenSSL's libcrypto (Debian libssl-dev): SHA-256 and HMAC for session ids and CSRF tokens,
// CRYPTO_memcmp for comparing secrets in constant time, RAND_bytes for session ids.
#include <openssl/crypto.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rand.h>
