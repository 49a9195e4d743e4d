// What Swift's Glibc module leaves out for the benchmark's pseudo-terminals: the
// X/Open pty calls and glibc's POSIX_SPAWN_SETSID, which need feature macros.
#ifndef ASSESS_BENCH_PSEUDO_TERMINAL_H
#define ASSESS_BENCH_PSEUDO_TERMINAL_H

#include <spawn.h>

/// Opens a new pseudo-terminal master (non-blocking, not the caller's controlling
/// terminal), grants and unlocks its slave, and writes the slave's path into `path`.
/// Returns the master's descriptor, or -1 with errno set.
int bench_open_pseudo_terminal(char *path, int path_size);

/// Asks posix_spawn to start the child in a new session (glibc runs setsid() before the
/// file actions, so the first terminal the child opens becomes its controlling terminal).
int bench_spawn_in_new_session(posix_spawnattr_t *attributes);

#endif
