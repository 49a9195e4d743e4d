// What Swift cannot import from <ncursesw/curses.h> directly: the wide-character
// API needs NCURSES_WIDECHAR before the header, and the globals (stdscr, LINES,
// COLS) and function-like macros are read through static inline functions so that
// Swift 6's strict concurrency accepts them.
#ifndef ASSESS_CNCURSESW_SHIM_H
#define ASSESS_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *assess_stdscr(void) { return stdscr; }
static inline int assess_lines(void) { return LINES; }
static inline int assess_cols(void) { return COLS; }
static inline int assess_color_pairs(void) { return COLOR_PAIRS; }

// Attribute bits (NCURSES_BITS macros).
static inline attr_t assess_a_normal(void) { return A_NORMAL; }
static inline attr_t assess_a_bold(void) { return A_BOLD; }
static inline attr_t assess_a_dim(void) { return A_DIM; }
static inline attr_t assess_a_underline(void) { return A_UNDERLINE; }
static inline attr_t assess_a_reverse(void) { return A_REVERSE; }

// errno is a macro over a thread-local; read and clear it here.
static inline int assess_errno(void) { return errno; }
static inline void assess_clear_errno(void) { errno = 0; }

// The character set of the current C locale ("UTF-8", "ANSI_X3.4-1968" ...).
static inline const char *assess_codeset(void) { return nl_langinfo(CODESET); }

// Draws one cell on stdscr: `chars` is a NUL-terminated wide string whose first
// character is spacing and the rest (at most CCHARW_MAX - 1) non-spacing.
static inline int assess_put_cell(int row, int column, const wchar_t *chars,
                                  attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attributes, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(stdscr, row, column, &cell);
}

// Draws one cell holding a single printable ASCII character on stdscr: the common cell,
// without a wide string built for it.
static inline int assess_put_ascii_cell(int row, int column, wchar_t character,
                                        attr_t attributes, short pair) {
    wchar_t chars[2] = { character, 0 };
    return assess_put_cell(row, column, chars, attributes, pair);
}

// Starts curses on the process's standard output and input (stdout and stdin are C
// globals). Unlike initscr, returns NULL instead of exiting when the terminal is unknown.
static inline SCREEN *assess_newterm(void) { return newterm(NULL, stdout, stdin); }

// The C library's display width of one wide character (-1 when the locale cannot
// print it). Declared here because <wchar.h> hides it without _XOPEN_SOURCE.
extern int wcwidth(wchar_t c);
static inline int assess_wcwidth(wchar_t c) { return wcwidth(c); }

// The most wide characters one cell may carry (spacing + non-spacing).
static inline int assess_cchar_max(void) { return CCHARW_MAX; }

#endif
