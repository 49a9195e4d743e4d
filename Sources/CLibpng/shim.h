// libpng's simplified reading API (Debian: libpng-dev, libpng16-16 at run time). Its
// version and format constants are macros Swift cannot import, so the two calls the exam
// reader needs are wrapped here. Each frees everything it allocated, success or not.
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// Reads the header of the PNG in `data`: its size in pixels. 0 on success; otherwise 1,
// with libpng's reason in `message` (at most `message_size` bytes, NUL-terminated).
static inline int assess_png_size(const void *data, size_t size, uint32_t *width, uint32_t *height,
                                  char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return 1;
    }
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return 0;
}

// Decodes the PNG in `data` into `pixels` as 8-bit RGBA, row after row with no padding.
// `pixels_size` must be 4 * width * height of its header; otherwise it fails. 0 on success,
// 1 with libpng's reason in `message` when the file is damaged.
static inline int assess_png_decode_rgba(const void *data, size_t size, uint8_t *pixels, size_t pixels_size,
                                         char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return 1;
    }
    image.format = PNG_FORMAT_RGBA;
    if (PNG_IMAGE_SIZE(image) != pixels_size) {
        snprintf(message, message_size, "the picture's size changed while it was read");
        png_image_free(&image);
        return 1;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return 1;
    }
    png_image_free(&image);
    return 0;
}
