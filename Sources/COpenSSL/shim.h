// libcrypto (OpenSSL 3): the public-key and symmetric ciphers the national systems ask for
// (KSeF: RSA-OAEP-SHA256 and AES-256-CBC, the offline certificate's signature of KOD II).
// Only the EVP interface is used: one code path for RSA and EC keys.
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/rand.h>
#include <openssl/err.h>
#include <openssl/rsa.h>
#include <openssl/pkcs12.h>
#include <openssl/ec.h>
#include <openssl/bn.h>
