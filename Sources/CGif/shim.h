#ifndef ASSETS_CGIF_SHIM_H
#define ASSETS_CGIF_SHIM_H
#include <gif_lib.h>
#endif
