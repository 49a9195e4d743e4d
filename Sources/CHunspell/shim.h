// The Hunspell C API (Debian: libhunspell-dev); pkg-config "hunspell" supplies the
// include path and the library (libhunspell-1.7).
#include <hunspell/hunspell.h>

// Opening a dictionary builds large temporary tables; glibc keeps the freed memory in
// its arenas unless asked to hand it back with malloc_trim.
#include <malloc.h>
