// libjxl for Swift: JPEG XL stills and the first frame of animations.
#include <jxl/decode.h>
