#include "jpeg_shim.h"

#include <stdio.h>
#include <jpeglib.h>

int assets_jpeg_library_version(void) { return JPEG_LIB_VERSION; }
