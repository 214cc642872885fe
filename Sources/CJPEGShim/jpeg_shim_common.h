/*
 * What every libjpeg shim of this target shares (not exported to Swift): the error manager that keeps the
 * jump buffer beside it, counts warnings and prints nothing, and the growing memory destination a
 * compressor writes into.
 */
#ifndef ASSETS_JPEG_SHIM_COMMON_H
#define ASSETS_JPEG_SHIM_COMMON_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jpeglib.h>

/* libjpeg leaves by longjmp on a fatal error: the jmp_buf lives beside its error manager, and every entry
   point sets it before its first libjpeg call, so Swift is never on the stack between setjmp and longjmp. */
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    /* Warnings libjpeg raised (corrupt data it could read past). */
    int warnings;
    char message[JMSG_LENGTH_MAX];
} assets_jpeg_error;

/* Clears `error`, points `*slot` (a cinfo's `err`) at it: fatal errors format `message` and longjmp to
   `jump`; warnings are counted; nothing is printed. */
void assets_jpeg_install_errors(assets_jpeg_error *error, struct jpeg_error_mgr **slot);

/* A growing memory destination we own, so a failure midway can always free what was written. */
typedef struct {
    struct jpeg_destination_mgr pub;
    uint8_t *bytes;
    size_t capacity;
} assets_jpeg_destination;

/* Allocates `capacity` bytes and sets the callbacks; 0 on success, -1 when out of memory. */
int assets_jpeg_destination_start(assets_jpeg_destination *dest, size_t capacity);

/* Bytes written so far. */
size_t assets_jpeg_destination_count(const assets_jpeg_destination *dest);

#endif
