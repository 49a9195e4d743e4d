// The part of chafa's C API the screens use (Debian: libchafa0 at run time), which turns
// pixels into character mosaics.
//
// Nothing links chafa, nor includes its headers (which need GLib's): `assess_chafa_load`
// opens libchafa.so.0 with dlopen the first time a picture is converted, so that a run of
// `assess` without pictures loads neither chafa nor GLib, and the calls go through the
// functions it found. The types are opaque here; the enumerations' values are chafa's
// stable ABI (chafa-canvas-config.h, chafa-common.h, chafa-symbol-map.h of chafa 1.12).
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    // ChafaSymbolTags
    ASSESS_CHAFA_TAG_SPACE = 1 << 0,
    ASSESS_CHAFA_TAG_SOLID = 1 << 1,
    ASSESS_CHAFA_TAG_BLOCK = 1 << 3,
    // ChafaCanvasMode
    ASSESS_CHAFA_CANVAS_INDEXED_8 = 6,
    ASSESS_CHAFA_CANVAS_TRUECOLOR = 0,
    // ChafaPixelType
    ASSESS_CHAFA_RGBA8_UNASSOCIATED = 4,
    // ChafaPixelMode
    ASSESS_CHAFA_PIXELS_SIXEL = 1,
    ASSESS_CHAFA_PIXELS_KITTY = 2,
};

// GLib's GString, as chafa_canvas_print returns it.
typedef struct {
    char *str;
    size_t len;
    size_t allocated_len;
} assess_chafa_gstring;

// The functions of chafa the screens call.
typedef struct {
    void *(*symbol_map_new)(void);
    void (*symbol_map_add_by_tags)(void *map, int tags);
    void (*symbol_map_unref)(void *map);
    void *(*config_new)(void);
    void (*config_set_canvas_mode)(void *config, int mode);
    void (*config_set_geometry)(void *config, int width, int height);
    void (*config_set_symbol_map)(void *config, const void *map);
    void (*config_unref)(void *config);
    void *(*canvas_new)(const void *config);
    void (*canvas_draw_all_pixels)(void *canvas, int type, const uint8_t *pixels, int width, int height, int stride);
    uint32_t (*canvas_get_char_at)(void *canvas, int x, int y);
    void (*canvas_get_raw_colors_at)(void *canvas, int x, int y, int *ink, int *paper);
    void (*canvas_unref)(void *canvas);
    void (*config_set_pixel_mode)(void *config, int mode);
    void (*config_set_cell_geometry)(void *config, int width, int height);
    void *(*term_db_get_default)(void);
    void *(*term_db_get_fallback_info)(void *db);
    void (*term_info_unref)(void *info);
    assess_chafa_gstring *(*canvas_print)(void *canvas, void *info);
    char *(*g_string_free)(assess_chafa_gstring *string, int free_segment);
} assess_chafa_library;

