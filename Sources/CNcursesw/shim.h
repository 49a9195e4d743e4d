// What Swift cannot import from <ncursesw/curses.h> directly: the wide-character
// API needs NCURSES_WIDECHAR before the header, and the globals (stdscr, LINES,
// COLS) and function-like macros are read through static inline functions so that
// Swift 6's strict concurrency accepts them.
#ifndef ASSESS_CNCURSESW_SHIM_H
#define ASSESS_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *assess_stdscr(void) { return stdscr; }
static inline int assess_lines(void) { return LINES; }
static inline int assess_cols(void) { return COLS; }
static inline int assess_color_pair(int n) { return COLOR_PAIR(n); }
static inline int assess_key_code_yes(void) { return KEY_CODE_YES; }
static inline int assess_key_resize(void) { return KEY_RESIZE; }
static inline int assess_key_max(void) { return KEY_MAX; }
static inline int assess_err(void) { return ERR; }

#endif
