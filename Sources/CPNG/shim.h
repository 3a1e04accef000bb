// libpng's simplified API uses function-like macros that Swift cannot import;
// these inline functions give Swift their values.
#include <png.h>

static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 cpng_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 cpng_format_linear_rgba(void) { return PNG_FORMAT_LINEAR_RGB_ALPHA; }
static inline png_uint_32 cpng_format_flag_linear(void) { return PNG_FORMAT_FLAG_LINEAR; }
static inline png_uint_32 cpng_flag_16bit_srgb(void) { return PNG_IMAGE_FLAG_16BIT_sRGB; }
static inline int cpng_image_failed(const png_image *image) { return PNG_IMAGE_FAILED(*image); }
