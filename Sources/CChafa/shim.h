// chafa's C API (Debian: libchafa-dev, and libglib2.0-dev for the GLib headers it
// includes); pkg-config "chafa" supplies the include paths and the libraries. Its symbol
// tags are flags Swift imports awkwardly, so the one conversion the screens need is here.
#include <chafa.h>
#include <stdint.h>

// Draws `width` × `height` RGBA pixels (unassociated alpha, rows without padding) as
// `columns` × `rows` cells of block symbols (halves, quadrants, eighths, the full block
// and the space), each cell's symbol in one of the eight basic terminal colours on
// another (chafa's 8-colour mode). Each cell's character (a Unicode scalar) goes to
// `cells`, its symbol's colour to `inks` and the rest's to `papers` (0 black … 7 white),
// row after row. Returns 0, or 1 when chafa could not make the canvas.
static inline int assess_chafa_mosaic(const uint8_t *pixels, int width, int height, int columns, int rows,
                                      uint32_t *cells, uint8_t *inks, uint8_t *papers) {
    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    chafa_symbol_map_add_by_tags(symbols, (ChafaSymbolTags)(CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_SPACE |
                                                            CHAFA_SYMBOL_TAG_SOLID));
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_8);
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_symbol_map(config, symbols);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    int status = 1;
    if (canvas) {
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, width * 4);
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < columns; x++) {
                int ink = 0, paper = 0;
                cells[y * columns + x] = chafa_canvas_get_char_at(canvas, x, y);
                chafa_canvas_get_raw_colors_at(canvas, x, y, &ink, &paper);
                // A transparent paper (negative) is the terminal's black.
                inks[y * columns + x] = (uint8_t)(ink < 0 ? 0 : ink & 7);
                papers[y * columns + x] = (uint8_t)(paper < 0 ? 0 : paper & 7);
            }
        }
        chafa_canvas_unref(canvas);
        status = 0;
    }
    chafa_canvas_config_unref(config);
    chafa_symbol_map_unref(symbols);
    return status;
}
