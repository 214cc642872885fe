// Nothing to compile: the target only declares LLVMFuzzerRunDriver, which libclang_rt.fuzzer defines.
#include "CFuzzerDriver.h"