// Opens libchafa.so.0 and finds its functions. 0 on success; otherwise 1, with the
// reason in `message` (at most `message_size` bytes, NUL-terminated).
static inline int assess_chafa_load(assess_chafa_library *library, char *message, size_t message_size) {
    void *handle = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(message, message_size, "%s", reason ? reason : "libchafa.so.0 not found");
        return 1;
    }
    struct {
        void **slot;
        const char *name;
    } wanted[] = {
        {(void **)&library->symbol_map_new, "chafa_symbol_map_new"},
        {(void **)&library->symbol_map_add_by_tags, "chafa_symbol_map_add_by_tags"},
        {(void **)&library->symbol_map_unref, "chafa_symbol_map_unref"},
        {(void **)&library->config_new, "chafa_canvas_config_new"},
        {(void **)&library->config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode"},
        {(void **)&library->config_set_geometry, "chafa_canvas_config_set_geometry"},
        {(void **)&library->config_set_symbol_map, "chafa_canvas_config_set_symbol_map"},
        {(void **)&library->config_unref, "chafa_canvas_config_unref"},
        {(void **)&library->canvas_new, "chafa_canvas_new"},
        {(void **)&library->canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels"},
        {(void **)&library->canvas_get_char_at, "chafa_canvas_get_char_at"},
        {(void **)&library->canvas_get_raw_colors_at, "chafa_canvas_get_raw_colors_at"},
        {(void **)&library->canvas_unref, "chafa_canvas_unref"},
        {(void **)&library->config_set_pixel_mode, "chafa_canvas_config_set_pixel_mode"},
        {(void **)&library->config_set_cell_geometry, "chafa_canvas_config_set_cell_geometry"},
        {(void **)&library->term_db_get_default, "chafa_term_db_get_default"},
        {(void **)&library->term_db_get_fallback_info, "chafa_term_db_get_fallback_info"},
        {(void **)&library->term_info_unref, "chafa_term_info_unref"},
        {(void **)&library->canvas_print, "chafa_canvas_print"},
        // GLib's, found through chafa's handle (chafa depends on GLib).
        {(void **)&library->g_string_free, "g_string_free"},
    };
    for (size_t index = 0; index < sizeof wanted / sizeof wanted[0]; index++) {
        *wanted[index].slot = dlsym(handle, wanted[index].name);
        if (!*wanted[index].slot) {
            snprintf(message, message_size, "libchafa.so.0 lacks %s; install chafa 1.8 or later", wanted[index].name);
            return 1;
        }
    }
    return 0;
}

// Draws `width` × `height` RGBA pixels (unassociated alpha, rows without padding) as
// `columns` × `rows` cells of block symbols (halves, quadrants, eighths, the full block
// and the space), each cell's symbol in one of the eight basic terminal colours on
// another (chafa's 8-colour mode). Each cell's character (a Unicode scalar) goes to
// `cells`, its symbol's colour to `inks` and the rest's to `papers` (0 black … 7 white),
// row after row. Returns 0, or 1 when chafa could not make the canvas.
static inline int assess_chafa_mosaic(const assess_chafa_library *chafa, const uint8_t *pixels, int width,
                                      int height, int columns, int rows, uint32_t *cells, uint8_t *inks,
                                      uint8_t *papers) {
    void *symbols = chafa->symbol_map_new();
    chafa->symbol_map_add_by_tags(symbols, ASSESS_CHAFA_TAG_BLOCK | ASSESS_CHAFA_TAG_SPACE | ASSESS_CHAFA_TAG_SOLID);
    void *config = chafa->config_new();
    chafa->config_set_canvas_mode(config, ASSESS_CHAFA_CANVAS_INDEXED_8);
    chafa->config_set_geometry(config, columns, rows);
    chafa->config_set_symbol_map(config, symbols);
    void *canvas = chafa->canvas_new(config);
    int status = 1;
    if (canvas) {
        chafa->canvas_draw_all_pixels(canvas, ASSESS_CHAFA_RGBA8_UNASSOCIATED, pixels, width, height, width * 4);
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < columns; x++) {
                int ink = 0, paper = 0;
                cells[y * columns + x] = chafa->canvas_get_char_at(canvas, x, y);
                chafa->canvas_get_raw_colors_at(canvas, x, y, &ink, &paper);
                // A transparent paper (negative) is the terminal's black.
                inks[y * columns + x] = (uint8_t)(ink < 0 ? 0 : ink & 7);
                papers[y * columns + x] = (uint8_t)(paper < 0 ? 0 : paper & 7);
            }
        }
        chafa->canvas_unref(canvas);
        status = 0;
    }
    chafa->config_unref(config);
    chafa->symbol_map_unref(symbols);
    return status;
}

// Draws `width` × `height` RGBA pixels as a picture in a graphics protocol (`pixel_mode`:
// ASSESS_CHAFA_PIXELS_SIXEL or ASSESS_CHAFA_PIXELS_KITTY) filling `columns` × `rows` cells
// of `cell_width` × `cell_height` pixels, in chafa's escape sequences for a terminal that
// speaks them all (its fallback terminal). Returns the bytes, `*length` of them, to be
// released with `free`; NULL when chafa could not make the canvas.
static inline char *assess_chafa_graphics(const assess_chafa_library *chafa, const uint8_t *pixels, int width,
                                          int height, int columns, int rows, int cell_width, int cell_height,
                                          int pixel_mode, size_t *length) {
    void *config = chafa->config_new();
    chafa->config_set_canvas_mode(config, ASSESS_CHAFA_CANVAS_TRUECOLOR);
    chafa->config_set_pixel_mode(config, pixel_mode);
    chafa->config_set_geometry(config, columns, rows);
    chafa->config_set_cell_geometry(config, cell_width, cell_height);
    void *canvas = chafa->canvas_new(config);
    char *bytes = NULL;
    if (canvas) {
        chafa->canvas_draw_all_pixels(canvas, ASSESS_CHAFA_RGBA8_UNASSOCIATED, pixels, width, height, width * 4);
        void *info = chafa->term_db_get_fallback_info(chafa->term_db_get_default());
        assess_chafa_gstring *printed = chafa->canvas_print(canvas, info);
        if (printed) {
            bytes = malloc(printed->len ? printed->len : 1);
            if (bytes) {
                memcpy(bytes, printed->str, printed->len);
                *length = printed->len;
            }
            chafa->g_string_free(printed, 1);
        }
        chafa->term_info_unref(info);
        chafa->canvas_unref(canvas);
    }
    chafa->config_unref(config);
    return bytes;
}
