#ifndef INVOIC_LIBCRYPTO_H
#define INVOIC_LIBCRYPTO_H

#include <stddef.h>

/*
 * libcrypto (OpenSSL 3): the public-key and symmetric ciphers the national systems ask for
 * (KSeF: RSA-OAEP-SHA256 and AES-256-CBC, the offline certificate's signature of KOD II). Only
 * the EVP interface is used: one code path for RSA and EC keys.
 *
 * Opened with dlopen when a key is first read rather than linked: libcrypto's loading and
 * relocation cost every invoic command ~1 ms at start (issue 41 point 10), and only KSeF and
 * an offline certificate use it. The types and prototypes are OpenSSL's own headers'.
 */
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/rand.h>
#include <openssl/err.h>
#include <openssl/rsa.h>
#include <openssl/pkcs12.h>
#include <openssl/ec.h>
#include <openssl/bn.h>

#define INVOIC_LIBCRYPTO_FUNCTIONS(X) \
    X(ASN1_STRING_get0_data) \
    X(ASN1_STRING_length) \
    X(BIO_free) \
    X(BIO_new_mem_buf) \
    X(BN_CTX_free) \
    X(BN_CTX_new) \
    X(BN_bin2bn) \
    X(BN_bn2binpad) \
    X(BN_clear_free) \
    X(BN_cmp) \
    X(BN_free) \
    X(BN_is_zero) \
    X(BN_mod_add) \
    X(BN_mod_inverse) \
    X(BN_mod_mul) \
    X(BN_new) \
    X(BN_nnmod) \
    X(EC_GROUP_free) \
    X(EC_GROUP_get0_order) \
    X(EC_GROUP_new_by_curve_name) \
    X(EC_POINT_free) \
    X(EC_POINT_get_affine_coordinates) \
    X(EC_POINT_mul) \
    X(EC_POINT_new) \
    X(ERR_clear_error) \
    X(ERR_error_string_n) \
    X(ERR_get_error) \
    X(EVP_CIPHER_CTX_free) \
    X(EVP_CIPHER_CTX_new) \
    X(EVP_CipherFinal_ex) \
    X(EVP_CipherInit_ex) \
    X(EVP_CipherUpdate) \
    X(EVP_PKEY_CTX_free) \
    X(EVP_PKEY_CTX_new) \
    X(EVP_PKEY_CTX_set_rsa_mgf1_md) \
    X(EVP_PKEY_CTX_set_rsa_oaep_md) \
    X(EVP_PKEY_CTX_set_rsa_padding) \
    X(EVP_PKEY_encrypt) \
    X(EVP_PKEY_encrypt_init) \
    X(EVP_PKEY_free) \
    X(EVP_PKEY_get_base_id) \
    X(EVP_PKEY_get_bits) \
    X(EVP_PKEY_get_bn_param) \
    X(EVP_PKEY_get_utf8_string_param) \
    X(EVP_PKEY_sign) \
    X(EVP_PKEY_sign_init) \
    X(EVP_aes_256_cbc) \
    X(EVP_sha256) \
    X(PEM_read_bio_PrivateKey) \
    X(PEM_read_bio_X509) \
    X(PKCS12_free) \
    X(PKCS12_parse) \
    X(RAND_bytes) \
    X(X509_check_private_key) \
    X(X509_free) \
    X(X509_get_pubkey) \
    X(X509_get_serialNumber) \
    X(d2i_PKCS12) \
    X(d2i_PUBKEY) \
    X(d2i_X509) \
    X(i2d_PrivateKey)

#define INVOIC_LIBCRYPTO_FIELD(name) __typeof__(name) *_Nonnull name;
struct invoic_libcrypto_api {
    INVOIC_LIBCRYPTO_FUNCTIONS(INVOIC_LIBCRYPTO_FIELD)
};
#undef INVOIC_LIBCRYPTO_FIELD

/* libcrypto's functions, loaded once; NULL when libcrypto cannot be opened, with why in `error`. */
const struct invoic_libcrypto_api *_Nullable invoic_libcrypto_open(char *_Nonnull error, size_t error_size);

#endif
