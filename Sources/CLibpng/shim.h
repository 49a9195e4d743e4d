// libpng's simplified reading API (Debian: libpng-dev, libpng16-16 at run time). Its
// version and format constants are macros Swift cannot import, so the two calls the exam
// reader needs are wrapped here. Each frees everything it allocated, success or not.
//
// Nothing links libpng: `assess_png_load` opens libpng16.so.16 with dlopen the first time
// a picture is decoded, so that a run of `assess` without pictures does not load it, and
// the calls go through the functions it found.
#include <dlfcn.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// The three functions of libpng the reader calls.
typedef struct {
    int (*begin_read_from_memory)(png_imagep image, png_const_voidp memory, size_t size);
    int (*finish_read)(png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride,
                       void *colormap);
    void (*free)(png_imagep image);
} assess_png_library;

// Opens libpng16.so.16 and finds its functions. 0 on success; otherwise 1, with the
// reason in `message` (at most `message_size` bytes, NUL-terminated).
static inline int assess_png_load(assess_png_library *library, char *message, size_t message_size) {
    void *handle = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(message, message_size, "%s", reason ? reason : "libpng16.so.16 not found");
        return 1;
    }
    *(void **)&library->begin_read_from_memory = dlsym(handle, "png_image_begin_read_from_memory");
    *(void **)&library->finish_read = dlsym(handle, "png_image_finish_read");
    *(void **)&library->free = dlsym(handle, "png_image_free");
    if (!library->begin_read_from_memory || !library->finish_read || !library->free) {
        snprintf(message, message_size, "libpng16.so.16 lacks the simplified reading API");
        return 1;
    }
    return 0;
}

// Reads the header of the PNG in `data`: its size in pixels. 0 on success; otherwise 1,
// with libpng's reason in `message` (at most `message_size` bytes, NUL-terminated).
static inline int assess_png_size(const assess_png_library *png, const void *data, size_t size, uint32_t *width, uint32_t *height,
                                  char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png->begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        png->free(&image);
        return 1;
    }
    *width = image.width;
    *height = image.height;
    png->free(&image);
    return 0;
}

// Decodes the PNG in `data` into `pixels` as 8-bit RGBA, row after row with no padding.
// `pixels_size` must be 4 * width * height of its header; otherwise it fails. 0 on success,
// 1 with libpng's reason in `message` when the file is damaged.
static inline int assess_png_decode_rgba(const assess_png_library *png, const void *data, size_t size, uint8_t *pixels, size_t pixels_size,
                                         char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png->begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        png->free(&image);
        return 1;
    }
    image.format = PNG_FORMAT_RGBA;
    if (PNG_IMAGE_SIZE(image) != pixels_size) {
        snprintf(message, message_size, "the picture's size changed while it was read");
        png->free(&image);
        return 1;
    }
    if (!png->finish_read(&image, NULL, pixels, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        png->free(&image);
        return 1;
    }
    png->free(&image);
    return 0;
}
