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
#endif
