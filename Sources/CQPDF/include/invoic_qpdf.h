#ifndef INVOIC_QPDF_H
#define INVOIC_QPDF_H

#include <stddef.h>
#include <qpdf/qpdf-c.h>

/*
 * The reading part of qpdf's C API: `invoic receive` finds an e-invoice embedded in a supplier's
 * PDF with it (InvoicInbox). invoic's own PDFs, Factur-X included, are written by InvoicPDF's
 * writer and never pass through qpdf. Opened with dlopen when a PDF is received rather than
 * linked: libqpdf and what it brings (GnuTLS, libstdc++, libjpeg, ...) cost every invoic command
 * ~3 ms in the dynamic loader and their constructors. The types and prototypes are qpdf's own
 * header's.
 */
#define INVOIC_QPDF_FUNCTIONS(X) \
    X(qpdf_cleanup) \
    X(qpdf_get_buffer) \
    X(qpdf_get_buffer_length) \
    X(qpdf_get_error) \
    X(qpdf_get_error_full_text) \
    X(qpdf_get_root) \
    X(qpdf_get_trailer) \
    X(qpdf_has_error) \
    X(qpdf_init) \
    X(qpdf_init_write_memory) \
    X(qpdf_make_indirect_object) \
    X(qpdf_oh_append_item) \
    X(qpdf_oh_get_array_item) \
    X(qpdf_oh_get_array_n_items) \
    X(qpdf_oh_get_name) \
    X(qpdf_oh_get_stream_data) \
    X(qpdf_oh_get_utf8_value) \
    X(qpdf_oh_is_array) \
    X(qpdf_oh_is_dictionary) \
    X(qpdf_oh_is_name) \
    X(qpdf_oh_is_stream) \
    X(qpdf_oh_is_string) \
    X(qpdf_oh_get_dict) \
    X(qpdf_oh_get_key) \
    X(qpdf_oh_has_key) \
    X(qpdf_oh_new_array) \
    X(qpdf_oh_new_dictionary) \
    X(qpdf_oh_new_null) \
    X(qpdf_oh_new_stream) \
    X(qpdf_oh_new_unicode_string) \
    X(qpdf_oh_parse) \
    X(qpdf_oh_remove_key) \
    X(qpdf_oh_replace_key) \
    X(qpdf_oh_replace_stream_data) \
    X(qpdf_read_memory) \
    X(qpdf_set_deterministic_ID) \
    X(qpdf_set_newline_before_endstream) \
    X(qpdf_set_minimum_pdf_version) \
    X(qpdf_set_object_stream_mode) \
    X(qpdf_set_suppress_warnings) \
    X(qpdf_silence_errors) \
    X(qpdf_write)

#define INVOIC_QPDF_FIELD(name) __typeof__(name) *_Nonnull name;
struct invoic_qpdf_api {
    INVOIC_QPDF_FUNCTIONS(INVOIC_QPDF_FIELD)
};
#undef INVOIC_QPDF_FIELD

/// qpdf's functions, loaded once; NULL with a message in `error` when libqpdf cannot be opened.
const struct invoic_qpdf_api *_Nullable invoic_qpdf_open(char *_Nonnull error, size_t error_size);

#endif
