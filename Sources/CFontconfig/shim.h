// fontconfig, to find the system's sans-serif font for labels and the HUD.
#include <fontconfig/fontconfig.h>
