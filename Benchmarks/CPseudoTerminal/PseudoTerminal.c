#define _GNU_SOURCE
#include "CPseudoTerminal.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int bench_open_pseudo_terminal(char *path, int path_size) {
    // Close-on-exec: no other session started later holds this one's terminal open.
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, path, (size_t)path_size) != 0) {
        int saved = errno;
        close(master);
        errno = saved;
        return -1;
    }
    return master;
}

int bench_spawn_in_new_session(posix_spawnattr_t *attributes) {
    return posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETSID);
}
