// LibRaw for Swift: camera RAW files (their embedded previews, and full renders).
#include <libraw.h>
