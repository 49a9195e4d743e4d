// The Hunspell C API (Debian: libhunspell-dev); pkg-config "hunspell" supplies the
// include path and the library (libhunspell-1.7).
#include <hunspell/hunspell.h>
