#ifndef ASSETS_JPEG_SHIM_H
#define ASSETS_JPEG_SHIM_H

/// The libjpeg shim: the only place setjmp/longjmp meet libjpeg. Filled in by the JPEG decoder work.
int assets_jpeg_library_version(void);

#endif
