#ifndef ASSETS_CJPEG_SHIM_H
#define ASSETS_CJPEG_SHIM_H
// The system library's header, for the module map: the shim target that includes it directly gets its
// -I and -L from this target's pkg-config file (Homebrew's keg included).
#include <stdio.h>
#include <jpeglib.h>
#endif
