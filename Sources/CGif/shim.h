#ifndef ASSETS_CGIF_SHIM_H
#define ASSETS_CGIF_SHIM_H
// giflib ships no pkg-config file on Homebrew (nor in its own install), so nothing tells the compiler
// where Homebrew put gif_lib.h: after the search path (Linux's /usr/include, pkg-config's -I where a
// distribution adds libgif.pc), Homebrew's two prefixes, Apple silicon's then Intel's.
#if __has_include(<gif_lib.h>)
#include <gif_lib.h>
#elif __has_include("/opt/homebrew/include/gif_lib.h")
#include "/opt/homebrew/include/gif_lib.h"
#elif __has_include("/usr/local/include/gif_lib.h")
#include "/usr/local/include/gif_lib.h"
#else
#error "gif_lib.h not found: install giflib (apt install libgif-dev; brew install giflib)"
#endif
// giflib 5.1 and later (Debian and Ubuntu ship 5.2, Homebrew 6.1): the openers and closers take an error
// pointer from 5.1 on. 6.0 changed only EGifSpew (an error pointer added; not called here) and the values of
// the E_GIF_ERR_* codes (1-10 in 5.x, 201-210 in 6.x), which the encoder only passes to GifErrorString of the same
// library; the D_GIF_ERR_* codes the reader compares, the record and extension calls and the structs the
// Swift code reads (GifFileType, SavedImage, ExtensionBlock, ColorMapObject, GraphicsControlBlock) are the same.
// Built and tested against giflib 6.1.3 (its own Makefile; -Xcc -I, -Xlinker -L, LD_LIBRARY_PATH, a scratch path
// of its own): the GIF tests pass. One behaviour differs from Debian's 5.2.1, and is met before giflib is asked
// (GIFRecordReader.readImageDescriptor): a file that ends just before a frame's LZW code size byte fails with the
// error code left at 0 in 5.2.1 and with D_GIF_ERR_READ_FAILED from 5.2.2 on.
#if !defined(GIFLIB_MAJOR) || GIFLIB_MAJOR < 5 || (GIFLIB_MAJOR == 5 && GIFLIB_MINOR < 1)
#error "giflib 5.1 or later is needed (DGifCloseFile and EGifCloseFile with an error pointer)"
#endif
#endif
